import Testing

/// Issue #33 item 3 at a real terminal (removed with the Settings feature): `back` with an
/// unsaved profile edit is refused once with a message, the edit is kept, and `back` again
/// leaves without it.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct UnsavedProfileTerminalTests {
    static let refusal =
        "error: unsaved changes to your profile (name): type save to keep them, revert to drop them, or back again to leave without them"

    @Test func backWithAnUnsavedNameIsRefusedOnceAndTheNameIsKept() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()
        // A link from outside to the profile asks first (its tier is confirm).
        let asked = try await pane.run("open wayfinder://settings/profile", prompt: "wayfinder://main/feed")
        #expect(asked.contains { $0.contains("a link from outside asks to open 'editProfile'") }, "\(pane.shown)")
        try await pane.run("confirm", prompt: "wayfinder://settings/profile")

        let edited = try await pane.run("name Robert", prompt: "wayfinder://settings/profile")
        #expect(edited.contains("Name: Robert"), "\(pane.shown)")
        // The line is wrapped between words at the pane's width.
        let refused = try await pane.run("back")
        #expect(refused.joined(separator: " ") == Self.refusal, "\(pane.shown)")
        #expect(try pane.screen().lastLine == "wayfinder://settings/profile>", "the refused back left the screen")
        // The edit is still there: saving it saves Robert.
        let saved = try await pane.run("save", prompt: "wayfinder://settings/profile")
        #expect(saved.first == "Profile saved.", "\(pane.shown)")
        #expect(saved.contains("Name: Robert"), "\(pane.shown)")

        try await pane.run("name Bobby", prompt: "wayfinder://settings/profile")
        #expect(try await pane.run("back").joined(separator: " ") == Self.refusal, "\(pane.shown)")
        let left = try await pane.run("back", prompt: "wayfinder://settings")
        #expect(left.contains("Signed in as Robert (@alice)"), "the unsaved name was kept:\n\(pane.shown)")

        // Nothing unsaved any more: Ctrl-D leaves at once.
        try pane.press("C-d")
        #expect(try await pane.waitForExitStatus() == 0, "\(pane.shown)")
    }
}
