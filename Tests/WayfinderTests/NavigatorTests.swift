import Foundation
import Testing
import Wayfinder

@Suite struct NavigatorTests {
    /// Runs `intent` expecting `code`, and checks the state did not change.
    private func expectRefusal(
        _ navigator: inout Navigator, _ code: NavigationError.Code,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ intent: (inout Navigator) throws(NavigationError) -> Void
    ) {
        let before = navigator.state
        let undo = (navigator.undoCount, navigator.redoCount)
        do {
            try intent(&navigator)
            Issue.record("expected \(code), but the intent succeeded", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        }
        #expect(navigator.state == before, "a refused intent changed the state", sourceLocation: sourceLocation)
        #expect(navigator.undoCount == undo.0 && navigator.redoCount == undo.1, "a refused intent changed the history", sourceLocation: sourceLocation)
    }

    @Test func aNewNavigatorStartsInTheFirstFlowWithEveryStackAtItsRoot() {
        let navigator = Fixtures.navigator()
        #expect(navigator.state.activeFlow == "login")
        #expect(navigator.url == "demo://login")
        #expect(navigator.state.flows["main"]?.selectedTab == "feed")
        #expect(navigator.state.flows["main"]?.stacks.keys.sorted() == ["feed", "me", "search"])
        #expect(navigator.state.flows["main"]?.stacks["search"]?.root == Route("search"))
        #expect(navigator.state.pending == nil)
        #expect(!navigator.canUndo)
    }

    @Test func pushPopAndPopToRootFollowTheGraph() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "main")
        try navigator.push(Route("post", ["id": .int(1)]))
        try navigator.push(Route("user", ["id": .int(2)]))
        try navigator.push(Route("post", ["id": .int(3)]))
        #expect(navigator.url == "demo://main/feed/post/1/user/2/post/3")
        try navigator.pop()
        #expect(navigator.url == "demo://main/feed/post/1/user/2")
        try navigator.popToRoot()
        #expect(navigator.url == "demo://main/feed")
        expectRefusal(&navigator, .atRoot) { navigator throws(NavigationError) in try navigator.pop() }
    }

    @Test func refusedPushesLeaveTheStateExactlyAsItWas() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "main")
        expectRefusal(&navigator, .unknownScreen) { n throws(NavigationError) in try n.push(Route("nowhere")) }
        expectRefusal(&navigator, .wrongFlow) { n throws(NavigationError) in try n.push(Route("profile")) }
        expectRefusal(&navigator, .notAllowed) { n throws(NavigationError) in try n.push(Route("comments")) }
        expectRefusal(&navigator, .wrongKind) { n throws(NavigationError) in try n.push(Route("compose")) }
        expectRefusal(&navigator, .wrongKind) { n throws(NavigationError) in try n.push(Route("feed")) }
        expectRefusal(&navigator, .badParameters) { n throws(NavigationError) in try n.push(Route("post")) }
        expectRefusal(&navigator, .badParameters) { n throws(NavigationError) in try n.push(Route("post", ["id": .string("1")])) }
        expectRefusal(&navigator, .badParameters) { n throws(NavigationError) in try n.push(Route("post", ["id": .int(1), "x": .int(2)])) }
        expectRefusal(&navigator, .wrongKind) { n throws(NavigationError) in try n.present(Route("post", ["id": .int(1)])) }
        expectRefusal(&navigator, .nothingPresented) { n throws(NavigationError) in try n.dismiss() }
        expectRefusal(&navigator, .unknownTab) { n throws(NavigationError) in try n.selectTab("nope") }
        expectRefusal(&navigator, .unknownFlow) { n throws(NavigationError) in try n.activate(flow: "nope") }
    }

    @Test func popToFindsTheNearestMatchFromTheTop() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/feed/post/1/user/2/post/3/comments")
        try navigator.pop(to: Route("post", ["id": .int(1)]))
        #expect(navigator.url == "demo://main/feed/post/1")
        try navigator.open("demo://main/feed/post/1/user/2/post/3/comments")
        try navigator.pop(toLast: { $0.screen == "post" })
        #expect(navigator.url == "demo://main/feed/post/1/user/2/post/3")
        try navigator.pop(toLast: { $0.screen == "feed" })
        #expect(navigator.url == "demo://main/feed")
        expectRefusal(&navigator, .notInStack) { n throws(NavigationError) in try n.pop(to: Route("user", ["id": .int(9)])) }
    }

    @Test func replacePathChecksEveryEdge() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "main")
        try navigator.replacePath(with: [Route("post", ["id": .int(5)]), Route("comments")])
        #expect(navigator.url == "demo://main/feed/post/5/comments")
        expectRefusal(&navigator, .notAllowed) { n throws(NavigationError) in
            try n.replacePath(with: [Route("post", ["id": .int(5)]), Route("comments"), Route("comments")])
        }
    }

    @Test func sheetsAndAlertsCoverTheStackUntilDismissed() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "settings")
        try navigator.present(Route("logout"))
        #expect(navigator.state.presentation?.style == .alert)
        #expect(navigator.url == "demo://settings/logout")
        expectRefusal(&navigator, .presentationActive) { n throws(NavigationError) in try n.push(Route("profile")) }
        expectRefusal(&navigator, .presentationActive) { n throws(NavigationError) in try n.present(Route("about")) }
        try navigator.dismiss()
        try navigator.present(Route("about"))
        #expect(navigator.state.presentation?.style == .sheet)
        try navigator.popToRoot()
        #expect(navigator.state.presentation == nil)
    }

    @Test func tabsKeepTheirOwnStacks() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/feed/post/1")
        try navigator.selectTab("search")
        try navigator.push(Route("post", ["id": .int(2)]))
        #expect(navigator.url == "demo://main/search/post/2")
        try navigator.selectTab("feed")
        #expect(navigator.url == "demo://main/feed/post/1")
        try navigator.selectTab("search")
        #expect(navigator.url == "demo://main/search/post/2")
    }

    @Test func elementIDsComeFromTheInjectedGenerator() throws {
        var navigator = Navigator(graph: Fixtures.graph, ids: StackIDGenerator(startingAt: 100))
        try navigator.grant("signed-in")
        try navigator.activate(flow: "main")
        try navigator.push(Route("post", ["id": .int(1)]))
        try navigator.push(Route("comments"))
        try navigator.pop()
        try navigator.push(Route("user", ["id": .int(2)]))
        #expect(navigator.state.activeStack?.path.map(\.id.rawValue) == [100, 102])
    }

    @Test func aGuardedLinkWhileSignedOutBecomesPendingAndSigningInAppliesIt() throws {
        var navigator = Fixtures.navigator()
        let mainBefore = navigator.state.flows["main"]
        let outcome = try navigator.open("DEMO://main/feed/post/42/")
        #expect(outcome == .deferred(pending: "demo://main/feed/post/42", guardName: "signed-in"))
        #expect(navigator.state.activeFlow == "login")
        #expect(navigator.url == "demo://login")
        #expect(navigator.state.pending == "demo://main/feed/post/42")
        #expect(navigator.state.flows["main"] == mainBefore, "a guarded flow is never entered")
        let applied = try navigator.grant("signed-in")
        #expect(applied == "demo://main/feed/post/42")
        #expect(navigator.url == "demo://main/feed/post/42")
        #expect(navigator.state.pending == nil)
    }

    @Test func activatingAGuardedFlowWhileSignedOutIsDeferredToo() throws {
        var navigator = Fixtures.navigator()
        try navigator.push(Route("register"))
        let outcome = try navigator.activate(flow: "settings")
        #expect(outcome == .deferred(pending: "demo://settings", guardName: "signed-in"))
        #expect(navigator.url == "demo://login", "the fallback flow is shown at its root")
    }

    @Test func signingOutClearsGuardedStacksPresentationsAndPendingLinks() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/feed/post/1/comments")
        try navigator.selectTab("me")
        try navigator.present(Route("compose"))
        try navigator.open("demo://settings/about")
        try navigator.revoke("signed-in")
        #expect(navigator.state.activeFlow == "login")
        #expect(navigator.state.pending == nil)
        let fresh = Fixtures.navigator()
        #expect(navigator.state.flows["main"] == fresh.state.flows["main"])
        #expect(navigator.state.flows["settings"] == fresh.state.flows["settings"])
        #expect(!navigator.canUndo, "undo cannot go back into a guarded flow")
        _ = try navigator.open("demo://settings")
        try navigator.revoke("signed-in")
        #expect(navigator.state.pending == nil)
    }

    @Test func undoAndRedoStepThroughNavigation() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.activate(flow: "main")
        try navigator.push(Route("post", ["id": .int(1)]))
        try navigator.push(Route("comments"))
        try navigator.undo()
        #expect(navigator.url == "demo://main/feed/post/1")
        try navigator.undo()
        #expect(navigator.url == "demo://main/feed")
        try navigator.redo()
        #expect(navigator.url == "demo://main/feed/post/1")
        try navigator.push(Route("user", ["id": .int(4)]))
        #expect(!navigator.canRedo, "a new step clears redo")
        expectRefusal(&navigator, .nothingToRedo) { n throws(NavigationError) in try n.redo() }
        try navigator.undo()
        try navigator.undo()
        try navigator.undo()
        #expect(navigator.state.activeFlow == "login")
        expectRefusal(&navigator, .nothingToUndo) { n throws(NavigationError) in try n.undo() }
    }

    @Test func theURLIsRightWithManyFlowsAndManyTabs() throws {
        // Few flows and stacks are found by comparing names, many by hashing: both print alike.
        var lines = ["scheme many"]
        for index in 0..<12 { lines.append("flow f\(index)") }
        lines.append("flow tabbed tabs " + (0..<12).map { "t\($0)" }.joined(separator: " "))
        for index in 0..<12 {
            lines.append("screen root\(index) f\(index) root")
            lines.append("screen home\(index) tabbed.t\(index) root")
            lines.append("screen item\(index) f\(index) push item/{id:int} after root\(index)")
        }
        let graph = try RouteGraph(parsing: lines.joined(separator: "\n"), file: "many.routes")
        var navigator = Navigator(graph: graph)
        try navigator.open("many://f9/item/4")
        #expect(navigator.url == "many://f9/item/4")
        #expect(graph.link(for: navigator.state) == "many://f9/item/4")
        try navigator.open("many://tabbed/t10")
        #expect(navigator.url == "many://tabbed/t10")
        var few = navigator.state
        few.flows = few.flows.filter { $0.key == "tabbed" || $0.key == "f9" }
        #expect(graph.link(for: few) == "many://tabbed/t10", "a few flows, a flow with many tabs")
    }

    @Test func historyIsBounded() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        navigator.historyLimit = 3
        try navigator.activate(flow: "main")
        for id in 0..<10 {
            try navigator.push(Route("post", ["id": .int(id)]))
            try navigator.pop()
        }
        #expect(navigator.undoCount == 3)
    }

    @Test func aStateSurvivesJSONAndRestores() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/search/post/3?q=a%2Fb")
        try navigator.selectTab("me")
        try navigator.present(Route("compose"))
        let data = try JSONEncoder().encode(navigator.state)
        let decoded = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(decoded == navigator.state)
        var other = Fixtures.navigator()
        try other.restore(decoded)
        #expect(other.state == navigator.state)
        #expect(other.url == navigator.url)
        try other.dismiss()
        try other.push(Route("post", ["id": .int(9)]))
        let ids = other.state.activeStack?.path.map(\.id) ?? []
        #expect(Set(ids).count == ids.count)
    }

    @Test func aStateThatDoesNotFitTheGraphIsNotRestored() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/feed/post/1")
        var broken = navigator.state
        broken.flows["main"]?.stacks["feed"]?.path.append(StackElement(id: StackID(99), route: Route("comments")))
        broken.flows["main"]?.stacks["feed"]?.path.append(StackElement(id: StackID(98), route: Route("comments")))
        var target = Fixtures.navigator()
        expectRefusal(&target, .invalidState) { n throws(NavigationError) in try n.restore(broken) }
        var guarded = navigator.state
        guarded.grantedGuards = []
        expectRefusal(&target, .invalidState) { n throws(NavigationError) in try n.restore(guarded) }
        var unknown = navigator.state
        unknown.activeFlow = "gone"
        expectRefusal(&target, .invalidState) { n throws(NavigationError) in try n.restore(unknown) }
        #expect(target.problems(in: broken).count == 1)
    }
}
