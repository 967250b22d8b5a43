import Testing
import Wayfinder
import WayfinderTesting

/// `NavigationTestStore` takes intents as closures without annotations, and reports an
/// error that is not a `NavigationError` as a refusal with the code `otherError`.
@MainActor
@Suite struct NavigationTestStoreClosureTests {
    private struct Unrelated: Error {}

    private static let graph: RouteGraph? = try? RouteGraph(parsing: """
        scheme shop
        flow shop tabs aisles basket
        screen aisles   shop.aisles   root
        screen basket   shop.basket   root
        screen item     shop          push   item/{id:int}   after aisles
        """, file: "shop.routes")

    @Test func anIntentWithoutAnnotationIsPerformedAndChecked() throws {
        let graph = try #require(Self.graph)
        let store = try NavigationTestStore(graph: graph)
        store.send({ try $0.push(Route("item", ["id": .int(7)])) }) {
            $0.stacks["shop/aisles"]?.append(Route("item", ["id": .int(7)]))
        }
        store.expectURL("shop://shop/aisles/item/7")
    }

    @Test func anotherErrorIsARefusalWithItsOwnCode() throws {
        let graph = try #require(Self.graph)
        let store = try NavigationTestStore(graph: graph)
        store.sendRefused(.otherError) { navigator in
            try navigator.selectTab("basket")
            throw Unrelated()
        }
        #expect(store.state.flows["shop"]?.selectedTab == "aisles")
    }
}
