import Testing
import Wayfinder

/// Query parameters with a default (`query page:int=1`): absent means the default; the
/// printer leaves a default value out; intents and restoration store the default.
@Suite struct QueryDefaultTests {
    static let table = """
        scheme shop
        flow store
        screen home  store root                   query sort:string=new
        screen list  store push list  after home  query page:int=1 size:int?
        screen item  store push item/{id:int} after list home
        """

    let graph = Fixtures.parse(table, file: "shop.routes")

    @Test func theTableKeepsEachDefault() throws {
        let list = try #require(graph.screen(named: "list"))
        #expect(list.query.map(\.defaultValue) == [.int(1), nil])
        #expect(list.query.map(\.isOptional) == [true, true])
        #expect(graph.screen(named: "home")?.query.first?.defaultValue == .string("new"))
    }

    @Test(arguments: ["shop://store/list", "shop://store/list?page=1", "shop://store/list?sort=new&page=1", "shop://store/list?sort=new"])
    func anAbsentOrDefaultValueReadsAsTheDefaultAndPrintsWithout(link: String) throws {
        let resolved = try graph.resolve(link)
        #expect(resolved.stack == [Route("home", ["sort": .string("new")]), Route("list", ["page": .int(1)])])
        #expect(resolved.url == "shop://store/list")
        #expect(resolved.value(step: 1, slot: 0) == .int(1))
        #expect(resolved.value(step: 1, slot: 1) == nil)
        #expect(resolved.jsonValue.serialized.contains(#"{"screen":"list","params":{"page":1}}"#))
    }

    @Test func otherValuesArePrintedAndReadBack() throws {
        let resolved = try graph.resolve("shop://store/list/item/4?page=2&sort=top&size=10")
        #expect(resolved.url == "shop://store/list/item/4?sort=top&page=2&size=10")
        #expect(try graph.resolve(resolved.url) == resolved)
        #expect(resolved.stack.last == Route("item", ["id": .int(4)]))
    }

    @Test func aValueOfAnotherTypeIsStillRefused() {
        #expect {
            _ = try graph.resolve("shop://store/list?page=two")
        } throws: { error in
            (error as? DeepLinkError)?.message.contains("'page' of screen 'list' must be an int") == true
        }
    }

    @Test func intentsAndRestorationStoreTheDefault() throws {
        var navigator = Navigator(graph: graph)
        #expect(navigator.state.activeStack?.root == Route("home", ["sort": .string("new")]))
        try navigator.push(Route("list"))
        #expect(navigator.state.activeStack?.top == Route("list", ["page": .int(1)]))
        #expect(navigator.url == "shop://store/list")
        let reopened = try graph.resolve(navigator.url)
        #expect(reopened.stack == navigator.state.activeStack?.routes)

        // A saved state that leaves a default out is restored with it.
        var saved = navigator.state
        saved.flows["store"]?.stacks[FlowState.singleStack]?.root = Route("home")
        var restored = Navigator(graph: graph)
        try restored.restore(saved)
        #expect(restored.state.activeStack?.root == Route("home", ["sort": .string("new")]))
        #expect(restored.url == "shop://store/list")
    }

    @Test(arguments: [
        ("query page:int=x", "4:55: default 'x' of query parameter 'page' is not an int"),
        ("query page:int?=1", "4:46: query parameter 'page' has a default, so it is optional already; drop the '?'"),
        ("query q:string=", "4:55: default '' of query parameter 'q' is not a string"),
        ("query id:uuid=7", "4:54: default '7' of query parameter 'id' is not a uuid"),
    ])
    func aBadDefaultIsReportedAtItsPlace(query: String, message: String) {
        let table = "scheme shop\nflow store\nscreen home store root\nscreen list store push list after home \(query)\n"
        #expect {
            _ = try RouteGraph(parsing: table, file: "t.routes")
        } throws: { error in
            guard let error = error as? RoutesFileError else { return false }
            return error.diagnostics.map(\.description).contains("t.routes:" + message)
        }
    }
}
