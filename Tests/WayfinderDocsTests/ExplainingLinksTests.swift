import Testing
import Wayfinder
import WayfinderRouteTools

/// The examples of `Wayfinder.docc/ExplainingLinks.md`, on the getting-started table.
@Suite struct ExplainingLinksTests {
    let graph = ShopRoutes.graph

    @Test func aRefusedLinkSaysWhereItStopped() {
        let explanation = graph.explain("shop://store/browse/item/abc")
        print(explanation.error?.message ?? "")       // segment 3 'abc': 'id' of screen 'item' must be an int
        print(explanation.stop?.segment ?? 0)          // 3
        print(explanation.stop?.tried[0].reason ?? "") // segment 3 'abc' is not an int ('id')

        #expect(explanation.error?.message == "segment 3 'abc': 'id' of screen 'item' must be an int")
        #expect(explanation.stop?.segment == 3)
        #expect(explanation.stop?.tried[0].reason == "segment 3 'abc' is not an int ('id')")
    }

    @Test func aLinkThatResolvesSaysWhatReadEachSegment() {
        let item = graph.explain("shop://store/browse/item/42")
        let readers = item.segments?.map(\.reader)
        // [.tab(screen: "browse"), .literal(screen: "item"), .parameter(screen: "item", name: "id", type: .int)]

        #expect(readers == [.tab(screen: "browse"), .literal(screen: "item"), .parameter(screen: "item", name: "id", type: .int)])
    }

    /// The article's text block is the explanation's text, line for line.
    @Test func theTextIsTheArticles() {
        #expect(graph.explain("shop://store/browse/item/abc").description == """
            link        shop://store/browse/item/abc
            refused     typeMismatch: segment 3 'abc': 'id' of screen 'item' must be an int
            flow        store (the host)
            segment 1   browse  the tab, screen 'browse'
            segment 2   item    not read
            segment 3   abc     not read
            screen      browse (root, segment 1)
            stopped     in the path, at segment 3
            read        through segment 1, up to screen 'browse'
            tried       item (item/{id:int}): segment 3 'abc' is not an int ('id')
            """)
    }
}
