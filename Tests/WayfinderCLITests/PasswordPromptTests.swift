import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #29 item 9, in a real terminal (tmux, through ``PasswordPane``): Ctrl-D at a password
/// prompt cancels only the prompt; the terminal's editing keys cannot enter a password; a new
/// password is asked for twice, and neither entry is echoed or stored.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct PasswordPromptTests {
    @Test func ctrlDAtThePasswordPromptCancelsOnlyThePrompt() async throws {
        let pane = try PasswordPane(recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForLastLine("wayfinder://login>")
        try pane.type("login bob\n")
        try await pane.waitForLastLine("Password for bob:")
        try await pane.waitForNoEcho()
        try pane.press("C-d")
        let cancelled = try await pane.waitForLastLine("wayfinder://login>")
        #expect(Array(cancelled.suffix(3)) == ["Password for bob:", "Sign-in cancelled.", "wayfinder://login>"],
                "\(cancelled.joined(separator: "\n"))")
        #expect(try pane.isRunning(), "Ctrl-D at the password prompt ended the REPL")
        #expect(try await pane.state().contains("\"user\":null"), "still signed out")

        // A second Ctrl-D, at the normal prompt, leaves as usual. (Keys typed before libedit
        // takes the terminal are read in line mode, where Ctrl-D is no key: wait for it.)
        try await pane.waitForLastLine("wayfinder://login>")
        try await pane.waitForLineEditor()
        try pane.press("C-d")
        #expect(try await pane.waitForExitStatus() == 0)
    }

    @Test func ctrlDAfterTypingCancelsTooAndTheSignedInUserStays() async throws {
        let pane = try PasswordPane()
        defer { pane.shutDown() }
        try await pane.signIn("alice")
        try pane.type("login bob\n")
        try await pane.waitForLastLine("Password for bob:")
        try await pane.waitForNoEcho()
        // The right password, typed but not confirmed with Enter, is not sent.
        try pane.type("wonderland")
        try pane.press("C-d")
        let cancelled = try await pane.waitForLastLine("wayfinder://main/feed>")
        #expect(Array(cancelled.suffix(3)) == ["Password for bob:", "Sign-in cancelled; still signed in as alice.", "wayfinder://main/feed>"],
                "\(cancelled.joined(separator: "\n"))")
        #expect(!cancelled.contains("Signed in as bob."), "\(cancelled.joined(separator: "\n"))")
        #expect(try await pane.state().contains("\"user\":\"alice\""))
        #expect(try pane.isRunning())
    }

    @Test func editingKeysTypedIntoAPasswordAreRefusedAndBackspaceStillEdits() async throws {
        let pane = try PasswordPane()
        defer { pane.shutDown() }
        try await pane.waitForLastLine("wayfinder://login>")
        let refusal = "error: a password cannot contain control characters or bidirectional controls"
        // Each refused line is a try: the prompt asks again, three tries in all.
        try pane.type("login alice\n")
        let keys = [("C-l", "(found U+000C, Ctrl-L)"), ("C-t", "(found U+0014, Ctrl-T)"), ("Left", "(found U+001B, Esc or an arrow key)")]
        for (index, (key, found)) in keys.enumerated() {
            try await pane.waitForLastLine("Password for alice:")
            try await pane.waitForNoEcho()
            try pane.type("wonder")
            try pane.press(key)
            try pane.type("land\n")
            let isLast = index == keys.count - 1
            let shown = "\(refusal) \(found)" + (isLast ? " (3 tries; type login alice to try again)" : "")
            let next = isLast ? "wayfinder://login>" : "Password for alice:"
            // (A long line is wrapped between words at the pane's width.)
            let lines = try await pane.waitUntil("'\(shown)', then '\(next)'") { $0.joined(separator: " ").hasSuffix("Password for alice: \(shown) \(next)") }
            #expect(lines.last == next, "\(key):\n\(lines.joined(separator: "\n"))")
        }
        // The terminal's own erase key still edits the hidden line: "wonderlandx", one
        // Backspace, is the right password.
        try pane.type("login alice\n")
        try await pane.waitForLastLine("Password for alice:")
        try await pane.waitForNoEcho()
        try pane.type("wonderlandx")
        try pane.press("BSpace")
        try pane.type("\n")
        let signedIn = try await pane.waitForLastLine("wayfinder://main/feed>")
        #expect(signedIn.contains("Signed in as alice."))
    }

    @Test func aNewPasswordIsAskedForTwiceAndNeverStored() async throws {
        let pane = try PasswordPane(recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForLastLine("wayfinder://login>")
        try pane.type("register\n")
        try await pane.waitForLastLine("wayfinder://login/register>")
        try pane.type("create zed\n")
        // A repeat that does not match asks again, from the first entry.
        for repeated in ["zebra-crosing", "zebra-crossing"] {
            try await pane.waitForLastLine("New password for zed (8 or more characters):")
            try await pane.waitForNoEcho()
            try pane.type("zebra-crossing\n")
            try await pane.waitForLastLine("Repeat the password for zed:")
            try await pane.waitForNoEcho()
            try pane.type("\(repeated)\n")
            try await pane.waitUntil("the answer to the second entry") { lines in
                let last = lines.last ?? ""
                return last.hasSuffix(">") || last.hasPrefix("New password for zed")
            }
        }
        let lines = try pane.lines()
        let mismatch = try #require(lines.firstIndex(of: "error: the passwords do not match"), "\(lines.joined(separator: "\n"))")
        #expect(Array(lines[(mismatch - 2)...(mismatch + 1)]) == [
            "New password for zed (8 or more characters):", "Repeat the password for zed:", "error: the passwords do not match",
            "New password for zed (8 or more characters):",
        ])
        #expect(lines.contains("Welcome, zed! Your account is ready."), "\(lines.joined(separator: "\n"))")
        #expect(lines.last == "wayfinder://main/feed>")
        #expect(!lines.contains { $0.contains("zebra") }, "a password was echoed")

        try pane.type("quit\n")
        #expect(try await pane.waitForExitStatus() == 0)
        // Neither entry reached the history, the saved navigation or any other file.
        let files = FileManager.default.enumerator(at: pane.root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.contains { $0.lastPathComponent == "history" }, "\(files)")
        for file in files {
            guard let data = try? Data(contentsOf: file) else { continue }
            #expect(data.firstRange(of: Data("zebra-cros".utf8)) == nil, "\(file.path) holds a password")
        }
    }
}

/// A piped session needs both lines of a new password; one that ends at a prompt fails.
@Suite struct PipedPasswordTests {
    @Test func aPipedRegistrationNeedsBothLines() throws {
        let home = try CLI.temporaryDirectory()
        let environment = ["WAYFINDER_HOME": home]
        let cut = try CLI.run([], stdin: "register\ncreate zed\nzebra-crossing\n", environment: environment)
        #expect(cut.status == 1)
        #expect(cut.stderr == "wayfinder: error: the input ended at the password prompt\nwayfinder: Registration cancelled; no account was created.\n")
        // The name is still free.
        let both = try CLI.run(["wayfinder://login/register"], stdin: "create zed\nzebra-crossing\nzebra-crossing\nstate\n", environment: environment)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("Welcome, zed! Your account is ready."), "\(both.stdout)")
        #expect(both.stdout.hasSuffix("\"user\":\"zed\"}\n"), "\(both.stdout)")
    }

    /// A new password too short is asked for again: the next line is the next try, never a
    /// command, so `--echo` prints neither entry and no error quotes one.
    @Test func aRefusedNewPasswordIsAskedForAgainAndNeverShown() throws {
        let home = try CLI.temporaryDirectory()
        let run = try CLI.run(
            ["--echo"], stdin: "register\ncreate zed\nshort\nzebra-crossing\nzebra-crossing\nwhere\n", environment: ["WAYFINDER_HOME": home])
        #expect(run.status == 1, "a refused password is a failed command: \(run.stderr)")
        for secret in ["short", "zebra-crossing"] {
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(secret) was shown")
        }
        #expect(run.stderr == "wayfinder: error: a password needs at least 8 characters\n")
        #expect(run.stdout.contains("Welcome, zed! Your account is ready."), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("wayfinder://main/feed\n"))
    }
}

extension PasswordPane {
    /// Signs `name` in with the demo password from the sign-in screen.
    func signIn(_ name: String) async throws {
        try await waitForLastLine("wayfinder://login>")
        try type("login \(name)\n")
        try await waitForLastLine("Password for \(name):")
        try await waitForNoEcho()
        try type("wonderland\n")
        try await waitForLastLine("wayfinder://main/feed>")
    }

    /// The `state` JSON line, typed at the prompt.
    func state() async throws -> String {
        let before = try lines().count { $0.hasPrefix("{\"url\":") }
        try type("state\n")
        let lines = try await waitUntil("the state") { lines in lines.count { $0.hasPrefix("{\"url\":") } > before }
        return try #require(lines.last { $0.hasPrefix("{\"url\":") })
    }

    /// Waits until libedit has the terminal (line mode off), so that a key pressed now is
    /// read as libedit reads it.
    func waitForLineEditor() async throws {
        let tty = try tmux(["display-message", "-p", "#{pane_tty}"])
        try await waitUntil("line mode to be off on \(tty)") { _ in
            let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
            guard descriptor >= 0 else { return false }
            defer { _ = close(descriptor) }
            var attributes = termios()
            return tcgetattr(descriptor, &attributes) == 0 && attributes.c_lflag & tcflag_t(ICANON) == 0
        }
    }

    /// Whether the program in the pane still runs (the pane stays after it ends).
    func isRunning() throws -> Bool {
        try tmux(["display-message", "-p", "#{pane_dead}"]) == "0"
    }

    /// The program's exit status, once it has ended (in a pane made with `recordsExitStatus`:
    /// tmux 3.3 may mark a pane dead before it has the status).
    func waitForExitStatus() async throws -> Int32 {
        for _ in 0..<150 {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw PaneFailure(description: "the program did not end\n\(((try? lines()) ?? []).suffix(20).joined(separator: "\n"))")
    }
}
