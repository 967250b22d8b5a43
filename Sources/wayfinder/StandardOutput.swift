@preconcurrency import Glibc
import WayfinderTerminal

/// Standard output and error through libc's buffered streams; the REPL flushes before it
/// waits for input, so output and prompts stay in order and pipes see each reply.
final class StandardOutput: TextOutput {
    func write(_ text: String) {
        fputs(text, stdout)
    }

    func writeError(_ text: String) {
        fflush(stdout)
        fputs(text, stderr)
    }

    func flush() {
        fflush(stdout)
    }

    deinit {
        fflush(stdout)
    }
}
