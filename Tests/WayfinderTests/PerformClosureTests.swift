import Testing
import Wayfinder

/// `NavigationStore.perform { … }` takes a closure without a `throws(NavigationError)`
/// annotation, and still throws `NavigationError` alone to its caller.
@MainActor
@Suite struct PerformClosureTests {
    private struct Unrelated: Error, CustomStringConvertible {
        var description: String { "the disk is on fire" }
    }

    @Test func aClosureWithoutAnnotationPerformsTheIntent() throws {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        try store.perform { try $0.open("demo://main/feed/post/1") }
        let outcome = try store.perform { try $0.open("demo://main/search") }
        #expect(outcome == .applied)
        #expect(store.url == "demo://main/search")
    }

    @Test func theCallerCatchesANavigationErrorWithoutACast() {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        let before = store.state
        do {
            try store.perform { try $0.push(Route("nowhere")) }
            Issue.record("the push of an unknown screen was applied")
        } catch {
            // `error` is a NavigationError here: the store's thrown type is typed.
            #expect(error.code == .unknownScreen)
        }
        #expect(store.state == before)
    }

    @Test func severalIntentsInOneClosureAreAllOrNothing() {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        let before = store.state
        #expect(throws: NavigationError.self) {
            try store.perform { navigator in
                try navigator.activate(flow: "main")
                try navigator.push(Route("post", ["id": .int(2)]))
                try navigator.push(Route("nowhere"))
            }
        }
        #expect(store.state == before)
    }

    @Test func anotherErrorIsWrappedAndPublishedAsARefusal() {
        let store = NavigationStore(navigator: Fixtures.navigator(signedIn: true))
        var events: [NavigationEvent] = []
        store.observe { events.append($0) }
        let before = store.state
        do {
            try store.perform { navigator in
                try navigator.activate(flow: "settings")
                throw Unrelated()
            }
            Issue.record("the closure's error was swallowed")
        } catch {
            #expect(error.code == .otherError)
            #expect(error.message.contains("the disk is on fire"))
            #expect(error.message.contains("Unrelated"))
        }
        #expect(store.state == before)
        #expect(events.count == 1)
        if case .refused(let refusal)? = events.first { #expect(refusal.code == .otherError) }
    }

    @Test func aClosureThatCannotThrowReturnsItsValue() throws {
        let store = NavigationStore(navigator: Fixtures.navigator())
        let flow = try store.perform { $0.state.activeFlow }
        #expect(flow == "login")
    }

    @Test func theAnnotatedFormStillCompilesAndThrowsTheSameError() {
        let store = NavigationStore(navigator: Fixtures.navigator())
        #expect(throws: NavigationError.self) {
            try store.perform { n throws(NavigationError) in try n.push(Route("nowhere")) }
        }
    }
}
