/// The main-actor home of a ``Navigator``: coordinators perform intents through it and
/// anyone can follow what changed through ``events()``.
///
/// ```swift
/// let store = NavigationStore(navigator: Navigator(graph: graph))
/// let events = store.events()
/// try store.perform { try $0.open("wayfinder://login/register") }
/// ```
@MainActor
public final class NavigationStore {
    /// The engine; change it only through ``perform(_:)``.
    public private(set) var navigator: Navigator
    private var continuations: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var nextSubscriber = 0

    /// Creates a store around `navigator`.
    public init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// The current state.
    public var state: NavigationState { navigator.state }

    /// The graph.
    public var graph: RouteGraph { navigator.graph }

    /// The canonical link of what is on screen.
    public var url: String { navigator.url }

    /// A new stream of every event from now on; it ends when the subscriber stops
    /// iterating or the store goes away. Events are buffered (the newest 256).
    public func events() -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: NavigationEvent.self, bufferingPolicy: .bufferingNewest(256))
        let key = nextSubscriber
        nextSubscriber += 1
        continuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    /// Runs `body` on the navigator and publishes what changed; a thrown error is
    /// published as ``NavigationEvent/refused(_:)`` and rethrown, the state unchanged.
    @discardableResult
    public func perform<Result>(
        _ body: (inout Navigator) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        let before = navigator.state
        let beforeURL = navigator.url
        var copy = navigator
        let result: Result
        do {
            result = try body(&copy)
        } catch {
            publish(.refused(error))
            throw error
        }
        navigator = copy
        publishChanges(from: before, beforeURL: beforeURL, result: result)
        return result
    }

    private func publishChanges(from before: NavigationState, beforeURL: String, result: some Any) {
        let after = navigator.state
        guard !continuations.isEmpty, before != after else { return }
        for name in after.grantedGuards.subtracting(before.grantedGuards).sorted() { publish(.granted(name)) }
        for name in before.grantedGuards.subtracting(after.grantedGuards).sorted() { publish(.revoked(name)) }
        if case .deferred(let pending, let guardName)? = result as? NavigationOutcome {
            publish(.deferred(pending: pending, guardName: guardName))
        }
        if let applied = result as? String, before.pending == applied, after.pending == nil {
            publish(.pendingApplied(applied))
        }
        let afterURL = navigator.url
        if afterURL != beforeURL { publish(.navigated(from: beforeURL, to: afterURL)) }
    }

    private func publish(_ event: NavigationEvent) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    isolated deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
