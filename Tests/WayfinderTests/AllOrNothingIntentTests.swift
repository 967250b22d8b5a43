import Testing
import Wayfinder

/// Every way to change navigation through a store is all or nothing: an intent of several
/// steps that is refused at its second step leaves the state, the history and the events
/// as if it had not been tried.
@MainActor
@Suite struct AllOrNothingIntentTests {
    /// A store signed in, on the feed with post 3 pushed, and the Main flow's coordinator.
    private func storeOnPost3() throws -> (NavigationStore, FlowCoordinator<Route>) {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        try store.perform { n throws(NavigationError) in try n.activate(flow: "main") }
        let main = FlowCoordinator<Route>(store: store, flow: "main")
        try main.push(Route("post", ["id": .int(3)]))
        return (store, main)
    }

    @Test func aStoreIntentRefusedAtItsSecondStepChangesNothing() throws {
        let (store, _) = try storeOnPost3()
        let before = store.state
        var events: [NavigationEvent] = []
        store.observe { events.append($0) }
        #expect(throws: NavigationError.self) {
            try store.perform { n throws(NavigationError) in
                try n.push(Route("comments"))
                try n.push(Route("post", ["id": .int(4)]))  // comments → post is not an edge
            }
        }
        #expect(store.state == before)
        #expect(store.url == "demo://main/feed/post/3")
        #expect(events.count == 1)
        if case .refused(let error)? = events.first { #expect(error.code == .notAllowed) } else { Issue.record("expected a refusal, got \(events)") }
        // The history is as it was too: undo goes back from post 3, not from comments.
        try store.perform(.undo)
        #expect(store.url == "demo://main/feed")
    }

    @Test func aCoordinatorIntentOfTwoStepsRefusedAtTheSecondChangesNothing() throws {
        let (store, main) = try storeOnPost3()
        try main.pop()
        try main.present(Route("compose"))
        let before = store.state
        #expect(throws: NavigationError.self) {
            // The sheet is dismissed, then a screen the feed cannot be followed by is pushed.
            try main.perform([.dismiss, .push(Route("comments"))])
        }
        #expect(store.state == before)
        #expect(main.presented?.route == Route("compose"))
        #expect(main.path.isEmpty)
    }

    @Test func aCoordinatorIntentOfTwoStepsThatIsAllowedMakesBoth() throws {
        let (store, main) = try storeOnPost3()
        try main.pop()
        try main.present(Route("compose"))
        try main.perform([.dismiss, .push(Route("post", ["id": .int(7)]))])
        #expect(main.presented == nil)
        #expect(store.url == "demo://main/feed/post/7")
    }

    @Test func aSingleStepRefusedChangesNothing() throws {
        let (store, main) = try storeOnPost3()
        let before = store.state
        #expect(throws: NavigationError.self) { try main.perform([.present(Route("about"))]) }
        #expect(throws: NavigationError.self) { try store.perform(.selectTab("nowhere")) }
        #expect(store.state == before)
    }
}
