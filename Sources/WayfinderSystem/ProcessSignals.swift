import Synchronization

// Set from signal handlers, so they must be lock-free atomics, not actor state.
private let interruptRequested = Atomic<Bool>(false)
private let terminationRequested = Atomic<Int32>(0)
private let resizeRequested = Atomic<Bool>(false)
// The thread that reads input. A process-directed signal may land on any thread (the
// runtime and the database keep their own), so handlers pass it on to this one, where it
// interrupts the blocked read.
private let readingThread = Atomic<UInt>(0)

/// Sends `signal` on to the reading thread when it arrived elsewhere (async-signal-safe).
private func forwardToReadingThread(_ signal: Int32) {
    let reader = readingThread.load(ordering: .relaxed)
    guard reader != 0, Platform.currentThread != reader else { return }
    Platform.send(signal, toThread: reader)
}

/// The signals a program with a prompt handles: Ctrl-C (SIGINT), SIGTERM and SIGHUP, and
/// window resizes (SIGWINCH), each only setting a flag that the reading thread looks at,
/// and SIGPIPE, which can be ignored so that a write to a closed pipe fails with `EPIPE`.
///
/// The handlers are installed without `SA_RESTART`, so a blocked read returns with `EINTR`
/// (see ``InterruptibleInput``) instead of the process dying.
///
/// ```swift
/// ProcessSignals.installTerminationHandlers()
/// while !ProcessSignals.isTerminationRequested { … }
/// ```
public enum ProcessSignals {
    /// SIGPIPE's number: a process ended by it exits with `128 + brokenPipe`.
    public static var brokenPipe: Int32 { Platform.brokenPipeSignal }

    /// Makes writes to a closed pipe fail with `EPIPE` instead of ending the process.
    public static func ignoreBrokenPipe() {
        Platform.ignore(Platform.brokenPipeSignal)
    }

    /// Makes Ctrl-C set ``isInterruptRequested`` instead of ending the process; the calling
    /// thread becomes the one it interrupts.
    public static func installInterruptHandler() {
        _ = interruptRequested.load(ordering: .relaxed)  // initialise before a signal can arrive
        readingThread.store(Platform.currentThread, ordering: .relaxed)
        Platform.install({ signal in
            interruptRequested.store(true, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: [Platform.interruptSignal])
    }

    /// Makes SIGTERM and SIGHUP set ``isTerminationRequested`` instead of ending the
    /// process; the calling thread becomes the one they interrupt.
    public static func installTerminationHandlers() {
        _ = terminationRequested.load(ordering: .relaxed)
        readingThread.store(Platform.currentThread, ordering: .relaxed)
        Platform.install({ signal in
            terminationRequested.store(signal, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: Platform.terminationSignals)
    }

    /// Makes a window resize (SIGWINCH) set a flag (and wake the reading thread), which
    /// ``InterruptibleInput/read(_:into:onResize:)`` answers on the reading thread, never in
    /// the handler.
    public static func installResizeHandler() {
        _ = resizeRequested.load(ordering: .relaxed)
        Platform.install({ signal in
            resizeRequested.store(true, ordering: .relaxed)
            forwardToReadingThread(signal)
        }, for: [Platform.resizeSignal])
    }

    /// Whether Ctrl-C was pressed since the flag was last cleared.
    public static var isInterruptRequested: Bool {
        interruptRequested.load(ordering: .relaxed)
    }

    /// Clears ``isInterruptRequested``.
    public static func clearInterruptRequest() {
        interruptRequested.store(false, ordering: .relaxed)
    }

    /// Whether SIGTERM or SIGHUP arrived since the flag was last cleared.
    public static var isTerminationRequested: Bool {
        terminationRequested.load(ordering: .relaxed) != 0
    }

    /// The signal that asked for termination (SIGTERM or SIGHUP), if any.
    public static var terminationSignal: Int32? {
        let signal = terminationRequested.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Clears ``isTerminationRequested``.
    public static func clearTerminationRequest() {
        terminationRequested.store(0, ordering: .relaxed)
    }

    /// Whether the window was resized since the last call, clearing the flag.
    static func takeResizeRequest() -> Bool {
        resizeRequested.exchange(false, ordering: .relaxed)
    }

    /// Makes the calling thread the one that receives Ctrl-C, SIGTERM and SIGHUP while it
    /// waits for input: it unblocks them here (the runtime's threads start with signals
    /// blocked) and handlers elsewhere pass them on to it.
    public static func prepareToWaitForInput() {
        readingThread.store(Platform.currentThread, ordering: .relaxed)
        Platform.unblock([Platform.interruptSignal] + Platform.terminationSignals + [Platform.resizeSignal])
    }
}
