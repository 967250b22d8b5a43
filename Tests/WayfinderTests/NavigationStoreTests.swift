import Testing
import Wayfinder

@MainActor
@Suite struct NavigationStoreTests {
    @Test func eventsTellWhatChanged() async throws {
        let store = NavigationStore(navigator: Fixtures.navigator())
        let events = store.events()
        try store.perform { n throws(NavigationError) in try n.open("demo://main/feed/post/1") }
        try store.perform { n throws(NavigationError) in try n.grant("signed-in") }
        #expect(throws: NavigationError.self) {
            try store.perform { n throws(NavigationError) in try n.push(Route("nowhere")) }
        }
        try store.perform { n throws(NavigationError) in try n.push(Route("comments")) }
        var received: [NavigationEvent] = []
        for await event in events {
            received.append(event)
            if received.count == 6 { break }
        }
        #expect(received[0] == .deferred(pending: "demo://main/feed/post/1", guardName: "signed-in"))
        #expect(received[1] == .granted("signed-in"))
        #expect(received[2] == .pendingApplied("demo://main/feed/post/1"))
        #expect(received[3] == .navigated(from: "demo://login", to: "demo://main/feed/post/1"))
        guard case .refused(let error) = received[4] else {
            Issue.record("expected a refusal, got \(received[4])")
            return
        }
        #expect(error.code == .unknownScreen)
        #expect(received[5] == .navigated(from: "demo://main/feed/post/1", to: "demo://main/feed/post/1/comments"))
    }

    @Test func aSingleIntentInPlacePublishesAndARefusalChangesNothing() throws {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        var events: [NavigationEvent] = []
        store.observe { events.append($0) }
        try store.perform { n throws(NavigationError) in try n.activate(flow: "main") }
        try store.perform(.push(Route("post", ["id": .int(3)])))
        let before = store.state
        #expect(throws: NavigationError.self) {
            try store.perform(.push(Route("post", ["id": .int(4)])))
        }
        #expect(store.state == before)
        try store.perform(.undo)
        #expect(store.url == "demo://main/feed")
        #expect(events.count == 4)
        #expect(events[0] == .navigated(from: "demo://login", to: "demo://main/feed"))
        #expect(events[1] == .navigated(from: "demo://main/feed", to: "demo://main/feed/post/3"))
        if case .refused(let error) = events[2] { #expect(error.code == .notAllowed) } else { Issue.record("expected a refusal, got \(events[2])") }
        #expect(events[3] == .navigated(from: "demo://main/feed/post/3", to: "demo://main/feed"))
    }
}

@MainActor
@Suite struct CoordinatorTests {
    struct SignOut: NavigationIntent {}
    struct OpenSettings: NavigationIntent {}

    final class Root: Coordinator {
        var parent: (any Coordinator)? { nil }
        let store: NavigationStore
        var handled: [String] = []
        init(store: NavigationStore) { self.store = store }
        func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool {
            switch intent {
            case is SignOut:
                handled.append("signOut")
                try store.perform { n throws(NavigationError) in try n.revoke("signed-in") }
                return true
            default:
                return false
            }
        }
    }

    final class MainFlow: FlowCoordinator<Route> {
        var handled: [String] = []
        override func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool {
            guard intent is OpenSettings else { return false }
            handled.append("openSettings")
            try store.perform { n throws(NavigationError) in try n.activate(flow: "settings") }
            return true
        }
    }

    @Test func intentsAChildDoesNotHandleBubbleToItsParent() throws {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        let root = Root(store: store)
        let main = MainFlow(store: store, flow: "main", parent: root)
        try store.perform { n throws(NavigationError) in try n.activate(flow: "main") }
        try main.push(Route("post", ["id": .int(3)]))
        #expect(main.path == [Route("post", ["id": .int(3)])])
        #expect(main.root == Route("feed"))
        #expect(main.selectedTab == "feed")
        try main.send(OpenSettings())
        #expect(main.handled == ["openSettings"])
        #expect(store.state.activeFlow == "settings")
        #expect(throws: NavigationError.self) { try main.push(Route("post", ["id": .int(4)])) }
        try main.send(SignOut())
        #expect(root.handled == ["signOut"])
        #expect(store.state.activeFlow == "login")
        #expect(main.path.isEmpty)
    }

    @Test func anIntentNobodyHandlesIsAnError() {
        let store = NavigationStore(navigator: Fixtures.navigator())
        let lone = MainFlow(store: store, flow: "main")
        #expect(throws: NavigationError.self) { try lone.send(SignOut()) }
    }
}
