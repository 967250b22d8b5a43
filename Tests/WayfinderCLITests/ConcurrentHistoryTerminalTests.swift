import Foundation
import Testing

/// Two REPLs at two terminals with one HOME: each appends its own lines to the history
/// file, so both sessions' lines are there when both have ended (the last to exit used to
/// rewrite the file with its lines only).
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct ConcurrentHistoryTerminalTests {
    @Test(arguments: [false, true])
    func twoREPLsWithOneHomeKeepBothSessionsLines(unprivileged: Bool) async throws {
        guard !unprivileged || Unprivileged.isAvailable else { return }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        if unprivileged { try Unprivileged.giveAway(sandbox.root.path) }
        let first = try TmuxPane(sandbox: sandbox, recordsExitStatus: true, unprivileged: unprivileged)
        defer { first.shutDown() }
        // The second starts once the first has made the data directory.
        try await first.waitForPrompt("wayfinder://login")
        let second = try TmuxPane(sandbox: sandbox, recordsExitStatus: true, unprivileged: unprivileged)
        defer { second.shutDown() }
        try await second.waitForPrompt("wayfinder://login")

        try await first.signIn()
        try await second.run("help back")
        try await first.run("where")
        try await second.run("help where")
        try await first.run("help root")
        try first.press("C-d")
        #expect(try await first.waitForExitStatus() == 0, "\(first.shown)")
        try await second.run("where")
        try second.press("C-d")
        #expect(try await second.waitForExitStatus() == 0, "\(second.shown)")

        let path = sandbox.stateHome.appendingPathComponent("wayfinder/history").path
        let history = try String(contentsOfFile: path, encoding: .utf8)
        let entries = history.split(separator: "\n").map(String.init)
        #expect(entries == ["login alice", "help back", "where", "help where", "help root", "where"], "history file:\n\(history)")
        #expect(!history.contains("wonderland"), "the password was written to the history file")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        if unprivileged { #expect((attributes[.ownerAccountID] as? NSNumber)?.uint32Value == Unprivileged.uid) }
    }
}
