/// Standard output and error through C's buffered streams (`stdout`, `stderr`): the streams
/// Swift's `print` and libedit write to, so that what each writes stays in order.
///
/// Each call gives the `errno` of a failure, for the caller to report; none throws, since
/// what to do about output that cannot be written (a closed pipe, a full disk) is the
/// program's choice.
///
/// ```swift
/// if let code = StandardStreams.write("done\n", to: .output) { … SystemError.reason(for: code) … }
/// ```
public enum StandardStreams {
    /// One of the two output streams.
    public enum Stream: Hashable, Sendable {
        /// Standard output (`stdout`).
        case output
        /// Standard error (`stderr`).
        case error
    }

    /// Writes `text` to `stream` (`fputs`).
    /// - Returns: The `errno` of a failed write, nil when it succeeded.
    @discardableResult
    public static func write(_ text: String, to stream: Stream) -> Int32? {
        Platform.put(text, to: stream) ? nil : Platform.lastError
    }

    /// Writes `bytes` to `stream` as they are (`fwrite`).
    /// - Returns: The `errno` of a failed or short write, nil when all were written.
    @discardableResult
    public static func write(bytes: [UInt8], to stream: Stream) -> Int32? {
        bytes.withUnsafeBytes { Platform.put(bytes: $0, to: stream) } ? nil : Platform.lastError
    }

    /// Writes out what `stream` holds in its buffer (`fflush`).
    /// - Returns: The `errno` of a failed flush (0 when the call left none), nil when it
    ///   succeeded.
    @discardableResult
    public static func flush(_ stream: Stream) -> Int32? {
        Platform.lastError = 0
        return Platform.flush(stream) ? nil : Platform.lastError
    }

    /// Whether a write to `stream` failed since its error flag was last cleared (`ferror`),
    /// also one made by a writer that does not report failures, such as `print`.
    public static func hasFailed(_ stream: Stream) -> Bool {
        Platform.hasError(stream)
    }

    /// Clears the error flag of `stream` (`clearerr`).
    public static func clearFailure(_ stream: Stream) {
        Platform.clearError(stream)
    }
}
