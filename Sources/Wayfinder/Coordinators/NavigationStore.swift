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
    /// The engine; change it only through the store's `perform` methods.
    public private(set) var navigator: Navigator {
        didSet { revision &+= 1 }
    }
    /// A number that changes each time the navigator does (any intent, grant, restore): what
    /// is worked out from the navigation can be kept until it changes.
    public private(set) var revision = 0
    private var continuations: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var observers: [Int: (NavigationEvent) -> Void] = [:]
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
    ///
    /// This is the way to follow navigation from a task (a log, an analytics sink, a
    /// view that redraws): it never blocks the store. Code that must see each event at
    /// once and in order, before the intent's caller goes on (a test harness checking
    /// the events of each step), uses ``observe(_:)``.
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

    /// Calls `handler` synchronously with every event from now on, until
    /// ``removeObserver(_:)``: before the intent that caused it returns. For code that
    /// must have the events of each step before the next (`WayfinderTesting`'s
    /// `NavigationTestStore`); anything else follows ``events()``. The handler runs inside
    /// `perform`, so it must not perform intents itself.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func observe(_ handler: @escaping (NavigationEvent) -> Void) -> Int {
        let key = nextSubscriber
        nextSubscriber += 1
        observers[key] = handler
        return key
    }

    /// Stops calling the observer registered under `token`.
    public func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// Runs `body` on a copy of the navigator, which replaces it when `body` returns, and
    /// publishes what changed: all of `body`'s changes or, when it throws, none. The error
    /// is published as ``NavigationEvent/refused(_:)`` and rethrown, the state unchanged.
    ///
    /// `body` may throw any error type, so that a closure needs no annotation (Swift infers
    /// `any Error` for a closure that throws); the store itself throws ``NavigationError``
    /// alone. A ``NavigationError`` is rethrown as it is; any other error, which the
    /// navigator's own methods never throw, is wrapped into one with the code
    /// ``NavigationError/Code/otherError`` and the error's description as its message.
    ///
    /// ```swift
    /// try store.perform { try $0.open("wayfinder://main/feed") }
    /// let outcome = try store.perform { try $0.grant("signed-in") }
    /// ```
    /// - Throws: ``NavigationError``, the state unchanged.
    @discardableResult
    public func perform<Result, Failure: Error>(
        _ body: (inout Navigator) throws(Failure) -> Result
    ) throws(NavigationError) -> Result {
        var copy = navigator
        let result = try change(&copy, body)
        adopt(copy)
        return result
    }

    /// Makes `change` as `perform(_:)` does once `check` accepts the state it leads
    /// to: the change is made once, on a copy, which replaces the navigator only when
    /// `check` returns. When `check` throws, nothing changes and its error is rethrown.
    /// What an app uses to check what a link names against its data before it opens.
    ///
    /// ```swift
    /// try await store.perform({ try $0.open(link) }, checking: { state in try await data.check(state) })
    /// ```
    /// - Throws: ``NavigationError`` from `change`, or what `check` throws.
    @discardableResult
    public func perform<Result, Failure: Error>(
        _ change: (inout Navigator) throws(Failure) -> Result,
        checking check: (NavigationState) async throws -> Void
    ) async throws -> Result {
        let base = navigator.state
        var copy = navigator
        let result = try self.change(&copy, change)
        try await check(copy.state)
        // Another change was made while `check` ran: make this one again, on it.
        guard navigator.state == base else { return try await perform(change, checking: check) }
        adopt(copy)
        return result
    }

    /// Runs `body` on `copy`, publishing its refusal.
    private func change<Result, Failure: Error>(
        _ copy: inout Navigator, _ body: (inout Navigator) throws(Failure) -> Result
    ) throws(NavigationError) -> Result {
        copy.lastEdit = nil
        return try publishingRefusal { () throws(NavigationError) in
            do {
                return try body(&copy)
            } catch {
                throw Self.navigationError(error)
            }
        }
    }

    /// Makes `next` the navigator and publishes what changed (worked out only when someone
    /// listens).
    private func adopt(_ next: Navigator) {
        let observed = !continuations.isEmpty || !observers.isEmpty
        let before = observed ? navigator.state : nil
        let beforeURL = observed ? navigator.url : ""
        navigator = next
        guard let before else { return }
        if let edit = next.lastEdit { publish(.opened(edit)) }
        publishChanges(from: before, beforeURL: beforeURL)
    }

    /// Makes one step in place and publishes what changed; a refusal is published as
    /// ``NavigationEvent/refused(_:)`` and rethrown, the state unchanged.
    ///
    /// One step is all or nothing by itself (the navigator refuses it before changing
    /// anything), so it needs no copy of the navigator to roll back to: coordinators use it
    /// for their single intents (push, pop, present, …), which then cost the same at any
    /// stack depth and history length. Several changes that must happen together go
    /// through `perform { … }` instead, on a copy.
    public func perform(_ step: NavigationStep) throws(NavigationError) {
        let observed = !continuations.isEmpty || !observers.isEmpty
        let before = observed ? navigator.state : nil
        let beforeURL = observed ? navigator.url : ""
        try publishingRefusal { () throws(NavigationError) in try navigator.apply(step) }
        if let before { publishChanges(from: before, beforeURL: beforeURL) }
    }

    /// `error` as a ``NavigationError``: itself when it is one, else wrapped.
    private static func navigationError(_ error: any Error) -> NavigationError {
        if let error = error as? NavigationError { return error }
        return NavigationError(.otherError, "the intent failed with an error that is not a NavigationError (\(type(of: error))): \(error)")
    }

    /// Runs `run`; a refusal is published, then rethrown.
    private func publishingRefusal<Result>(_ run: () throws(NavigationError) -> Result) throws(NavigationError) -> Result {
        do {
            return try run()
        } catch {
            publish(.refused(error))
            throw error
        }
    }

    /// Publishes what changed between two states: guards granted or revoked, a link
    /// deferred, held for confirmation or applied, the visible link.
    private func publishChanges(from before: NavigationState, beforeURL: String) {
        let after = navigator.state
        guard before != after else { return }
        for name in after.grantedGuards.subtracting(before.grantedGuards).sorted() { publish(.granted(name)) }
        for name in before.grantedGuards.subtracting(after.grantedGuards).sorted() { publish(.revoked(name)) }
        if let pending = after.pending, pending != before.pending, let guardName = navigator.pendingGuard {
            publish(.deferred(pending: pending, guardName: guardName))
        }
        if let held = after.confirming, held != before.confirming { publish(.awaitingConfirmation(held)) }
        let afterURL = navigator.url
        if let applied = before.pending, after.pending == nil, afterURL == applied {
            publish(.pendingApplied(applied))
        }
        if afterURL != beforeURL { publish(.navigated(from: beforeURL, to: afterURL)) }
    }

    private func publish(_ event: NavigationEvent) {
        for continuation in continuations.values { continuation.yield(event) }
        for key in observers.keys.sorted() { observers[key]?(event) }
    }

    isolated deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}

extension NavigationError.Code {
    /// The body given to `NavigationStore.perform { … }` threw an error that is not a
    /// ``NavigationError``; the message names and describes it.
    public static let otherError = NavigationError.Code("otherError")
}
