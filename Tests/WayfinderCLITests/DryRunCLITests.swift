import Foundation
import Testing

/// `open --dry-run` tells the change a link would make and changes nothing: the saved
/// navigation stays byte for byte what it was.
@Suite struct DryRunCLITests {
    /// A data directory signed in as alice, at a post's comments.
    static func signedInAtComments() throws -> String {
        let home = try CLI.temporaryDirectory()
        let login = try CLI.run(["-c", "login alice"], stdin: "wonderland\n", environment: ["WAYFINDER_HOME": home])
        #expect(login.status == 0, "\(login.stderr)")
        let open = try CLI.run(["-c", "open wayfinder://main/feed/post/7/comments"], environment: ["WAYFINDER_HOME": home])
        #expect(open.status == 0, "\(open.stderr)")
        return home
    }

    @Test(arguments: [
        ("open --dry-run wayfinder://main/feed/post/7", "would pop comments\n"),
        ("open wayfinder://main/feed/post/7/comments --dry-run", "would change nothing: wayfinder://main/feed/post/7/comments is open\n"),
        ("open --dry-run wayfinder://main/search/post/3", "would select tab search; push post(id: 3)\n"),
        ("open --dry-run wayfinder://main/feed/compose", "would ask to confirm: wayfinder://main/feed/compose opens 'compose', so nothing opens before 'confirm'\n"),
    ])
    func aDryRunPrintsTheEditAndLeavesTheSavedStateAsItWas(command: String, expected: String) throws {
        let home = try Self.signedInAtComments()
        let saved = home + "/navigation.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: saved))
        let result = try CLI.run(["-c", command], environment: ["WAYFINDER_HOME": home])
        #expect(result.status == 0)
        #expect(result.stdout == expected)
        #expect(result.stderr == "")
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == before)
        let after = try CLI.run(["-c", "where"], environment: ["WAYFINDER_HOME": home])
        #expect(after.stdout == "wayfinder://main/feed/post/7/comments\n")
    }

    @Test func aRefusedDryRunSaysWhyAndChangesNothing() throws {
        let home = try Self.signedInAtComments()
        let saved = home + "/navigation.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: saved))
        for (command, status) in [("open --dry-run wayfinder://main/feed/post/abc", Int32(1)), ("open --dry-run", 64), ("open a --dry-run b", 64)] {
            let result = try CLI.run(["-c", command], environment: ["WAYFINDER_HOME": home])
            #expect(result.status == status, "\(command)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("wayfinder: error: "), "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == before)
    }

    /// A link to a post that does not exist is refused by `open --dry-run` as by `open`:
    /// the same one line, the same status (65: data that does not exist, not data that
    /// cannot be read).
    @Test func aDryRunRefusesALinkToMissingDataAsOpenDoes() throws {
        let home = try Self.signedInAtComments()
        let link = "wayfinder://main/feed/post/999"
        let open = try CLI.run(["open", link], environment: ["WAYFINDER_HOME": home])
        let dryRun = try CLI.run(["open", "--dry-run", link], environment: ["WAYFINDER_HOME": home])
        #expect(open.status == 65)
        #expect(open.stderr == "wayfinder: error: post 999 does not exist\n")
        #expect(dryRun.status == open.status)
        #expect(dryRun.stderr == open.stderr)
        #expect(dryRun.stdout == "")
    }

    @Test func theOpenCommandsDryRunPrintsEachLinksEditAsTextOrJSON() throws {
        let links = ["wayfinder://login/register", "wayfinder://login/register/terms", "wayfinder://login/register/terms"]
        let text = try CLI.run(["open", "--dry-run"] + links)
        #expect(text.status == 0)
        #expect(text.stdout == "would push register\nwould present terms (sheet)\nwould change nothing: wayfinder://login/register/terms is open\n")
        let json = try CLI.run(["open", "--dry-run", "--format", "json"] + links)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["dry_run"] as? [String])?.count == 3)
        let refused = try CLI.run(["open", "--dry-run", "wayfinder://main/nope"])
        #expect(refused.status == 65)
        #expect(refused.stdout == "")
    }
}
