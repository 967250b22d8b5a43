import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The tmux harness of the terminal tests: a sandbox HOME, the screen, and a pane to drive.

/// A temporary HOME and XDG_STATE_HOME, removed by ``remove()``.
struct Sandbox {
    let root: URL
    var home: URL { root.appendingPathComponent("home") }
    var stateHome: URL { root.appendingPathComponent("state") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("state"), withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// What `capture-pane` showed: the scrollback and the visible screen, each line without
/// trailing spaces, without the blank lines below the last text.
struct Screen: CustomStringConvertible {
    let lines: [String]

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    var text: String { lines.joined(separator: "\n") }
    var lastLine: String { lines.last ?? "" }

    /// The last 45 lines, enough for a failure message.
    var description: String {
        "----- screen -----\n" + lines.suffix(45).joined(separator: "\n") + "\n------------------"
    }

    static func isEmptyPrompt(_ line: String) -> Bool {
        line.hasPrefix("wayfinder://") && line.hasSuffix(">") && !line.contains(" ")
    }
}

private struct TerminalTestFailure: Error, CustomStringConvertible {
    let description: String
}

/// `wayfinder` in a pane of its own tmux server.
final class TmuxPane {
    static let width = 120
    static let height = 40
    /// Polls before a wait gives up, and the pause between them.
    static let polls = 150
    static let pause: Duration = .milliseconds(50)

    let tmuxPath: String
    let socket = "wayfinder-test-\(UUID().uuidString.prefix(8))"
    let configuration: URL
    let statusFile: URL?
    /// The server's process and socket, once it runs.
    private var server: (pid: pid_t, socketPath: String)?

    /// Starts `wayfinder` with no arguments in a new detached session.
    /// - Parameters:
    ///   - environment: Added to or replacing the pane's variables.
    ///   - locale: `LANG` in the pane; nil leaves LANG and the LC_ variables unset.
    ///   - recordsExitStatus: Runs the binary under `sh`, which writes its exit status to a
    ///     file for ``waitForExitStatus()``. Only without Ctrl-C: `sh` shares the process group.
    ///   - unprivileged: Runs it as the unprivileged user (``Unprivileged``); give it the
    ///     sandbox first.
    init(
        sandbox: Sandbox, environment: [String: String] = [:], locale: String? = "C.UTF-8",
        recordsExitStatus: Bool = false, unprivileged: Bool = false
    ) throws {
        tmuxPath = try #require(CLI.which("tmux"))
        let id = UUID().uuidString
        configuration = sandbox.root.appendingPathComponent("tmux-\(id).conf")
        try """
            set -g remain-on-exit on
            set -g status off
            set -g history-limit 5000
            """.write(to: configuration, atomically: true, encoding: .utf8)
        statusFile = recordsExitStatus ? sandbox.root.appendingPathComponent("status-\(id)") : nil

        var variables = [
            "PATH": "/usr/bin:/bin",
            "HOME": sandbox.home.path,
            "XDG_STATE_HOME": sandbox.stateHome.path,
            "TERM": "xterm-256color",
        ]
        if let locale { variables["LANG"] = locale }
        for (key, value) in environment { variables[key] = value }
        var command = ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        command += unprivileged ? try #require(try Unprivileged.command()) : [CLI.binary.path]
        if let statusFile {
            let script = #"out=$1; shift; "$@"; status=$?; echo "$status" > "$out.tmp" && mv "$out.tmp" "$out""#
            command = ["/bin/sh", "-c", script, "sh", statusFile.path] + command
        }
        // With more than one argument tmux runs the command itself, without a shell.
        try tmux(["new-session", "-d", "-x", String(Self.width), "-y", String(Self.height)] + command)
        let facts = try format("#{pid} #{socket_path}").split(separator: " ", maxSplits: 1).map(String.init)
        if facts.count == 2, let pid = pid_t(facts[0]) { server = (pid, facts[1]) }
    }

    /// Kills the tmux server, which hangs up the panes, and makes sure that the processes
    /// started in them are gone.
    func shutDown() {
        let panes = ((try? tmux(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "")
            .split(separator: "\n").compactMap { pid_t($0) }.map(OwnProcess.init)
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket behind.
        if let server, server.socketPath.hasSuffix("/" + socket) {
            _ = OwnProcess(server.pid).waitForEnd(seconds: 2)
            _ = unlink(server.socketPath)
        }
        for pane in panes where !pane.waitForEnd(seconds: 2) {
            Issue.record("process \(pane.pid) outlived the hangup of its terminal; killing it")
            pane.send(SIGKILL)
        }
    }

    /// Whether `pid` exists and has not ended (a zombie has ended).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return true }
        // "pid (name) S …": the state follows the name.
        return stat[end...].dropFirst(2).first != "Z"
    }

    /// Runs `tmux -L socket -f configuration arguments` and returns its standard output
    /// without the final newline.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let (status, out, err) = try TmuxCommand.run(tmuxPath, ["-u", "-L", socket, "-f", configuration.path] + arguments)
        guard status == 0 else {
            var message = "tmux \(arguments.joined(separator: " ")) exited \(status): " + String(decoding: err, as: UTF8.self)
            if let server, !Self.isRunning(server.pid) {
                message += " (the tmux server, process \(server.pid), has ended)"
            }
            throw TerminalTestFailure(description: message)
        }
        var text = String(decoding: out, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", "--", text])
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `C-c`, …
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "--"] + keys)
    }

    /// A format expanded for the pane, such as `#{pane_title}`.
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format])
    }

    /// The scrollback and the screen, lines joined where they wrapped.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-"] + (escapes ? ["-e"] : []))
    }

    func screen() throws -> Screen {
        Screen(try capture())
    }

    /// The screen for a failure message.
    var shown: String {
        (try? screen())?.description ?? "(no screen)"
    }

    /// Polls the screen until `condition` holds; nil when it never did.
    func poll(_ condition: (Screen) -> Bool) async -> Screen? {
        for _ in 0..<Self.polls {
            if let screen = try? screen(), condition(screen) { return screen }
            try? await Task.sleep(for: Self.pause)
        }
        return nil
    }

    /// Polls the screen until `condition` holds, and throws with the last screen when it never does.
    @discardableResult
    func waitUntil(_ what: String, _ condition: (Screen) -> Bool) async throws -> Screen {
        if let screen = await poll(condition) { return screen }
        throw TerminalTestFailure(description: "waited in vain for \(what)\n\(shown)")
    }

    /// Waits until the last line is the empty prompt of `link`, and returns the screen.
    @discardableResult
    func waitForPrompt(_ link: String) async throws -> Screen {
        try await waitUntil("the prompt \(link)> ") { $0.lastLine == link + ">" }
    }

    /// Waits until the last line is an empty prompt whose link matches.
    @discardableResult
    func waitForPrompt(where link: (String) -> Bool) async throws -> Screen {
        try await waitUntil("a new prompt") { screen in
            Screen.isEmptyPrompt(screen.lastLine) && link(String(screen.lastLine.dropLast()))
        }
    }

    /// Types `command` and Enter at the prompt, waits for the next prompt, and returns the
    /// lines printed in between.
    /// - Parameter prompt: The link of the next prompt, when it is known.
    @discardableResult
    func run(_ command: String, prompt: String? = nil) async throws -> [String] {
        let echo = "> " + command
        func isEcho(_ line: String) -> Bool { line.hasPrefix("wayfinder://") && line.hasSuffix(echo) }
        let earlier = try screen().lines.filter(isEcho).count
        try type(command)
        try press("Enter")
        let screen = try await waitUntil("`\(command)` to finish") { screen in
            Screen.isEmptyPrompt(screen.lastLine) && screen.lines.filter(isEcho).count > earlier
                && (prompt.map { screen.lastLine == $0 + ">" } ?? true)
        }
        let start = try #require(screen.lines.lastIndex(where: isEcho))
        return Array(screen.lines[(start + 1)..<(screen.lines.count - 1)])
    }

    /// Signs in as alice: `login alice`, then the password once the terminal no longer echoes.
    func signIn() async throws {
        try type("login alice")
        try press("Enter")
        try await waitUntil("the password prompt") { $0.lastLine == "Password for alice:" }
        // The prompt may be on screen a moment before echo is turned off; typing then would
        // show the password through no fault of the test.
        let tty = try format("#{pane_tty}")
        let silent = await poll { _ in Self.echoIsOff(tty: tty) == true }
        #expect(silent != nil, "the terminal still echoes at the password prompt (\(tty))")
        try type("wonderland")
        try press("Enter")
        try await waitForPrompt("wayfinder://main/feed")
    }

    /// Whether the ECHO flag of the terminal at `tty` is clear; nil when it cannot be read.
    static func echoIsOff(tty: String) -> Bool? {
        let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else { return nil }
        return attributes.c_lflag & tcflag_t(ECHO) == 0
    }

    /// Waits for the status that the `sh` wrapper wrote when `wayfinder` ended.
    func waitForExitStatus() async throws -> Int32 {
        let statusFile = try #require(statusFile, "start the pane with recordsExitStatus: true")
        for _ in 0..<Self.polls {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8) {
                return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), "status file: \(text)")
            }
            try? await Task.sleep(for: Self.pause)
        }
        throw TerminalTestFailure(description: "wayfinder did not exit\n\(shown)")
    }
}

/// Runs the `tmux` client for the panes of these tests.
enum TmuxCommand {
    /// Runs `tmux arguments` (the caller's socket and configuration among them) with no
    /// standard input and the tmux variables of an enclosing session removed; its exit
    /// status, standard output and standard error.
    static func run(_ tmuxPath: String, _ arguments: [String]) throws -> (status: Int32, out: Data, err: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmuxPath)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try runWithDefaultSignalMask(process)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        return (exitStatus(of: process), out, err)
    }

    /// Starts `process` from a thread that blocks no signals.
    ///
    /// A child inherits the signal mask of the thread that starts it, and Swift's worker
    /// threads block most signals. A tmux server started with SIGCHLD and SIGTERM blocked
    /// never notices that a pane ended and ignores `kill-server`.
    private static func runWithDefaultSignalMask(_ process: Process) throws {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try process.run() } catch { outcome.error = error }
            outcome.done.signal()
        }
        thread.start()
        outcome.done.wait()
        if let error = outcome.error { throw error }
    }

    /// The exit status of `process`, without `waitUntilExit()`.
    ///
    /// Foundation learns that a child ended when a socket it gave the child closes. The tmux
    /// server that the first command forks keeps that socket open, so `waitUntilExit()` on
    /// that command would wait for the server to end. `waitid` with `WNOWAIT` waits for the
    /// client itself and leaves the zombie for Foundation to reap.
    private static func exitStatus(of process: Process) -> Int32 {
        var info = siginfo_t()
        while true {
            if waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOWAIT) == 0 {
                let status = info._sifields._sigchld.si_status
                return info.si_code == CLD_EXITED ? status : 128 + status
            }
            if errno != EINTR { break }
        }
        // Already reaped by Foundation, which then has the status.
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Types `text` literally.
}
