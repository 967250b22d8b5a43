@preconcurrency import Glibc
import WayfinderTerminal

/// Standard output and error through libc's buffered streams; flushed after each write
/// when a person is watching, so that output and prompt stay in order.
final class StandardOutput: TextOutput {
    let flushes: Bool

    init(flushes: Bool) {
        self.flushes = flushes
    }

    func write(_ text: String) {
        fputs(text, stdout)
        if flushes { fflush(stdout) }
    }

    func writeError(_ text: String) {
        fflush(stdout)
        fputs(text, stderr)
    }

    deinit {
        fflush(stdout)
    }
}
