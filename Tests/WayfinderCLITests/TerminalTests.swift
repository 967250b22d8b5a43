import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL in a real terminal: the built `wayfinder` runs in a tmux pane (120×40,
/// TERM=xterm-256color), keys go in with `send-keys` and the screen comes back with
/// `capture-pane`. Each test has its own tmux server, HOME and XDG_STATE_HOME.
///
/// Nothing here measures time: every wait polls the screen until the expected text is there
/// and, after a bounded number of polls, fails with the last screen in the message.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct TerminalTests {
    // MARK: 1. Tab completion

    @Test func tabCompletesACommandAndADeepLink() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")

        // `hel` + Tab becomes `help ` with the space, so `where` is help's argument.
        try pane.type("hel")
        try pane.press("Tab")
        try await pane.waitUntil("`hel` completed to `help`") { $0.lastLine == "wayfinder://login> help" }
        try pane.type("where")
        try pane.press("Enter")
        let help = try await pane.waitUntil("`help where` or `helpwhere` to run") { screen in
            screen.lastLine == "wayfinder://login>"
                && screen.lines.contains { $0.hasPrefix("wayfinder://login> help") && $0.hasSuffix("where") }
        }
        #expect(
            help.lines.contains { $0.contains("print the link of what is on screen") },
            "`hel` + Tab + `where` should run `help where`:\n\(help)")
        #expect(!help.text.contains("helpwhere"), "Tab added no space after `help`:\n\(help)")

        // A link with one candidate is completed with a space after it.
        try pane.type("open wayfinder://login/fo")
        try pane.press("Tab")
        let line = "wayfinder://login> open wayfinder://login/forgot"
        let completed = await pane.poll { screen in
            screen.lastLine == line && (try? pane.format("#{cursor_x}")) == String(line.count + 1)
        }
        #expect(
            completed != nil,
            "expected `\(line) ` with the cursor after the space (column \((try? pane.format("#{cursor_x}")) ?? "?")):\n\(pane.shown)")
        try pane.press("Enter")
        try await pane.waitForPrompt("wayfinder://login/forgot")

        // wayfinder://login/register/terms matches too, so Tab inserts the longest common
        // prefix and no space; the link then opens as it is.
        try pane.type("open wayfinder://login/reg")
        try pane.press("Tab")
        try await pane.waitUntil("the link completed to wayfinder://login/register") {
            $0.lastLine == "wayfinder://login/forgot> open wayfinder://login/register"
        }
        try pane.press("Enter")
        let register = try await pane.waitForPrompt("wayfinder://login/register")
        #expect(register.text.contains("Create an account"), "the link did not open the register screen:\n\(register)")
    }

    // MARK: 2. History across runs

    @Test func upRecallsLinesFromAnEarlierRunAndTheHistoryFileIsPrivate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }

        do {
            let first = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
            defer { first.shutDown() }
            try await first.waitForPrompt("wayfinder://login")
            try await first.signIn()
            let output = try await first.run("where")
            #expect(output == ["wayfinder://main/feed"], "where after signing in:\n\(first.shown)")
            try first.press("C-d")
            let status = try await first.waitForExitStatus()
            #expect(status == 0, "Ctrl-D should end the first run with status 0:\n\(first.shown)")
        }

        let historyPath = sandbox.stateHome.appendingPathComponent("wayfinder/history").path
        let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
        let permissions = try #require(attributes[.posixPermissions] as? NSNumber).intValue
        #expect(permissions == 0o600, "history file mode is \(String(permissions, radix: 8)), expected 600")
        let history = try String(contentsOfFile: historyPath, encoding: .utf8)
        let entries = history.split(separator: "\n").map(String.init)
        #expect(entries.suffix(2) == ["login alice", "where"], "history file:\n\(history)")
        #expect(!history.contains("wonderland"), "the password was written to the history file:\n\(history)")

        let second = try TmuxPane(sandbox: sandbox)
        defer { second.shutDown() }
        // The second run may start where the first one left off; any prompt will do.
        let prompt = try await second.waitForPrompt { _ in true }.lastLine
        try second.press("Up")
        try await second.waitUntil("Up to recall `where` from the first run") {
            $0.lastLine == prompt + " where"
        }
        try second.press("Up")
        try await second.waitUntil("a second Up to recall `login alice`") {
            $0.lastLine == prompt + " login alice"
        }
    }

    // MARK: 3. Ctrl-C

    @Test func ctrlCCancelsAHalfTypedLine() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")

        try pane.type("regis")
        try await pane.waitUntil("`regis` typed") { $0.lastLine == "wayfinder://login> regis" }
        try pane.press("C-c")
        let afterInterrupt = await pane.poll { screen in
            screen.lastLine == "wayfinder://login>"
                && screen.lines.dropLast().last?.hasPrefix("wayfinder://login> regis") == true
        }
        #expect(afterInterrupt != nil, "Ctrl-C should leave `regis` and show a fresh prompt below it:\n\(pane.shown)")

        try pane.type("where")
        try pane.press("Enter")
        let screen = try await pane.waitUntil("the output of where") { screen in
            screen.lines.contains("wayfinder://login") || screen.text.contains("regiswhere")
        }
        #expect(!screen.text.contains("regiswhere"), "the cancelled text was kept and joined to the next line:\n\(screen)")
        #expect(screen.lines.contains("wayfinder://login"), "where did not print the link:\n\(screen)")
    }

    // MARK: 4. Ctrl-D

    /// Status 0 even after a command failed: only a piped session reports failures in its status.
    @Test func ctrlDOnAnEmptyLineExitsWithStatus0() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://login"], "where:\n\(pane.shown)")
        let failed = try await pane.run("bogus")
        #expect(failed.contains { $0.hasPrefix("error: unknown command 'bogus'") }, "bogus:\n\(pane.shown)")

        try pane.press("C-d")
        let status = try await pane.waitForExitStatus()
        #expect(status == 0, "Ctrl-D on an empty line:\n\(pane.shown)")
    }

    // MARK: 5. Password

    @Test func thePasswordIsNotEchoed() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()

        let screen = try pane.screen()
        #expect(!screen.lines.contains { $0.hasPrefix("Password for alice:") && $0.contains("wonderland") }, "\(screen)")
        #expect(screen.lines.contains("Password for alice:"), "the password prompt is not on screen:\n\(screen)")
        #expect(screen.lines.contains("Signed in as alice."), "\(screen)")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://main/feed"], "where after signing in:\n\(pane.shown)")
    }

    // MARK: 6. Terminal title

    @Test func aTitleSequenceInAPostTitleIsShownEscapedAndDoesNotRenameThePane() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let titleBefore = try pane.format("#{pane_title}")
        try await pane.signIn()

        try pane.type("open wayfinder://main/feed/post/13")
        try pane.press("Enter")
        let screen = try await pane.waitForPrompt("wayfinder://main/feed/post/13")
        #expect(
            screen.text.contains(#"Terminal titles \u{1B}]2;x\u{07} can be rewritten"#),
            "the title should appear with its control characters escaped:\n\(screen)")
        let title = try pane.format("#{pane_title}")
        #expect(title != "x", "the post title renamed the pane (it was \"\(titleBefore)\"):\n\(screen)")

        // Control: the same sequence printed raw does rename a pane on this tmux, so the
        // check above can fail.
        // (The window stays open a while, so that its title can still be read under load.)
        let control = try pane.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", #"printf '\033]2;x\007'; sleep 20"#])
        let renamed = await pane.poll { _ in (try? pane.tmux(["display", "-p", "-t", control, "#{pane_title}"])) == "x" }
        #expect(renamed != nil, "tmux ignored a raw OSC 2 title here, so the check above proves nothing")
    }

    // MARK: 6b. Window resizes

    /// The pane shrinks from 120 to 40 columns: libedit takes the new width (SIGWINCH), so
    /// editing a line longer than the pane leaves the prompt intact, and screens are wrapped
    /// on word boundaries to fit.
    @Test func aResizedPaneIsEditedAndDrawnAtItsNewWidth() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        _ = try pane.tmux(["set-option", "-g", "window-size", "manual"])
        _ = try pane.tmux(["resize-window", "-x", "40", "-y", String(TmuxPane.height)])
        try await pane.waitUntil("the pane is 40 columns wide") { _ in (try? pane.format("#{pane_width}")) == "40" }
        _ = try await pane.run("where")

        // A line longer than the pane, then the cursor to its start and one more character.
        let line = "open wayfinder://login/register/terms"
        try pane.type(line)
        try pane.press("C-a")
        try pane.type("X")
        let prompt = "wayfinder://login> "
        let edited = prompt + "X" + line
        let drawn = try await pane.waitUntil("the edited line") { $0.lastLine == edited }
        // The rows as the terminal shows them (not joined): the prompt, then the line wrapped
        // at the pane's new width.
        let rows = Screen(try pane.tmux(["capture-pane", "-p"])).lines.suffix(2)
        #expect(Array(rows) == [String(edited.prefix(40)), String(edited.dropFirst(40))], "the prompt is intact:\n\(drawn)")
        try pane.press("C-u")
        try pane.press("Enter")
        try await pane.waitForPrompt("wayfinder://login")

        // Every line of a screen fits, broken between words.
        try await pane.signIn()
        let screen = try await pane.run("refresh", prompt: "wayfinder://main/feed")
        #expect(screen.contains("Also: help, back, root, open, where,"), "wrapped between words:\n\(screen)")
        #expect(screen.contains("Commands: post <id>|#<n>, next, prev,"), "\(screen)")
        // (tmux would cut a longer line at the edge: a word cut there would show.)
        #expect(!screen.contains { $0.hasSuffix(" pa") || $0.hasSuffix(" wh") }, "\(screen)")
    }

    // MARK: 7. Colour

    @Test func aNormalRunIsColoured() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        _ = try await pane.run("where")
        let styled = try pane.capture(escapes: true)
        #expect(styled.contains(sgrPattern), "no SGR escape sequence on screen:\n\(styled.debugDescription)")
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func noColourWhenTheEnvironmentAsksForNone(_ environment: [String: String]) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, environment: environment)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://login"], "where:\n\(pane.shown)")
        let styled = try pane.capture(escapes: true)
        #expect(!styled.contains(sgrPattern), "SGR escape sequences with \(environment):\n\(styled.debugDescription)")
        #expect(!styled.contains("\u{1B}"), "escape sequences with \(environment):\n\(styled.debugDescription)")
    }

    private var sgrPattern: Regex<Substring> { /\x1B\[[0-9;:]*m/ }

    // MARK: 8. UTF-8 without a UTF-8 locale

    @Test(arguments: [[:], ["LANG": "C"], ["LC_ALL": "C", "LANG": "C"]])
    func utf8InputIsEditedAsCharactersWithoutAUTF8Locale(_ locale: [String: String]) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, environment: locale, locale: nil)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()
        _ = try await pane.run("tab search", prompt: "wayfinder://main/search")

        // Left moves over the two-byte `é` as one character, and BackSpace then removes `X`.
        // The screen is checked on the way; the link decides.
        try pane.type("find cafXé")
        let typed = await pane.poll { $0.lastLine == "wayfinder://main/search> find cafXé" }
        #expect(typed != nil, "`find cafXé` is not shown as typed with \(locale):\n\(pane.shown)")
        try pane.press("Left")
        try pane.press("BSpace")
        if typed != nil {
            let edited = await pane.poll { $0.lastLine == "wayfinder://main/search> find café" }
            #expect(edited != nil, "Left and BackSpace did not leave `find café` with \(locale):\n\(pane.shown)")
        }
        try pane.press("Enter")
        try await pane.waitForPrompt { $0.hasPrefix("wayfinder://main/search?q=") }
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://main/search?q=caf%C3%A9"], "with \(locale):\n\(pane.shown)")
    }
}

// MARK: - Helpers

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmuxPath)
        process.arguments = ["-u", "-L", socket, "-f", configuration.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try Self.runWithDefaultSignalMask(process)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        let status = Self.exitStatus(of: process)
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
