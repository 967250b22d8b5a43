/// Reads input so that Ctrl-C, SIGTERM and SIGHUP (``ProcessSignals``) end the wait, and a
/// window resize is answered while waiting.
///
/// ```swift
/// var byte: UInt8 = 0
/// let outcome = withUnsafeMutableBytes(of: &byte) { InterruptibleInput.read(0, into: $0) }
/// ```
public enum InterruptibleInput {
    /// What one `read(2)` gave.
    public enum Outcome: Equatable, Sendable {
        /// This many bytes (at least one; 0 only for an empty buffer).
        case bytes(Int)
        /// The end of the input.
        case endOfFile
        /// A signal arrived before any byte (`EINTR`).
        case interrupted
        /// Any other error, with its `errno`.
        case failed(Int32)
    }

    /// One `read(2)` into `buffer`; returns on Ctrl-C, SIGTERM and SIGHUP, so callers can
    /// react to them. While it waits, a window resize (SIGWINCH) calls `onResize`.
    public static func read(
        _ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, onResize: (() -> Void)? = nil
    ) -> Outcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        ProcessSignals.prepareToWaitForInput()
        // Wait in short polls rather than one blocking read: a signal that lands just before
        // the read would otherwise be noticed only when more input arrives.
        while true {
            if ProcessSignals.isTerminationRequested || ProcessSignals.isInterruptRequested { return .interrupted }
            if ProcessSignals.takeResizeRequest() { onResize?() }
            let ready = Platform.waitForInput(fileDescriptor, milliseconds: 200)
            if ready > 0 { break }
            // A signal: the flags at the top of the loop say which, if it matters.
            if ready < 0, Platform.lastError != Platform.interrupted { return .failed(Platform.lastError) }
        }
        let count = Platform.readBytes(fileDescriptor, into: base, count: buffer.count)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfFile }
        let code = Platform.lastError
        return code == Platform.interrupted ? .interrupted : .failed(code)
    }

    /// Whether input is there to be read from `fileDescriptor` without waiting.
    public static func isReady(_ fileDescriptor: Int32) -> Bool {
        Platform.waitForInput(fileDescriptor, milliseconds: 0) > 0
    }
}
