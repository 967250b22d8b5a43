import Foundation
import Testing
import Wayfinder

/// A pending link waits for a guard: a saved one that no longer resolves, or whose flow has
/// no guard (a table changed since, a file edited by hand), is not restored as one, and the
/// store never tells of a link deferred for no guard (`guardName: ""`).
@MainActor
@Suite struct PendingLinkRestorationTests {
    /// The fixture's table, its settings flow without a guard.
    static let unguardedSettings = Fixtures.parse(
        Fixtures.routes.replacingOccurrences(of: "flow settings guard signed-in", with: "flow settings"), file: "unguarded.routes")

    /// A fresh state of `graph` with `pending` as its pending link.
    static func state(pending: String, in graph: RouteGraph = Fixtures.graph) -> NavigationState {
        var state = Navigator(graph: graph).state
        state.pending = pending
        return state
    }

    @Test func aPendingLinkToAFlowWithoutAGuardIsDroppedWithAProblem() throws {
        let saved = Self.state(pending: "demo://settings/profile", in: Self.unguardedSettings)
        let (nearest, problems) = Navigator(graph: Self.unguardedSettings).nearestValidState(to: saved)
        #expect(nearest.pending == nil)
        #expect(problems == ["pending link: flow 'settings' has no guard for demo://settings/profile to wait for"])
        var navigator = Navigator(graph: Self.unguardedSettings)
        #expect(throws: NavigationError.self) { try navigator.restore(saved) }
        #expect(navigator.state.pending == nil)
    }

    @Test func aPendingLinkBehindAGuardIsRestored() throws {
        let saved = Self.state(pending: "demo://settings/profile")
        let (nearest, problems) = Navigator(graph: Fixtures.graph).nearestValidState(to: saved)
        #expect(problems == [])
        #expect(nearest.pending == "demo://settings/profile")
    }

    @Test func theStoreTellsOfARestoredPendingLinkWithItsGuardAndOfNoneWithoutOne() throws {
        let store = NavigationStore(navigator: Navigator(graph: Self.unguardedSettings))
        var events: [NavigationEvent] = []
        store.observe { events.append($0) }
        // One the table has a guard for.
        try store.perform { n throws(NavigationError) in try n.restore(Self.state(pending: "demo://main/feed/post/3", in: Self.unguardedSettings)) }
        #expect(events == [.deferred(pending: "demo://main/feed/post/3", guardName: "signed-in")])
        // One it has none for, and one that no longer resolves: neither waits, and no event
        // names a guard they would wait for.
        events = []
        for pending in ["demo://settings/profile", "demo://nowhere"] {
            try store.perform { n throws(NavigationError) in n.restoreNearest(to: Self.state(pending: pending, in: Self.unguardedSettings)) }
            #expect(store.state.pending == nil)
        }
        #expect(!events.contains { if case .deferred = $0 { true } else { false } }, "\(events)")
    }
}
