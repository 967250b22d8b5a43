import Foundation
import Testing

/// `wayfinder explain`: the verdict of `resolve`, in the same words and with the same exit
/// codes, and why, as text or one JSON line; and `explain` in the REPL.
@Suite struct ExplainCLITests {
    /// Links the README and the reference show, and some refused in each part of a link.
    static let links = [
        "wayfinder://main/search/post/3?q=swift", "https://wayfinder.example/main/feed/post/12", "WAYFINDER://MAIN/feed/post/12/",
        "wayfinder://main/feed/p/4", "wayfinder://main/feed/post/4/user/7", "wayfinder://settings/logout",
        "wayfinder://main/feed/post/abc", "wayfinder://main/fed", "nope", "wayfinder://main/feed/compose/post/1",
        "wayfinder://main/feed//post", "wayfinder://main/search?page=2", "wayfinder://main/feed/post/4/user/x",
        "https://evil.example/main/feed",
    ]

    /// A JSON line as an object.
    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test(arguments: links)
    func theJSONVerdictIsResolves(link: String) throws {
        let explained = try CLI.run(["explain", link, "--format", "json"])
        let resolved = try CLI.run(["resolve", link, "--format", "json"])
        #expect(explained.status == resolved.status)
        #expect(explained.stderr.isEmpty)
        let lines = explained.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let json = try object(String(lines[0]))
        if resolved.status == 0 {
            #expect(json["verdict"] as? String == "resolved")
            // The same writer writes both: the object resolve prints, as it prints it.
            #expect(explained.stdout.contains(#""resolved":"# + resolved.stdout.dropLast() + ","), "\(explained.stdout)")
        } else {
            #expect(resolved.status == 65)
            let error = try #require(json["error"] as? [String: Any])
            #expect(resolved.stderr == "wayfinder: error: \(error["message"] as? String ?? "")\n")
            #expect(json["verdict"] as? String == "refused")
        }
    }

    @Test func theVerdictsAreThoseOfResolveDash() throws {
        let batch = try CLI.run(["resolve", "-"], stdin: Self.links.joined(separator: "\n") + "\n")
        let answers = batch.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == Self.links.count)
        for (link, answer) in zip(Self.links, answers) {
            let explained = try object(try CLI.run(["explain", link, "--format", "json"]).stdout)
            let resolved = try object(answer)
            if let error = resolved["error"] as? [String: Any] {
                let given = try #require(explained["error"] as? [String: Any])
                #expect(given["code"] as? String == error["code"] as? String, "\(link)")
                #expect(given["message"] as? String == error["message"] as? String, "\(link)")
            } else {
                #expect((explained["resolved"] as? NSDictionary) == (resolved as NSDictionary), "\(link)")
            }
        }
    }

    @Test func theTextSaysWhatReadEachSegmentAndExitsAsResolveDoes() throws {
        let opens = try CLI.run(["explain", "wayfinder://main/search/post/3?q=swift"])
        #expect(opens.status == 0 && opens.stderr.isEmpty)
        #expect(opens.stdout.contains("opens       main/search: search(q: swift) > post(id: 3)\n"))
        #expect(opens.stdout.contains("segment 3   3       'id' of 'post', an int\n"))
        #expect(opens.stdout.contains("canonical   wayfinder://main/search/post/3?q=swift\n"))
        let refused = try CLI.run(["explain", "wayfinder://main/feed/post/abc"])
        #expect(refused.status == 65 && refused.stderr.isEmpty)
        #expect(refused.stdout.contains("refused     typeMismatch: segment 3 'abc': 'id' of screen 'post' must be an int\n"))
        #expect(refused.stdout.contains("tried       post (post/{id:int}): segment 3 'abc' is not an int ('id')\n"))
    }

    @Test func anotherTableAndBadUsage() throws {
        let routes = try CLI.temporaryFile("scheme shop\nflow store\nscreen home store root\nscreen item store push item/{id:int} after home\n")
        let item = try CLI.run(["explain", "shop://store/item/x", "--routes", routes])
        #expect(item.status == 65)
        #expect(item.stdout.contains("tried       item (item/{id:int}): segment 2 'x' is not an int ('id')"))
        #expect(try CLI.run(["explain"]).status == 64)
        #expect(try CLI.run(["explain", "wayfinder://main", "--format", "xml"]).status == 64)
        #expect(try CLI.run(["explain", "wayfinder://main", "--routes", "/nonexistent.routes"]).status == 66)
        let bytes = try CLI.run(bytes: [Array("explain".utf8), Array("wayfinder://main/search?q=".utf8) + [0xFF]])
        #expect(bytes.status == 65)
        #expect(bytes.stdout.contains("refused     badEncoding: "))
        #expect(bytes.stdout.contains("\\xFF"))
    }

    @Test func theREPLExplainsWithItsOwnGuards() throws {
        let result = try CLI.run(["-c", "explain wayfinder://main/feed/post/abc", "-c", "explain wayfinder://settings", "-c", "help explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("refused     typeMismatch: segment 3 'abc': 'id' of screen 'post' must be an int"))
        #expect(result.stdout.contains("guard       'signed-in', not granted: opening the link shows wayfinder://login"))
        #expect(result.stdout.contains("explain <url>"))
        let usage = try CLI.run(["-c", "explain"])
        #expect(usage.status == 64 && usage.stderr.contains("usage: explain <url>"))
    }

    @Test func theCompletionScriptsOfferIt() throws {
        let bash = try CLI.run(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("explain"))
        let help = try CLI.run(["explain", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--routes") && help.stdout.contains("--format"))
    }
}
