import Foundation
import Testing

/// `resolve` and `routes check` on what URL parsers read otherwise: dot segments, web
/// hosts, web paths; and `resolve -`, whose answers are JSON lines only.
@Suite struct LinkRulesCLITests {
    @Test func aDotSegmentExits65NamingIt() throws {
        let result = try CLI.run(["resolve", "wayfinder://main/feed/post/%2E%2E"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wayfinder: error: segment 3 '%2E%2E' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link\n")
        let batch = try CLI.run(["resolve", "-"], stdin: "wayfinder://main/feed/./post/1\n")
        #expect(batch.status == 65)
        #expect(batch.stdout.contains(#""code":"dotSegment""#))
    }

    @Test func aWebLinkWithAnAtSignInItsFlowSegmentIsAFlowThatNamesNone() throws {
        let result = try CLI.run(["resolve", "https://wayfinder.example/ma@in/feed"])
        #expect(result.status == 65)
        #expect(result.stderr == "wayfinder: error: segment 1 'ma@in' names no flow\n")
    }

    @Test func textCannotBeAskedOfABatch() throws {
        let text = try CLI.run(["resolve", "-", "--format", "text"], stdin: "wayfinder://main/feed\n")
        #expect(text.status == 64)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains("'--format text' cannot be used with the link '-'"))
        for arguments in [["resolve", "-"], ["resolve", "-", "--format", "json"]] {
            let json = try CLI.run(arguments, stdin: "wayfinder://main/feed\n")
            #expect(json.status == 0)
            #expect(json.stdout.hasPrefix(#"{"url":"wayfinder://main/feed""#))
        }
        #expect(try CLI.run(["resolve", "wayfinder://main/feed", "--format", "text"]).stdout.hasPrefix("url "))
    }

    @Test func routesCheckRefusesADotPatternAWebSchemeBesideWebLinesAndBadHosts() throws {
        let path = try CLI.temporaryFile("""
            scheme https
            web https://-b.example
            web http://256.0.0.1
            web https://good.example
            flow main
            screen home main root
            screen up main push ../x after home
            """)
        let result = try CLI.run(["routes", "check", path])
        #expect(result.status == 78)
        let lines = result.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: path, with: "t.routes") }
        #expect(lines.contains { $0.hasPrefix("t.routes:2:5: invalid web origin 'https://-b.example': host '-b.example' has the label '-b', which starts with '-'") })
        #expect(lines.contains { $0.hasPrefix("t.routes:3:5: invalid web origin 'http://256.0.0.1': host '256.0.0.1' ends in a number") })
        #expect(lines.contains { $0.hasPrefix("t.routes:7:21: literal segment '..' is a dot segment") })
        #expect(lines.contains { $0.hasPrefix("t.routes:1:8: scheme 'https' is a web scheme") })
    }
}
