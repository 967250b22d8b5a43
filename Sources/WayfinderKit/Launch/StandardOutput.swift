import WayfinderSystem
import WayfinderTerminal

/// Standard output and error through libc's buffered streams; the REPL flushes before it
/// waits for input, so output and prompts stay in order and pipes see each reply.
///
/// When standard output is closed early (`app | head -1`), the REPL notices
/// (``isClosed``), ends as at the end of its input, saving the navigation, and exits 141,
/// the status of a process ended by SIGPIPE, without a message. (One-shot commands keep
/// SIGPIPE's default: they end at once, quietly, with that status.) Any other write error
/// (a full disk) ends it the same way (``hasFailed``), and ``OutputCheck`` reports it at
/// exit, with status 74.
public final class StandardOutput: TextOutput {
    /// Whether a write failed because nobody reads standard output any more (`EPIPE`).
    public private(set) var isClosed = false
    /// Whether a write to standard output failed for another reason: what follows would be
    /// lost too.
    public private(set) var hasFailed = false

    /// The status of a process whose output was closed early: 128 + SIGPIPE.
    public static let closedStatus: Int32 = 128 + ProcessSignals.brokenPipe

    /// Makes writes to a closed pipe fail with `EPIPE` instead of ending the process, so
    /// that the REPL can save its navigation first.
    public static func reportClosedPipes() {
        ProcessSignals.ignoreBrokenPipe()
    }

    /// Writes `text`, unless an earlier write failed.
    public func write(_ text: String) {
        guard !isClosed, !hasFailed else { return }
        if let code = StandardStreams.write(text, to: .output) { noteFailure(code) }
    }

    /// Writes UTF-8 `bytes` as they are.
    public func write(bytes: [UInt8]) {
        guard !isClosed, !hasFailed, !bytes.isEmpty else { return }
        if let code = StandardStreams.write(bytes: bytes, to: .output) { noteFailure(code) }
    }

    /// Writes `text` to standard error, standard output flushed first.
    public func writeError(_ text: String) {
        flush()
        if let code = StandardStreams.write(text, to: .error) { OutputCheck.noteErrorFailure(code) }
    }

    /// Flushes standard output.
    public func flush() {
        guard !isClosed, !hasFailed else { return }
        if let code = StandardStreams.flush(.output) { noteFailure(code) }
    }

    private func noteFailure(_ code: Int32) {
        OutputCheck.noteOutputFailure(code)
        if code == SystemError.brokenPipe { isClosed = true } else { hasFailed = true }
        StandardStreams.clearFailure(.output)
    }

    /// Standard output, through libc's buffered stream.
    public init() {}

    deinit {
        guard !isClosed, !hasFailed, let code = StandardStreams.flush(.output) else { return }
        OutputCheck.noteOutputFailure(code)
    }
}
