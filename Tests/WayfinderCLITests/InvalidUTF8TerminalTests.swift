import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes typed at the REPL on a terminal (libedit) that are not UTF-8: the line is refused
/// when Enter is pressed, unless the bad bytes (shown as U+FFFD) were deleted first.
///
/// The built `wayfinder` runs on a pseudo-terminal of its own; each wait reads its output
/// until the expected text is there, and fails after a bounded time with what was read.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/ptmx"), "needs Linux pseudo-terminals"))
struct InvalidUTF8TerminalTests {
    @Test func aTypedLineOrPasswordThatIsNotUTF8IsRefusedAndOneWhoseBadByteWasDeletedIsNot() throws {
        let terminal = try PseudoTerminalSession()
        defer { terminal.end() }
        try terminal.waitFor("wayfinder://login> ")

        // A raw 0xFF: refused with its place ("open " + 32 bytes of link before it).
        terminal.send(Array("open wayfinder://login/forgot?email=a".utf8) + [0xFF, 0x0D])
        try terminal.waitFor("error: line is not valid UTF-8 (byte 38)")
        try terminal.waitFor("wayfinder://login> ")

        // An overlong "/" (E0 80 AF), which a lax decoder reads as "/": refused, and the
        // register screen is not opened.
        terminal.send(Array("open wayfinder://login".utf8) + [0xE0, 0x80, 0xAF] + Array("register".utf8) + [0x0D])
        try terminal.waitFor("error: line is not valid UTF-8 (byte 23)")
        try terminal.waitFor("wayfinder://login> ")
        terminal.send(Array("where\r".utf8))
        try terminal.waitFor("\nwayfinder://login\r\n")
        try terminal.waitFor("wayfinder://login> ")

        // The bad byte deleted with BackSpace before Enter: the line is valid and runs. (The
        // U+FFFD echoed shows that libedit, not the terminal driver, has the line.)
        terminal.send(Array("open wayfinder://login/forgot?email=a".utf8) + [0xFF])
        try terminal.waitFor("a\u{FFFD}")
        terminal.send([0x7F] + Array("b\r".utf8))
        try terminal.waitFor("wayfinder://login/forgot?email=ab> ")

        // A password (read without libedit, echo off) that is not UTF-8: refused, and the
        // prompt asks again.
        terminal.send(Array("login alice\r".utf8))
        try terminal.waitFor("Password for alice:")
        terminal.send(Array("wonder".utf8) + [0xFF] + Array("land\r".utf8))
        try terminal.waitFor("error: line is not valid UTF-8 (byte 7)")
        try terminal.waitFor("Password for alice:")
        terminal.send(Array("wonderland\r".utf8))
        try terminal.waitFor("Signed in as alice.")
        try terminal.waitFor("wayfinder://main/feed> ")

        // An interactive session ends with 0 whatever failed. (`quit` rather than Ctrl-D,
        // which the terminal driver would take as end of file if it came before libedit
        // had the terminal.)
        terminal.send(Array("quit\r".utf8))
        #expect(try terminal.waitForExit() == 0, "\(terminal.shown)")
    }
}

/// `wayfinder --fresh` on a pseudo-terminal (NO_COLOR, a UTF-8 locale, its own data and
/// state directories), started with no signals blocked or ignored.
private final class PseudoTerminalSession {
    let master: Int32
    let pid: pid_t
    let directory: String
    private var output: [UInt8] = []
    /// Where the next ``waitFor(_:)`` starts looking, so that each waits for new output.
    private var searchFrom = 0
    private var exited = false
    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`).
    static let unlockRequest = UInt(0x4004_5431)
    static let numberRequest = UInt(0x8004_5430)

    init() throws {
        directory = try CLI.temporaryDirectory()
        // posix_openpt, unlockpt and ptsname, which Swift does not import here: Linux's
        // multiplexer and its TIOCSPTLCK and TIOCGPTN requests.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0, "/dev/ptmx: errno \(errno)")
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, Self.unlockRequest, &unlock) == 0, "TIOCSPTLCK: errno \(errno)")
        try #require(ioctl(master, Self.numberRequest, &number) == 0, "TIOCGPTN: errno \(errno)")
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = [CLI.binary.path, "--fresh"]
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(directory)", "XDG_STATE_HOME=\(directory)",
            "WAYFINDER_HOME=\(directory)", "TERM=xterm-256color", "LANG=C.UTF-8", "NO_COLOR=1",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, &argv, &envp)
        try #require(status == 0, "posix_spawn: \(status)")
        pid = child
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// Writes `bytes` as if typed.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Reads what is there, waiting up to `milliseconds` for something.
    private func readAvailable(milliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output += buffer[..<count]
        }
    }

    /// Waits until `text` appears in the output after what earlier waits found.
    func waitFor(_ text: String, seconds: Double = 15) throws {
        let wanted = Array(text.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let range = find(wanted) {
                searchFrom = range.upperBound
                return
            }
            guard Date() < deadline else {
                throw TerminalFailure(description: "waited in vain for \(text.debugDescription)\n\(shown)")
            }
            readAvailable(milliseconds: 50)
        }
    }

    private func find(_ wanted: [UInt8]) -> Range<Int>? {
        guard output.count - searchFrom >= wanted.count, !wanted.isEmpty else { return nil }
        for start in searchFrom...(output.count - wanted.count) where output[start..<(start + wanted.count)].elementsEqual(wanted) {
            return start..<(start + wanted.count)
        }
        return nil
    }

    /// Waits for the program to end and returns its exit status.
    func waitForExit(seconds: Double = 15) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exited = true
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            readAvailable(milliseconds: 50)
        }
        throw TerminalFailure(description: "wayfinder did not exit\n\(shown)")
    }

    /// The output so far, for failure messages.
    var shown: String {
        "----- output -----\n" + String(decoding: output.suffix(4000), as: UTF8.self).debugDescription + "\n------------------"
    }

    /// Ends the program if it still runs, and removes its directory.
    func end() {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

private struct TerminalFailure: Error, CustomStringConvertible {
    let description: String
}
