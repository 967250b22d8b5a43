import Foundation
import Testing

/// What 0.2.0's users saved, through the commands: `routes diff` against 0.2.0's table,
/// `state check` of a state 0.2.0 saved, and the app started on it
/// (`Tests/WayfinderAppTests/Fixtures/0.2.0`, see `EarlierTableTests`).
@Suite struct EarlierTableCLITests {
    static var fixtures: URL { RoutesChangeCLITests.fixtures }
    static var oldTable: String { RoutesChangeCLITests.oldTable }
    static var appTable: String { RoutesChangeCLITests.appTable }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }


    @Test func diffSinceZeroTwoZeroIsCovered() throws {
        let result = try CLI.run(["routes", "diff", Self.oldTable])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(Self.oldTable) (version 1) → app.routes (version 2)")
        #expect(lines.contains("covered      screen 'user' renamed 'person'"))
        #expect(lines.contains("covered      screen 'logout' entry outside → internal: links from outside to it are refused (old links: wayfinder://settings/logout)"))
        #expect(lines.last == "5 changes, 5 breaking: all covered")
        #expect(try CLI.run(["routes", "diff", Self.oldTable, Self.appTable]).status == 0)
    }


    @Test func aStateSavedByZeroTwoZeroIsMigratedWithNothingDropped() throws {
        let file = Self.fixtures.appendingPathComponent("navigation.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try CLI.run(["state", "check", file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("opens        wayfinder://main/feed/post/4/people/2"))
        #expect(lines.contains("routes       saved with version 1, migrated to 2"))
        #expect(lines.contains("migrated (1):"))
        #expect(lines.contains("  - from 1 screen user renamed person"))
        #expect(lines.last == "nothing dropped")
        let json = try jsonObject(try CLI.run(["state", "check", file, "--format", "json"]).stdout)
        #expect(json["migrations"] as? [String] == ["from 1 screen user renamed person"])
        #expect((json["routes"] as? [String: Int]) == ["saved": 1, "table": 2])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "only read")
    }


    /// The app started on a data directory whose navigation 0.2.0 saved: it opens where 0.2.0
    /// left off, the user screen now a person, says nothing, keeps no copy aside, and saves
    /// the state again with today's table version.
    @Test func theAppRestoresWhatZeroTwoZeroSavedSilently() throws {
        let home = try CLI.temporaryDirectory()
        let signIn = try CLI.run([], stdin: "login alice\nwonderland\n", environment: ["WAYFINDER_HOME": home])
        #expect(signIn.status == 0, "\(signIn.stderr)")
        let stateFile = home + "/navigation.json"
        try FileManager.default.removeItem(atPath: stateFile)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("navigation.json").path, toPath: stateFile)
        let result = try CLI.run(["-c", "where"], environment: ["WAYFINDER_HOME": home])
        #expect(result.status == 0)
        #expect(result.stdout == "wayfinder://main/feed/post/4/people/2\n")
        #expect(result.stderr == "")
        #expect(CLI.keptCopies(of: stateFile).isEmpty)
        let saved = try jsonObject(try String(contentsOfFile: stateFile, encoding: .utf8))
        #expect(saved["routes"] as? Int == 2)
    }
}
