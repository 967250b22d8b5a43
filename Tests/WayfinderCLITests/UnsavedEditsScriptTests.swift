import Foundation
import Testing

/// Issue #33 item 3 in scripts (`-c`, `-f`, a pipe): a command that would leave a screen
/// with unsaved input is refused once as at a terminal, and the refusal is a failed command
/// (status 1, `--bail` stops there); the same command again leaves. A script that ends with
/// unsaved input fails, saying so, and ends (it is not asked again).
@Suite struct UnsavedEditsScriptTests {
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    func run(_ arguments: [String], stdin: String = "wonderland\n") throws -> CLI.Result {
        try CLI.run(arguments, stdin: stdin, environment: ["WAYFINDER_HOME": home])
    }

    static let composing = ["-c", "login alice", "-c", "compose", "-c", "title Hi"]
    static let refusal = "wayfinder: error: unsaved draft of a post (title): type publish to keep it, cancel to drop it, or back again to leave without it\n"

    @Test func theFirstBackIsRefusedAndTheSecondLeaves() throws {
        let result = try run(Self.composing + ["-c", "where", "-c", "back", "-c", "back", "-c", "where"])
        #expect(result.status == 1, "the refusal is a failed command")
        #expect(result.stderr == Self.refusal, "\(result.stderr)")
        let links = result.stdout.split(separator: "\n").filter { $0.hasPrefix("wayfinder://") }
        #expect(links == ["wayfinder://main/feed/compose", "wayfinder://main/feed"], "\(result.stdout)")
    }

    @Test func bailStopsAtTheRefusal() throws {
        let result = try run(Self.composing + ["--bail", "-c", "back", "-c", "back", "-c", "where"])
        #expect(result.status == 1)
        #expect(result.stderr == Self.refusal + "wayfinder: stopped at -c 4 ('back'): " + ScriptTests.bailed, "\(result.stderr)")
        #expect(!result.stdout.contains("wayfinder://main/feed\n"), "ran on after the stop: \(result.stdout)")
    }

    @Test func aScriptThatEndsWithUnsavedInputFailsAndSaysSo() throws {
        let result = try run(Self.composing)
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: the input ended with the draft of a post (title) unsaved: end a script with publish or cancel\n")
    }

    @Test func aPipeThatEndsWithUnsavedInputFailsAndSaysSo() throws {
        let result = try run([], stdin: "login alice\nwonderland\ncompose\ntitle Hi\nbody There\n")
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: the input ended with the draft of a post (title and text) unsaved: end a script with publish or cancel\n")
    }

    /// `quit` is refused as `back` is; the end of input after the refused `quit` says nothing
    /// more, and the session ends.
    @Test func quitIsRefusedOnceAndTheEndOfInputAfterItEnds() throws {
        let once = try run(Self.composing + ["-c", "quit"])
        #expect(once.status == 1)
        #expect(once.stderr == Self.refusal.replacingOccurrences(of: "back again", with: "quit again"), "\(once.stderr)")

        let twice = try run(Self.composing + ["-c", "quit", "-c", "quit", "-c", "where"])
        #expect(twice.status == 1)
        #expect(!twice.stdout.contains("wayfinder://main/feed/compose\n"), "ran on after quit: \(twice.stdout)")
    }

    @Test func aScriptThatKeepsOrDropsItsInputSucceeds() throws {
        for ending in [["-c", "body There", "-c", "publish", "-c", "back"], ["-c", "cancel", "-c", "where"]] {
            let result = try run(Self.composing + ending)
            #expect(result.status == 0, "\(ending): \(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }
}
