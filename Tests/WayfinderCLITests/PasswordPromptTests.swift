import Foundation
import Testing

/// Issue #29 item 9, in a real terminal (tmux, through ``PasswordPane``): Ctrl-D at a password
/// prompt cancels only the prompt.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct PasswordPromptTests {
    @Test func ctrlDAtThePasswordPromptCancelsOnlyThePrompt() async throws {
        let pane = try PasswordPane()
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

    /// Whether the program in the pane still runs (the pane stays after it ends).
    func isRunning() throws -> Bool {
        try tmux(["display-message", "-p", "#{pane_dead}"]) == "0"
    }

    /// The program's exit status, once it has ended.
    func waitForExitStatus() async throws -> Int32 {
        for _ in 0..<150 {
            let fields = try tmux(["display-message", "-p", "#{pane_dead} #{pane_dead_status}"]).split(separator: " ")
            if fields.first == "1", fields.count == 2, let status = Int32(fields[1]) { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw PaneFailure(description: "the program did not end\n\(((try? lines()) ?? []).suffix(20).joined(separator: "\n"))")
    }
}
