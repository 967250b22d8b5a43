import Wayfinder

/// Saves the app's navigation as it changes, so that a process killed at any moment
/// (`kill -9`, a power cut) loses at most the command it was running.
///
/// Each ``checkpoint(lineQueued:)`` compares the state with the one last saved and writes
/// the file (atomically) only when it differs. While more input is already queued (a script
/// piping commands), writes are spaced at least ``interval`` apart; the state is always
/// written before the REPL waits for input and when it ends (``finish()``).
@MainActor
public final class NavigationAutosave {
    /// How long, at least, between two writes while input is queued.
    public let interval: Duration
    private let file: NavigationStateFile
    private let store: NavigationStore
    private let clock = ContinuousClock()
    /// The state the file holds, as far as this process knows; nil before the first write.
    private var saved: NavigationState?
    private var lastWrite: ContinuousClock.Instant?
    /// Whether the last write failed, and so was told: the next failure is not told again.
    private var failing = false

    /// Saves `store`'s navigation to `file`.
    /// - Parameters:
    ///   - store: The navigation to save.
    ///   - file: Where.
    ///   - interval: The least time between two writes while input is queued.
    public init(store: NavigationStore, file: NavigationStateFile, interval: Duration = .milliseconds(100)) {
        self.store = store
        self.file = file
        self.interval = interval
        // A session that changes nothing writes nothing (a full disk, a read-only file then
        // go unnoticed, as they should).
        // A state saved with an earlier table is written again with this one's version.
        if case .state(let onDisk, let routes) = file.load(), routes == store.graph.version { saved = onDisk }
    }

    /// Writes the state when it changed since the last write, unless `lineQueued` and the
    /// last write is more recent than ``interval``.
    /// - Returns: A warning when the write failed (once, until a write succeeds again): the
    ///   next checkpoint tries again.
    public func checkpoint(lineQueued: Bool) -> String? {
        let state = store.state
        guard state != saved else { return nil }
        if lineQueued, let lastWrite, clock.now - lastWrite < interval { return nil }
        let wasTold = failing
        guard let failure = write(state), !wasTold else { return nil }
        return "warning: \(failure)"
    }

    /// A write of the navigation that failed at the end.
    public struct Failure: Hashable, Sendable {
        /// `warning: the navigation state was not saved: …`.
        public let message: String
        /// Whether a checkpoint said so already (the same failure is told once).
        public let wasTold: Bool
    }

    /// Writes the state when it changed since the last write, whatever the time: the last
    /// chance.
    /// - Returns: The failure, when the write failed.
    public func finish() -> Failure? {
        let state = store.state
        guard state != saved else { return nil }
        let wasTold = failing
        return write(state).map { Failure(message: "warning: \($0)", wasTold: wasTold) }
    }

    private func write(_ state: NavigationState) -> String? {
        lastWrite = clock.now
        do {
            try file.save(state, routes: store.graph.version)
            saved = state
            failing = false
            return nil
        } catch {
            failing = true
            return "the navigation state was not saved: \(error)"
        }
    }
}
