import Foundation
import Testing

/// `wayfinder state check FILE`: a saved navigation state restored against a table, printed,
/// and never written.
@Suite(.serialized) struct StateCheckCLITests {
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    private var stateFile: String { home + "/navigation.json" }

    /// Signs in and opens `link` in the app, which saves its state in `home` at exit.
    private func saveState(opening link: String) throws -> String {
        let made = try CLI.run([], stdin: "login alice\nwonderland\nopen \(link)\n", environment: ["WAYFINDER_HOME": home])
        #expect(made.status == 0, "\(made.stderr)")
        return try String(contentsOfFile: stateFile, encoding: .utf8)
    }

    /// The report's rows as (label, value), up to the line about what was dropped.
    private func rows(_ stdout: String) -> [(label: String, value: String)] {
        stdout.split(separator: "\n").prefix { !$0.hasPrefix("nothing dropped") && !$0.hasPrefix("dropped") }.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    private func value(_ label: String, in stdout: String) -> String? {
        rows(stdout).first { $0.label == label }?.value
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(text)")
    }

    @Test func aStateTheAppSavedRestoresAsItWas() throws {
        _ = try saveState(opening: "wayfinder://main/feed/post/5/comments")
        let text = try CLI.run(["state", "check", stateFile])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(rows(text.stdout).first?.label == "opens")
        #expect(value("opens", in: text.stdout) == "wayfinder://main/feed/post/5/comments", "\(text.stdout)")
        #expect(value("main.feed", in: text.stdout) == "wayfinder://main/feed/post/5/comments", "\(text.stdout)")
        #expect(value("main.me", in: text.stdout) == "wayfinder://main/me", "\(text.stdout)")
        #expect(value("guards", in: text.stdout) == "signed-in", "\(text.stdout)")
        #expect(text.stdout.hasSuffix("\nnothing dropped\n"))

        let json = try CLI.run(["state", "check", "--format", "json", stateFile])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try jsonObject(json.stdout)
        #expect(object["opens"] as? String == "wayfinder://main/feed/post/5/comments")
        #expect((object["dropped"] as? [Any])?.isEmpty == true)
        #expect((object["state"] as? [String: Any])?["activeFlow"] as? String == "main")
    }

    @Test func whatNoLongerFitsIsListedTheRestKeptAndTheFileLeftAlone() throws {
        let saved = try saveState(opening: "wayfinder://main/feed/post/5/comments")
        // A screen the table does not have: the stack keeps what is below it.
        let changed = saved.replacingOccurrences(of: "\"screen\":\"comments\"", with: "\"screen\":\"thread\"")
        #expect(changed != saved)
        try changed.write(toFile: stateFile, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: stateFile)[.modificationDate] as? Date

        let text = try CLI.run(["state", "check", stateFile])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(value("opens", in: text.stdout) == "wayfinder://main/feed/post/5", "\(text.stdout)")
        #expect(text.stdout.contains("dropped (1):\n  - "), "\(text.stdout)")
        #expect(text.stdout.contains("'thread'"), "\(text.stdout)")
        #expect(text.stderr.isEmpty)

        let json = try CLI.run(["state", "check", stateFile, "--format", "json"])
        #expect(json.status == 1)
        let dropped = try #require(try jsonObject(json.stdout)["dropped"] as? [String])
        #expect(dropped.count == 1 && dropped[0].contains("'thread'"), "\(dropped)")

        #expect(try String(contentsOfFile: stateFile, encoding: .utf8) == changed)
        #expect(try FileManager.default.attributesOfItem(atPath: stateFile)[.modificationDate] as? Date == before)
        #expect(CLI.keptCopies(of: stateFile).isEmpty, "the check sets nothing aside")
    }

    @Test func anotherTableIsGivenWithRoutes() throws {
        _ = try saveState(opening: "wayfinder://main/feed/post/5/comments")
        let table = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Routes/app.routes"), encoding: .utf8)
        // The same table with the comments screen renamed.
        let renamed = table
            .replacingOccurrences(of: "screen comments       main          push   comments ", with: "screen thread         main          push   thread   ")
            .replacingOccurrences(of: "after post comments", with: "after post thread")
        #expect(renamed != table)
        let routes = try CLI.temporaryFile(renamed)
        let checked = try CLI.run(["state", "check", "--routes", routes, stateFile])
        #expect(checked.status == 1, "\(checked.stderr)")
        #expect(value("opens", in: checked.stdout) == "wayfinder://main/feed/post/5", "\(checked.stdout)")
        #expect(checked.stdout.contains("'comments'"), "\(checked.stdout)")
        // Against the app's own table, it is as it was.
        #expect(try CLI.run(["state", "check", stateFile]).status == 0)
    }

    @Test(arguments: [
        ("{\"format\":\"something-else\",\"version\":1}", "is not a saved navigation state: it is not a Wayfinder navigation file"),
        ("not json at all", "is not a saved navigation state: it is not valid JSON"),
        ("", "is not a saved navigation state: it is empty"),
        ("{\"format\":\"wayfinder-navigation\",\"version\":99,\"navigation\":{}}", "written by a newer Wayfinder"),
    ])
    func aFileThatIsNotAStateIsRefused(contents: String, message: String) throws {
        try contents.write(toFile: stateFile, atomically: true, encoding: .utf8)
        let result = try CLI.run(["state", "check", stateFile])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("wayfinder: error: \(stateFile) "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: stateFile, encoding: .utf8) == contents)
    }

    @Test func standardInputIsReadForADash() throws {
        let saved = try saveState(opening: "wayfinder://main/feed/post/5")
        let checked = try CLI.run(["state", "check", "-"], stdin: saved)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(value("opens", in: checked.stdout) == "wayfinder://main/feed/post/5", "\(checked.stdout)")

        let both = try CLI.run(["state", "check", "-", "--routes", "-"], stdin: saved)
        #expect(both.status == 64)
        #expect(both.stdout.isEmpty)

        let empty = try CLI.run(["state", "check", "-"])
        #expect(empty.status == 65)
        #expect(empty.stderr == "wayfinder: error: <stdin> is not a saved navigation state: it is empty\n")

        // From a file: the command stops reading past the limit, and a pipe written to
        // after that would end this test process (SIGPIPE).
        let hugeFile = try CLI.temporaryFile(String(repeating: " ", count: 2_000_000), name: "huge.json")
        let huge = try CLI.runRedirected(["state", "check", "-"], input: hugeFile)
        #expect(huge.status == 65)
        #expect(huge.stderr.contains("<stdin> is not a saved navigation state: it is over the 1 MiB"), "\(huge.stderr)")
    }

    @Test func withoutAFileTheDataDirectorysStateIsChecked() throws {
        _ = try saveState(opening: "wayfinder://main/feed/post/5")
        let fromHome = try CLI.run(["state", "check"], environment: ["WAYFINDER_HOME": home])
        #expect(fromHome.status == 0, "\(fromHome.stderr)")
        #expect(value("opens", in: fromHome.stdout) == "wayfinder://main/feed/post/5", "\(fromHome.stdout)")

        let fromOption = try CLI.run(["state", "check", "--data-dir", home])
        #expect(fromOption.status == 0, "\(fromOption.stderr)")
        #expect(fromOption.stdout == fromHome.stdout)

        let both = try CLI.run(["state", "check", stateFile, "--data-dir", home])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"), "\(both.stderr)")

        let empty = try CLI.temporaryDirectory()
        let nothing = try CLI.run(["state", "check", "--data-dir", empty])
        #expect(nothing.status == 66)
        #expect(nothing.stderr == "wayfinder: error: \(empty)/navigation.json: no such file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty, "nothing is created")
    }

    @Test func aMissingFileIsExit66() throws {
        let result = try CLI.run(["state", "check", home + "/nothing-here.json"])
        #expect(result.status == 66)
        #expect(result.stderr == "wayfinder: error: \(home)/nothing-here.json: no such file\n")
    }

    /// Permissions apply to a user other than root: a file they may not read is exit 66; a
    /// read-only file they may read is checked, and stays as it was.
    @Test(.enabled(if: Unprivileged.isAvailable)) func permissionsAreReportedAndReadOnlyFilesChecked() throws {
        let saved = try saveState(opening: "wayfinder://main/feed/post/5")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: stateFile)
        let refused = try CLI.run(["state", "check", stateFile], unprivileged: true)
        #expect(refused.status == 66, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot read it (permission denied)") || refused.stderr.contains("cannot read it (Permission denied)"), "\(refused.stderr)")

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: stateFile)
        let checked = try CLI.run(["state", "check", stateFile], unprivileged: true)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(value("opens", in: checked.stdout) == "wayfinder://main/feed/post/5", "\(checked.stdout)")
        #expect(try String(contentsOfFile: stateFile, encoding: .utf8) == saved)
    }

    @Test func aFullStandardOutputIsExit74() throws {
        _ = try saveState(opening: "wayfinder://main/feed")
        let full = try CLI.runRedirected(["state", "check", stateFile], output: "/dev/full")
        #expect(full.status == 74, "\(full.stderr)")
        #expect(full.stderr.hasSuffix("cannot write to standard output: No space left on device\n"), "\(full.stderr)")
    }
}
