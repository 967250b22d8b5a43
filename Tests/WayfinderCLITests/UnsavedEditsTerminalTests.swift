import Foundation
import Testing

/// Issue #33 item 3 at a real terminal: Ctrl-D with an unsaved draft is refused once, as
/// `quit` is (the REPL carries on, the draft kept); a second Ctrl-D leaves, status 0.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct UnsavedEditsTerminalTests {
    @Test func ctrlDWithAnUnsavedDraftIsRefusedOnceThenLeaves() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()
        try await pane.run("compose", prompt: "wayfinder://main/feed/compose")
        try await pane.run("title Notes", prompt: "wayfinder://main/feed/compose")

        // Lines are wrapped between words at the pane's width: the warning is looked for in
        // the text with its line breaks taken for spaces.
        func warnings(_ fields: String, _ screen: Screen) -> Int {
            let refusal = "error: unsaved draft of a post (\(fields)): type publish to keep it, cancel to drop it, or Ctrl-D again to leave without it"
            return screen.text.replacingOccurrences(of: "\n", with: " ").components(separatedBy: refusal).count - 1
        }
        try pane.press("C-d")
        let warned = try await pane.waitUntil("the warning and a new prompt") { screen in
            screen.lastLine == "wayfinder://main/feed/compose>" && warnings("title", screen) == 1
        }
        #expect(warned.lines.contains("Title: Notes"))
        // Still running, the draft kept: the next command works on it.
        let typed = try await pane.run("body Kept", prompt: "wayfinder://main/feed/compose")
        #expect(typed.contains("Title: Notes"), "\(pane.shown)")

        // A command in between asked again; so the first Ctrl-D here is refused, the second leaves.
        try pane.press("C-d")
        try await pane.waitUntil("the warning again") { screen in
            screen.lastLine == "wayfinder://main/feed/compose>" && warnings("title and text", screen) == 1
        }
        try pane.press("C-d")
        #expect(try await pane.waitForExitStatus() == 0, "\(pane.shown)")
    }
}
