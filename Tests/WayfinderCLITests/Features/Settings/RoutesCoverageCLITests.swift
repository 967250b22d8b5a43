import Foundation
import Testing

/// `wayfinder routes coverage`: small tables with known unreached, unused, dead-end and
/// guarded screens, and the sample app's transcripts against a golden file.
@Suite struct RoutesCoverageCLITests {
    /// Tabs `a` and `b`; `item` has an alias and a sheet; `help` leads nowhere.
    private static let tabbed = """
        scheme t
        flow app tabs a b
        screen a app.a root
        screen b app.b root
        screen list app push list after a
        screen item app push item/{id:int} after list
        screen edit app sheet edit after item
        screen help app push help after a b
        alias item i/{id:int}
        """

    /// A guarded flow behind a sign-in flow whose root leads nowhere.
    private static let guarded = """
        scheme g
        guard in else login
        flow login
        flow home guard in
        screen signIn login root
        screen start home root
        screen detail home push detail after start
        """

    private static let tabbedLinks = "# links\nt://app/a/list\n\n  t://app/a/list/i/3\r\nt://app/b\nt://app/x\n"

    /// Runs `routes coverage` over `table` and files of `inputs` (name, text), in one directory.
    private func coverage(_ table: String, _ inputs: [(String, String)], _ options: [String] = []) throws -> CLI.Result {
        let directory = try CLI.temporaryDirectory()
        try table.write(toFile: directory + "/table.routes", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        for (name, text) in inputs { try text.write(toFile: directory + "/in/" + name, atomically: true, encoding: .utf8) }
        return try CLI.run(["routes", "coverage", "--routes", "table.routes", "in"] + options, directory: URL(fileURLWithPath: directory))
    }

    @Test func reportsUnreachedUnusedAndDeadEndScreens() throws {
        let result = try coverage(Self.tabbed, [("a.links", Self.tabbedLinks), ("skipped.md", "t://app/a/list/item/1\n")])
        #expect(result.status == 0)
        #expect(result.stdout == """
            4/6 screens (66%), 4 links (1 refused)
            Screens never reached (2):
              edit            app           sheet
              help            app           push
            Patterns never used (3):
              item            item/{id:int}
              edit            edit
              help            help
            Screens no root reaches: none
            Screens with no way on (1):
              help            app           push
            Guard branches never taken: none
            Links refused (1):
              in/a.links:6: t://app/x: segment 1 'x' is not a tab of flow 'app'

            """)
    }

    /// A link from outside (a file of links, an argument, `open`) through an internal screen
    /// is refused, as `open` refuses it; the app's own `where` there counts.
    @Test func anOutsideLinkThroughAnInternalScreenIsRefused() throws {
        let table = "scheme t\nflow app\nscreen a app root\nscreen vault app push vault after a entry internal\n"
        let transcript = "> where\nt://app/vault\n"
        let result = try coverage(table, [("a.links", "t://app/vault\n"), ("s.transcript", transcript)], ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let refused = try #require(object["refused"] as? [[String: Any]], "\(object)")
        #expect(refused.map { $0["place"] as? String } == ["in/a.links:1"])
        #expect((refused.first?["reason"] as? String)?.contains("screen 'vault' is internal") == true, "\(refused)")
        #expect((object["screens"] as? [String: Any])?["covered"] as? Int == 2, "\(object)")
    }

    @Test func jsonIsOneObjectWithTheSameFindings() throws {
        let result = try coverage(Self.tabbed, [("a.links", Self.tabbedLinks)], ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["screens"] as? [String: Int] == ["covered": 4, "total": 6, "percent": 66])
        #expect(object["links"] as? Int == 4)
        #expect(object["unreached"] as? [String] == ["edit", "help"])
        #expect(object["dead_ends"] as? [String] == ["help"])
        #expect(object["unreachable"] as? [String] == [])
        let unused = try #require(object["unused_patterns"] as? [[String: String]])
        #expect(unused.map { $0["pattern"] ?? "" } == ["item/{id:int}", "edit", "help"])
        let refused = try #require(object["refused"] as? [[String: String]])
        #expect(refused.map { $0["place"] ?? "" } == ["in/a.links:6"])
    }

    @Test func transcriptsCountDeferredLinksPerGuardedFlow() throws {
        let transcript = "# waits\n$ wayfinder g://home/detail\ng://home/detail opens once 'in' is granted.\n> where\ng://login\n[exit 0]\n"
        let result = try coverage(Self.guarded, [("s.transcript", transcript)], ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let guards = try #require(object["guards"] as? [[String: Any]])
        #expect(guards.count == 1)
        #expect(guards.first?["flow"] as? String == "home" && guards.first?["guard"] as? String == "in")
        #expect(guards.first?["entered"] as? Int == 1 && guards.first?["deferred"] as? Int == 1)
        #expect(object["dead_ends"] as? [String] == ["signIn", "detail"])
        #expect(object["unreached"] as? [String] == [])

        let links = try coverage(Self.guarded, [("l.links", "g://home\n")])
        #expect(links.stdout.contains("Guard branches never taken (1):\n  home            no link waited for 'in'\n"))
        #expect(links.stdout.hasPrefix("1/3 screens (33%), 1 link (0 refused)\n"))
    }

    @Test(arguments: [("66", Int32(0)), ("66.7", 1), ("100", 1), ("0", 0)])
    func failUnderExitsOneBelowThePercentage(_ percent: String, _ status: Int32) throws {
        #expect(try coverage(Self.tabbed, [("a.links", Self.tabbedLinks)], ["--fail-under", percent]).status == status)
    }

    @Test func refusesBadInputWithItsExitCode() throws {
        for bad in ["-1", "100.5", "most", "nan"] {
            let result = try coverage(Self.tabbed, [], ["--fail-under", bad])
            #expect(result.status == 64, "\(bad)")
            #expect(result.stdout.isEmpty)
        }
        let missing = try coverage(Self.tabbed, [], ["no-such-dir"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "wayfinder: error: no-such-dir: no such file\n")
        let invalid = try coverage("scheme t\nflow app\nscreen home app root\nscreen x app push x after nowhere\n", [])
        #expect(invalid.status == 78)
        #expect(invalid.stderr.contains("table.routes:4:"))
    }

    /// The sample app's transcripts against the embedded table: stable, compared exactly.
    /// `WAYFINDER_RECORD_TRANSCRIPTS=1` rewrites the golden file.
    @Test func sampleTranscriptsMatchTheGoldenFile() throws {
        let golden = CLI.repositoryRoot.appendingPathComponent("Tests/WayfinderAppTests/Fixtures/coverage-transcripts.txt")
        let result = try CLI.run(["routes", "coverage", "Tests/WayfinderAppTests/Transcripts"], directory: CLI.repositoryRoot)
        #expect(result.status == 0)
        if ProcessInfo.processInfo.environment["WAYFINDER_RECORD_TRANSCRIPTS"] != nil {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(result.stdout == (try String(contentsOf: golden, encoding: .utf8)))
        let json = try CLI.run(["routes", "coverage", "--format", "json", "--fail-under", "100", "Tests/WayfinderAppTests/Transcripts"], directory: CLI.repositoryRoot)
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
    }
}
