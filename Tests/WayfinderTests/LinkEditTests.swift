import Testing
import Wayfinder

/// Opening a link makes the least change (``LinkEdit``): checked over random states and
/// links against what `resolve` says the link opens, and for each `reopen` policy.
@Suite struct LinkEditTests {
    /// Links into every flow, tab, depth and presentation of the fixture table, with a few
    /// values, so that random sequences of them share stacks in every way.
    static let links: [String] = {
        var links = ["demo://login", "demo://login/register", "demo://login/register/terms", "demo://login/forgot?email=a",
                     "demo://settings", "demo://settings/profile", "demo://settings/about", "demo://settings/logout",
                     "demo://main/me", "demo://main/me/compose", "demo://main/feed/compose", "demo://main/search?q=a", "demo://main/search?q=b"]
        for id in [1, 2] {
            for tab in ["feed", "search", "me"] {
                links.append("demo://main/\(tab)/post/\(id)")
                links.append("demo://main/\(tab)/post/\(id)/comments")
                links.append("demo://main/\(tab)/post/\(id)/comments/user/\(3 - id)")
                links.append("demo://main/\(tab)/post/\(id)/user/\(id)/post/\(3 - id)")
            }
        }
        return links
    }()

    /// A navigator signed in, after up to six random links and a random push, pop or dismissal.
    static func randomNavigator(using rng: inout SeededGenerator) throws -> Navigator {
        var navigator = Navigator(graph: Fixtures.graph)
        try navigator.grant("signed-in")
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            try navigator.open(links.randomElement(using: &rng) ?? "demo://login")
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: _ = try? navigator.pop()  // At a root or under a sheet: nothing to pop, and that is fine.
        case 1: _ = try? navigator.dismiss()  // Nothing presented: fine too.
        default: break
        }
        return navigator
    }

    @Test(arguments: 0..<4)
    func openingALinkGivesWhatResolveSaysWithTheLeastChange(batch: UInt64) throws {
        var rng = SeededGenerator(seed: 7_000 + batch)
        for _ in 0..<300 {
            var navigator = try Self.randomNavigator(using: &rng)
            let link = try Fixtures.graph.resolve(Self.links.randomElement(using: &rng) ?? "demo://login")
            let before = navigator.state
            let undoBefore = navigator.undoCount
            let edit = navigator.edit(opening: link)
            try navigator.open(link)
            let stack = try #require(navigator.state.activeStack)
            // What resolve says the link opens.
            #expect(navigator.state.activeFlow == link.flow)
            #expect(navigator.state.active?.selectedTab == link.tab)
            #expect(stack.routes == link.stack)
            #expect(stack.presentation?.route == link.presentation?.route)
            #expect(stack.presentation?.style == link.presentation?.style)
            // No longer than rebuilding: pop every screen but the root, replace the root,
            // push every screen of the link, dismiss and present.
            let current = before.flows[link.flow]?.stacks[link.tab ?? FlowState.singleStack]
            let rebuild = (current?.routes.count ?? 0) + link.stack.count + (current?.presentation == nil ? 0 : 1)
                + (link.presentation == nil ? 0 : 1) + (before.activeFlow == link.flow ? 0 : 1)
                + (link.tab != nil && before.flows[link.flow]?.selectedTab != link.tab ? 1 : 0)
            #expect(edit.length <= rebuild)
            // The screens kept keep their identity.
            if let current, edit.kept > 0 {
                #expect(Array(stack.path.prefix(edit.kept - 1)) == Array(current.path.prefix(edit.kept - 1)))
            }
            // One undo step, or none when nothing changed.
            #expect(navigator.undoCount == (edit.isEmpty ? undoBefore : min(undoBefore + 1, navigator.historyLimit)))
            #expect(edit.isEmpty == (navigator.state == before))
            // A second application changes nothing, identities included.
            let after = navigator.state
            #expect(navigator.edit(opening: link).isEmpty)
            try navigator.open(link)
            #expect(navigator.state == after)
            // One undo gives back the state before, identities included.
            if !edit.isEmpty {
                try navigator.undo()
                #expect(navigator.state == before)
            }
        }
    }

    @Test func aLinkToTheScreenBelowPopsToIt() throws {
        var navigator = Navigator(graph: Fixtures.graph)
        try navigator.grant("signed-in")
        try navigator.open("demo://main/feed/post/7/comments")
        let post = try #require(navigator.state.activeStack?.path.first)
        let edit = navigator.edit(opening: try Fixtures.graph.resolve("demo://main/feed/post/7"))
        #expect(edit.description == "pop comments")
        #expect(edit.kept == 2)
        try navigator.open("demo://main/feed/post/7")
        #expect(navigator.state.activeStack?.path == [post])
        #expect(navigator.edit(opening: try Fixtures.graph.resolve("demo://main/feed/post/7")).description == "nothing")
    }

    @Test func anotherValueReplacesFromThatScreenUp() throws {
        var navigator = Navigator(graph: Fixtures.graph)
        try navigator.grant("signed-in")
        try navigator.open("demo://main/feed/post/7/comments")
        let edit = navigator.edit(opening: try Fixtures.graph.resolve("demo://main/search/post/8"))
        #expect(edit.description == "select tab search; push post(id: 8)")
        let other = navigator.edit(opening: try Fixtures.graph.resolve("demo://main/feed/post/8"))
        #expect(other.description == "pop comments; pop post(id: 7); push post(id: 8)")
        let sheet = navigator.edit(opening: try Fixtures.graph.resolve("demo://settings/about"))
        #expect(sheet.steps == ["show flow settings", "present about (sheet)"])
    }

    static let policyTable = """
        scheme p
        flow app
        screen home   app root
        screen list   app push   list         after home    reopen PUSH
        screen item   app push   item/{n:int} after list    reopen ITEM
        screen note   app sheet  note         after item
        """

    static func policyGraph(list: RouteGraph.ReopenPolicy, item: RouteGraph.ReopenPolicy) -> RouteGraph {
        Fixtures.parse(
            policyTable.replacingOccurrences(of: "PUSH", with: list.rawValue).replacingOccurrences(of: "ITEM", with: item.rawValue),
            file: "policy.routes")
    }

    @Test func pushShowsTheScreenAfreshAboveWhatIsBelowIt() throws {
        let graph = Self.policyGraph(list: .reuse, item: .push)
        var navigator = Navigator(graph: graph)
        try navigator.open("p://app/list/item/1/note")
        let list = try #require(navigator.state.activeStack?.path.first)
        let item = try #require(navigator.state.activeStack?.path.last)
        let edit = navigator.edit(opening: try graph.resolve("p://app/list/item/1"))
        #expect(edit.description == "dismiss note; pop item(n: 1); push item(n: 1)")
        try navigator.open("p://app/list/item/1")
        let path = try #require(navigator.state.activeStack?.path)
        #expect(path.first == list)
        #expect(path.last?.route == item.route && path.last?.id != item.id)
    }

    @Test func resetRebuildsTheWholeStack() throws {
        let graph = Self.policyGraph(list: .reset, item: .reuse)
        var navigator = Navigator(graph: graph)
        try navigator.open("p://app/list/item/1")
        let before = try #require(navigator.state.activeStack)
        let edit = navigator.edit(opening: try graph.resolve("p://app/list/item/1"))
        #expect(edit.kept == 0)
        #expect(edit.description == "pop item(n: 1); pop list; pop home; push home; push list; push item(n: 1)")
        try navigator.open("p://app/list/item/1")
        let after = try #require(navigator.state.activeStack)
        #expect(after.routes == before.routes)
        #expect(Set(after.path.map(\.id)).isDisjoint(with: before.path.map(\.id)))
    }

    @MainActor @Test func theStorePublishesOneOpenedEventCarryingTheEdit() throws {
        let store = NavigationStore(navigator: Navigator(graph: Fixtures.graph))
        try store.perform { try $0.grant("signed-in") }
        try store.perform { try $0.open("demo://main/feed/post/7/comments") }
        var events: [NavigationEvent] = []
        let token = store.observe { events.append($0) }
        defer { store.removeObserver(token) }
        try store.perform { try $0.open("demo://main/feed/post/7") }
        guard case .opened(let edit)? = events.first else {
            Issue.record("expected .opened first, got \(events)")
            return
        }
        #expect(edit.description == "pop comments")
        #expect(events.dropFirst() == [.navigated(from: "demo://main/feed/post/7/comments", to: "demo://main/feed/post/7")])
        events.removeAll()
        try store.perform { try $0.open("demo://main/feed/post/7") }
        #expect(events.isEmpty)
    }

    @Test(arguments: ["reopen", "reopen sometimes", "reopen reuse reopen push"])
    func aBadReopenClauseIsAnError(clause: String) {
        let messages = Fixtures.diagnostics(Fixtures.oneScreenHeader + "screen a app push a after home \(clause)\n").map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("reopen") == true)
    }
}
