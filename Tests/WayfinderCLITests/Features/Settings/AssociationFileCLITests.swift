import Foundation
import Testing

/// `routes export aasa|assetlinks` and `routes check --against`: golden files for the sample
/// and Bookshelf tables, and hand-broken files, each broken rule reported. Re-record the
/// goldens with `WAYFINDER_RECORD_GOLDENS=1 swift test --filter AssociationFileCLITests`,
/// then read the diff.
@Suite struct AssociationFileCLITests {
    private static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/WayfinderCLITests/Fixtures")
    private static let bookshelf = CLI.repositoryRoot.appendingPathComponent("Examples/Bookshelf/Sources/BookshelfApp/bookshelf.routes").path
    private static let appID = "ABCDE12345.com.example.wayfinder"
    private static let fingerprint = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")

    /// `(golden file name, arguments)`: each export of each table.
    private static let exports: [(String, [String])] = [
        ("app.aasa.json", ["routes", "export", "aasa", "--app-id", appID]),
        ("app.assetlinks.json", ["routes", "export", "assetlinks", "--package", "com.example.wayfinder", "--fingerprint", fingerprint]),
        ("bookshelf.aasa.json", ["routes", "export", "aasa", bookshelf, "--app-id", appID, "--app-id", "ABCDE12345.com.example.bookshelf"]),
        ("bookshelf.assetlinks.json", ["routes", "export", "assetlinks", bookshelf, "--package", "com.example.bookshelf", "--fingerprint", fingerprint]),
    ]

    @Test(arguments: exports.map(\.0))
    func theExportIsJSONAsRecorded(name: String) throws {
        let arguments = try #require(Self.exports.first { $0.0 == name }).1
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        _ = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let golden = Self.fixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WAYFINDER_RECORD_GOLDENS"] != nil {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(result.stdout == (try String(contentsOf: golden, encoding: .utf8)), "re-record with WAYFINDER_RECORD_GOLDENS=1")
    }

    @Test(arguments: [("app.aasa.json", nil), ("app.assetlinks.json", nil), ("bookshelf.aasa.json", bookshelf), ("bookshelf.assetlinks.json", bookshelf)])
    func checkingTheExportAgainstItsTableReportsNothing(name: String, table: String?) throws {
        let file = Self.fixtures.appendingPathComponent(name).path
        let result = try CLI.run(["routes", "check", "--against", file] + (table.map { [$0] } ?? []))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\(file): OK ("), "\(result.stdout)")
        let json = try CLI.run(["routes", "check", "--against", file, "--format", "json"] + (table.map { [$0] } ?? []))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && json.status == 0)
    }

    /// The sample table's exported file with `edit` made to its components.
    private func broken(_ edit: (inout [[String: Any]]) -> Void) throws -> String {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("app.aasa.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var applinks = try #require(root["applinks"] as? [String: Any])
        var details = try #require(applinks["details"] as? [[String: Any]])
        var components = try #require(details[0]["components"] as? [[String: Any]])
        edit(&components)
        details[0]["components"] = components
        applinks["details"] = details
        root["applinks"] = applinks
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        return try CLI.temporaryFile(text, name: "apple-app-site-association")
    }

    private func index(of pattern: String, in components: [[String: Any]]) -> Int {
        components.firstIndex { $0["/"] as? String == pattern } ?? 0
    }

    @Test func eachBrokenRuleIsReported() throws {
        let cases: [(String, (inout [[String: Any]]) -> Void, [String])] = [
            ("an include moved before its exclude", { components in
                components.insert(components.remove(at: index(of: "/main/feed/post/?*", in: components)), at: 0)
            }, ["/main/feed/post/1/extra: the file opens the app but the table refuses it ("]),
            ("'*' where '?*' was needed", { components in
                components[index(of: "/main/feed/post/?*", in: components)]["/"] = "/main/feed/post/*"
            }, ["/main/feed/post/: the file opens the app but the table refuses it ("]),
            ("a path prefix misspelt", { components in
                components[index(of: "/main/feed/post/?*", in: components)]["/"] = "/main/feed/psot/?*"
            }, ["/main/feed/post/1: the table opens post but the file sends it to the browser",
                "/main/feed/psot/1: the file opens the app but the table refuses it ("]),
            ("a missing flow", { components in
                components.removeAll { ($0["/"] as? String)?.hasPrefix("/settings") == true }
            }, ["/settings: the table opens settings but the file sends it to the browser",
                "/settings/about: the table opens about but the file sends it to the browser"]),
        ]
        for (label, edit, expected) in cases {
            let file = try broken(edit)
            let result = try CLI.run(["routes", "check", "--against", file])
            #expect(result.status == 1, "\(label)")
            for line in expected {
                #expect(result.stdout.contains("\(file): \(line)"), "\(label): \(line) not in\n\(result.stdout)")
            }
            let json = try CLI.run(["routes", "check", "--against", file, "--format", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["ok"] as? Bool == false && json.status == 1, "\(label)")
        }
    }

    @Test func aBrokenAssetLinksStatementIsReportedWithTheNoteThatItHoldsNoPaths() throws {
        let file = try CLI.temporaryFile(#"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["AB:CD"]}}]"#, name: "assetlinks.json")
        let result = try CLI.run(["routes", "check", "--against", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("is not a SHA-256 fingerprint"))
        #expect(result.stdout.contains("holds no paths"))
    }

    @Test(arguments: [
        (["routes", "export", "aasa"], 64, "needs --app-id"),
        (["routes", "export", "aasa", "--app-id", "nodot"], 64, "is not TEAMID.BUNDLE"),
        (["routes", "export", "aasa", "--app-id", "ABCDE12345.a", "--depth", "99"], 64, "--depth 99"),
        (["routes", "export", "assetlinks", "--fingerprint", "AB"], 64, "needs --package"),
        (["routes", "export", "assetlinks", "--package", "com.example.app"], 64, "needs --fingerprint"),
        (["routes", "export", "assetlinks", "--package", "com.example.app", "--fingerprint", "AB:CD"], 64, "is not a SHA-256 fingerprint"),
        (["routes", "export", "assetlinks", "--package", "app", "--fingerprint", "AB"], 64, "is not a package name"),
        (["routes", "export", "aasa", "/nonexistent.routes", "--app-id", "ABCDE12345.a"], 66, "no such file"),
        (["routes", "check", "--against", "/nonexistent.json"], 66, "no such file"),
        (["routes", "check", "--against", "-", "-"], 64, "cannot both read standard input"),
    ] as [([String], Int32, String)])
    func badInputIsOneMessageAndItsExitCode(arguments: [String], status: Int32, message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wayfinder: error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty)
    }

    @Test func aTableWithoutWebOriginsAndFilesThatAreNotAssociationFilesExit65() throws {
        let plain = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\n")
        #expect(try CLI.run(["routes", "export", "aasa", plain, "--app-id", "ABCDE12345.a"]).status == 65)
        #expect(try CLI.run(["routes", "export", "assetlinks", plain, "--package", "a.b", "--fingerprint", Self.fingerprint]).status == 65)
        for text in ["not json", #"{"webcredentials":{}}"#, "7"] {
            let file = try CLI.temporaryFile(text, name: "file.json")
            let result = try CLI.run(["routes", "check", "--against", file])
            #expect(result.status == 65, "\(text): \(result.stderr)")
            #expect(result.stderr.hasPrefix("wayfinder: error: "))
        }
        let invalid = try CLI.temporaryFile("scheme shop\nflow\n")
        let file = Self.fixtures.appendingPathComponent("app.aasa.json").path
        #expect(try CLI.run(["routes", "check", "--against", file, invalid]).status == 78)
    }
}
