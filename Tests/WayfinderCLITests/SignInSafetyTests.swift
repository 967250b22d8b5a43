import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #15 through the built `wayfinder`, on its SQLite data: text fields refuse control
/// characters and bidirectional overrides (item 7), search folds case and normalises
/// (item 8), a cancelled sign-in changes nothing and `create` checks the name before the
/// password (item 13), `send` says one thing (item 15).
@Suite struct SignInSafetyTests {
    /// One data directory for the runs of a test.
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    func run(_ stdin: String, _ arguments: [String] = []) throws -> CLI.Result {
        try CLI.run(arguments, stdin: stdin, environment: ["WAYFINDER_HOME": home])
    }

    private func state() throws -> String {
        try run("state\n").stdout
    }

    // MARK: 7. Refused text

    // MARK: 8. Search

    @Test func searchFoldsCaseAndNormalisesInTheDatabase() throws {
        let result = try run("""
            login alice
            wonderland
            compose
            title Notes from the cafe\u{301}
            body Typed with a combining accent.
            publish
            tab search
            find CAFÉ
            find café
            find cafe
            find STRASSE

            """)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("1 post matches \"CAFÉ\"\n  [37] Notes from the cafe\u{301}"), "\(result.stdout)")
        #expect(result.stdout.contains("1 post matches \"café\"\n  [37] Notes from the cafe\u{301}"), "\(result.stdout)")
        #expect(result.stdout.contains("0 posts match \"cafe\""), "accents count: \(result.stdout)")
        #expect(result.stdout.contains("0 posts match \"STRASSE\""), "\(result.stdout)")
    }

    @Test func aSearchLinkWithAnOverrideSaysWhy() throws {
        let result = try run("login alice\nwonderland\n", ["wayfinder://main/search?q=evil%E2%80%AEtxt"])
        #expect(result.stdout.contains(
            "Could not search: the search cannot contain control characters or bidirectional overrides (found U+202E)"), "\(result.stdout)")
    }

    // MARK: 13. The name before the password

    @Test func createSaysATakenNameBeforeAskingForAPassword() throws {
        // `where` is a command, not a password typed for a name that cannot be had.
        let result = try run("register\ncreate alice\nwhere\n")
        #expect(result.stderr == "wayfinder: error: the name 'alice' is taken\n")
        #expect(result.stdout.hasSuffix("wayfinder://login/register\n"), "\(result.stdout)")
        #expect(result.status == 1)
    }

    @Test func theRightPasswordSwitchesUsersOnTheSameScreen() throws {
        let result = try run("login alice\nwonderland\npost 7\nlogin bob\nwonderland\n")
        #expect(result.stdout.contains("Signed in as bob."))
        let after = try state()
        #expect(after.contains("\"url\":\"wayfinder://main/feed/post/7\""), "\(after)")
        #expect(after.contains("\"user\":\"bob\""), "\(after)")
    }

    // MARK: 13. A cancelled sign-in changes nothing

    @Test
    func theEndOfInputAtThePasswordOfASecondSignInChangesNothing() throws {
        let result = try run("login alice\nwonderland\npost 7\nlogin bob\n")
        // The sign-in that was begun did not happen: a failure, on stderr.
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: the input ended at the password prompt\nwayfinder: Sign-in cancelled; still signed in as alice.\n")
        #expect(!result.stdout.contains("cancelled"), "\(result.stdout)")
        #expect(!result.stdout.contains("Sign in to continue"), "the sign-in screen was shown:\n\(result.stdout)")
        // The next run: the same user (the session was not ended), on the same screen.
        let after = try state()
        #expect(after.contains("\"url\":\"wayfinder://main/feed/post/7\""), "\(after)")
        #expect(after.contains("\"user\":\"alice\""), "\(after)")
        #expect(after.contains("\"pending\":null"), "\(after)")
    }

    @Test
    func aWrongPasswordForASecondSignInChangesNothing() throws {
        // Each line after a wrong password is the next try, three in all; then `state` is a command.
        let result = try run("login alice\nwonderland\npost 7\nlogin bob\nnope\nstate\nnope again\nstate\n")
        #expect(result.stderr == "wayfinder: error: wrong password for 'bob'\nwayfinder: error: wrong password for 'bob'\n"
            + "wayfinder: error: wrong password for 'bob' (3 tries; type login bob to try again)\n")
        #expect(result.stdout.hasSuffix(
            "{\"url\":\"wayfinder://main/feed/post/7\",\"flow\":\"main\",\"tab\":\"feed\",\"stack\":[{\"screen\":\"feed\",\"params\":{}},{\"screen\":\"post\",\"params\":{\"id\":7}}],\"presentation\":null,\"pending\":null,\"confirming\":null,\"user\":\"alice\"}\n"),
            "\(result.stdout)")
    }

    @Test
    func theEndOfInputAtTheSignInPasswordSaysSo() throws {
        let result = try run("login bob\n")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == "wayfinder: error: the input ended at the password prompt\nwayfinder: Sign-in cancelled.\n")
        #expect(result.status == 1)
        let registering = try run("register\ncreate zed\n")
        #expect(registering.stderr == "wayfinder: error: the input ended at the password prompt\nwayfinder: Registration cancelled; no account was created.\n")
        #expect(registering.status == 1)
    }

    // MARK: 15. One message

    @Test func sendOnTheForgotScreenSaysOneThing() throws {
        let result = try run("forgot\nsend a@b.c\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("a@b.c") }
        #expect(lines == ["If a@b.c has an account, a reset link is on its way."], "\(result.stdout)")
        #expect(!result.stdout.contains("was sent"), "\(result.stdout)")
    }
}

/// Ctrl-C at a password prompt, in a real terminal (tmux): the signed-in user, the screen
/// and the session stay as they were, and one line says the sign-in was cancelled.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct CancelledSignInTerminalTests {
    @Test
    func ctrlCAtThePasswordOfASecondSignInChangesNothing() async throws {
        let pane = try PasswordPane()
        defer { pane.shutDown() }
        try await pane.waitForLastLine("wayfinder://login>")
        try pane.type("login alice\n")
        try await pane.waitForLastLine("Password for alice:")
        try await pane.waitForNoEcho()
        try pane.type("wonderland\n")
        try await pane.waitForLastLine("wayfinder://main/feed>")
        try pane.type("post 7\n")
        try await pane.waitForLastLine("wayfinder://main/feed/post/7>")

        try pane.type("login bob\n")
        try await pane.waitForLastLine("Password for bob:")
        try await pane.waitForNoEcho()
        try pane.type("wonder")
        try pane.press("C-c")
        let cancelled = try await pane.waitForLastLine("wayfinder://main/feed/post/7>")
        let tail = cancelled.suffix(3)
        #expect(Array(tail) == ["Password for bob:", "Sign-in cancelled; still signed in as alice.", "wayfinder://main/feed/post/7>"],
                "\(cancelled.joined(separator: "\n"))")
        #expect(!cancelled.contains { $0.contains("wonder") && !$0.contains("wonderland") }, "the half-typed password was echoed")

        try pane.type("state\n")
        let state = try await pane.waitUntil("the state") { lines in lines.contains { $0.hasPrefix("{\"url\":") } }
        let json = try #require(state.last { $0.hasPrefix("{\"url\":") })
        #expect(json.contains("\"url\":\"wayfinder://main/feed/post/7\""), "\(json)")
        #expect(json.contains("\"user\":\"alice\""), "\(json)")
        #expect(json.contains("\"pending\":null"), "\(json)")
    }

    @Test
    func ctrlCAtTheSignInPasswordSaysSo() async throws {
        let pane = try PasswordPane()
        defer { pane.shutDown() }
        try await pane.waitForLastLine("wayfinder://login>")
        try pane.type("login bob\n")
        try await pane.waitForLastLine("Password for bob:")
        try await pane.waitForNoEcho()
        try pane.press("C-c")
        let lines = try await pane.waitForLastLine("wayfinder://login>")
        #expect(Array(lines.suffix(3)) == ["Password for bob:", "Sign-in cancelled.", "wayfinder://login>"], "\(lines.joined(separator: "\n"))")
    }
}

// MARK: - A small tmux driver (PasswordPromptTests uses it too)

struct PaneFailure: Error, CustomStringConvertible {
    let description: String
}

/// `wayfinder` in a 120×40 pane of its own tmux server, with its own HOME, data and history.
/// Every wait polls the screen (at most 150 times, 50 ms apart).
final class PasswordPane {
    let tmuxPath: String
    let socket = "wayfinder-signin-\(UUID().uuidString.prefix(8))"
    let root: URL
    let configuration: URL

    /// Where the exit status is written, in a pane made with `recordsExitStatus`.
    var statusFile: URL { root.appendingPathComponent("status") }

    /// Runs `wayfinder` with `arguments`.
    init(recordsExitStatus: Bool = false, arguments: [String] = []) throws {
        tmuxPath = try #require(CLI.which("tmux"))
        root = URL(fileURLWithPath: try CLI.temporaryDirectory())
        configuration = root.appendingPathComponent("tmux.conf")
        try "set -g remain-on-exit on\nset -g status off\nset -g history-limit 5000\n".write(to: configuration, atomically: true, encoding: .utf8)
        let variables = [
            "PATH": "/usr/bin:/bin", "HOME": root.path, "XDG_STATE_HOME": root.path, "WAYFINDER_HOME": root.appendingPathComponent("data").path,
            "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        let program = recordsExitStatus
            ? ["/bin/sh", "-c", "s=$1; shift; \"$0\" \"$@\"; echo $? > \"$s\"", CLI.binary.path, statusFile.path] + arguments
            : [CLI.binary.path] + arguments
        let command = ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + program
        try tmux(["new-session", "-d", "-x", "120", "-y", "40"] + command)
    }

    func shutDown() {
        let panes = ((try? tmux(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "").split(separator: "\n").compactMap { pid_t($0) }.map(OwnProcess.init)
        _ = try? tmux(["kill-server"])
        for pane in panes where !pane.waitForEnd(seconds: 2) {
            pane.send(SIGKILL)
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Types `text` literally (`\n` is Enter).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", "--", text])
    }

    /// Presses a key by tmux name (`C-c`).
    func press(_ key: String) throws {
        try tmux(["send-keys", "--", key])
    }

    /// The scrollback and the screen, lines joined where they wrapped, trailing blanks cut.
    func lines() throws -> [String] {
        var lines = try tmux(["capture-pane", "-p", "-J", "-S", "-"]).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    @discardableResult
    func waitUntil(_ what: String, _ condition: ([String]) -> Bool) async throws -> [String] {
        for _ in 0..<150 {
            if let lines = try? lines(), condition(lines) { return lines }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw PaneFailure(description: "waited in vain for \(what)\n\(((try? lines()) ?? []).suffix(40).joined(separator: "\n"))")
    }

    @discardableResult
    func waitForLastLine(_ line: String) async throws -> [String] {
        try await waitUntil("the last line to be '\(line)'") { $0.last == line }
    }

    /// Waits until the terminal no longer echoes (the password prompt may show a moment
    /// before echo is turned off).
    func waitForNoEcho() async throws {
        let tty = try tmux(["display-message", "-p", "#{pane_tty}"])
        try await waitUntil("echo to be off on \(tty)") { _ in
            let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
            guard descriptor >= 0 else { return false }
            defer { _ = close(descriptor) }
            var attributes = termios()
            return tcgetattr(descriptor, &attributes) == 0 && attributes.c_lflag & tcflag_t(ECHO) == 0
        }
    }

    /// Runs `tmux -L socket -f configuration arguments`; its standard output without the
    /// final newline.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let (status, out, err) = try TmuxCommand.run(tmuxPath, ["-u", "-L", socket, "-f", configuration.path] + arguments)
        guard status == 0 else {
            throw PaneFailure(description: "tmux \(arguments.joined(separator: " ")) exited \(status): " + String(decoding: err, as: UTF8.self))
        }
        var text = String(decoding: out, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
