import Foundation
import Testing

/// The commands about routes that change: `routes diff`, `state check` on a state saved with
/// 0.2.0's table, `resolve` of 0.2.0's links.
@Suite struct RoutesChangeCLITests {
    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/WayfinderAppTests/Fixtures/0.2.0")
    static var oldTable: String { fixtures.appendingPathComponent("app.routes").path }
    static var appTable: String { CLI.repositoryRoot.appendingPathComponent("Routes/app.routes").path }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// A copy of today's table without its `from` lines: its changes since 0.2.0 undeclared.
    private func undeclared() throws -> String {
        let text = try String(contentsOfFile: Self.appTable, encoding: .utf8)
        let path = try CLI.temporaryDirectory() + "/undeclared.routes"
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("from ") }
            .joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anUndeclaredChangeIsNotCoveredAndExitsOne() throws {
        let result = try CLI.run(["routes", "diff", Self.oldTable, try undeclared(), "--format", "json"])
        #expect(result.status == 1)
        let json = try jsonObject(result.stdout)
        let changes = try #require(json["changes"] as? [[String: Any]])
        let uncovered = changes.filter { $0["covered"] as? Bool == false }.compactMap { $0["summary"] as? String }
        #expect(uncovered.contains("screen 'user' removed: its saved places and links are lost; if it is now 'person', declare the rename"))
        // The lines suggested are the ones today's table declares for that rename.
        let removal = try #require(changes.first { ($0["summary"] as? String)?.hasPrefix("screen 'user' removed") == true })
        #expect(removal["suggested"] as? [String] == ["from 1 screen user renamed person", "from 1 screen person link user/{id:int}"])
        let declared = try String(contentsOfFile: Self.appTable, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("from 1 screen") && !$0.contains(" entry ") }
        #expect(declared == ["from 1 screen user renamed person", "from 1 screen person link user/{id:int}"])
        // A tier made stricter without its line: breaking, with the line that says it is on purpose.
        let compose = try #require(changes.first { ($0["summary"] as? String)?.hasPrefix("screen 'compose' entry") == true })
        #expect(compose["covered"] as? Bool == false)
        #expect(compose["suggested"] as? [String] == ["from 1 screen compose entry outside"])
        #expect(uncovered.contains("screen 'person' added") == false, "an added screen breaks nothing")
        #expect(json["uncovered"] as? Int == uncovered.count)
        #expect((json["old"] as? [String: Any])?["version"] as? Int == 1)
    }

    @Test func aRemovedScreenWithNoLookAlikeGetsNoSuggestion() throws {
        // Two added screens of the removed one's shape: which one it became is not guessed.
        let text = try String(contentsOfFile: undeclared(), encoding: .utf8)
            .replacingOccurrences(of: "screen person ", with: "screen author main push authors/{id:int} after post\nscreen person ")
        let result = try CLI.run(["routes", "diff", Self.oldTable, "-"], stdin: text)
        #expect(result.status == 1)
        #expect(result.stdout.contains("NOT COVERED  screen 'user' removed: its saved places and links are lost\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("add: from 1 screen user renamed"), "\(result.stdout)")
    }

    @Test func aChangedTableWithTheSameVersionIsFlagged() throws {
        let text = try String(contentsOfFile: Self.oldTable, encoding: .utf8) + "screen extra main push extra after feed\n"
        let result = try CLI.run(["routes", "diff", Self.oldTable, "-"], stdin: text)
        #expect(result.status == 1)
        #expect(result.stdout.contains("compatible   screen 'extra' added"))
        #expect(result.stdout.contains("NOT COVERED  the table changed but its version did not go up (1 → 1)"))
    }

    @Test func diffRefusesBadInput() throws {
        #expect(try CLI.run(["routes", "diff", "-", "-"]).status == 64)
        let missing = try CLI.run(["routes", "diff", "/nonexistent/old.routes"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "wayfinder: error: /nonexistent/old.routes: no such file\n")
        let invalid = try CLI.run(["routes", "diff", "-"], stdin: "scheme x\nversion 2\nflow app\nscreen home app root\nfrom 2 screen a renamed home\n")
        #expect(invalid.status == 78)
        #expect(invalid.stderr.contains("<stdin>:5:6: 'from 2' is not below the table's version 2"))
        #expect(try CLI.run(["routes", "diff", Self.oldTable, Self.oldTable]).stdout.hasSuffix("no changes\n"))
    }

    @Test func aStateFromANewerTableSaysSo() throws {
        let text = "{\"format\":\"wayfinder-navigation\",\"version\":1,\"routes\":7,\"navigation\":{\"activeFlow\":\"login\",\"flows\":{},\"grantedGuards\":[]}}"
        let result = try CLI.run(["state", "check", "-"], stdin: text)
        #expect(result.status == 1, "flows are missing: dropped")
        #expect(result.stdout.contains("saved with version 7, newer than this table's 2: no migration applies\n"))
        let bad = try CLI.run(["state", "check", "-"], stdin: text.replacingOccurrences(of: "\"routes\":7", with: "\"routes\":\"seven\""))
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("its route table version ('routes') is not a whole number from 1"))
    }

    @Test func anOldLinkResolvesAndSaysHow() throws {
        let text = try CLI.run(["resolve", "wayfinder://main/search/post/3/user/9?q=swift"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("url           wayfinder://main/search/post/3/people/9?q=swift\n"))
        #expect(text.stdout.contains("old shape     version 1\n"))
        let batch = try CLI.run(["resolve", "-"], stdin: "wayfinder://main/feed/p/5\nwayfinder://main/feed/post/1/user/2\nwayfinder://main/feed/user/2\n")
        #expect(batch.status == 65, "the last link is refused")
        let lines = try batch.stdout.split(separator: "\n").map { try jsonObject(String($0)) }
        #expect(lines.count == 3)
        #expect(lines[0]["alias"] as? String == "alias post p/{id:int}")
        #expect(lines[0]["url"] as? String == "wayfinder://main/feed/post/5")
        #expect((lines[1]["migrated"] as? [String: Any])?["version"] as? Int == 1)
        #expect((lines[2]["error"] as? [String: Any])?["message"] as? String == "segment 2 'user': screen 'user' cannot follow 'feed'", "told in the old shape")
    }
}
