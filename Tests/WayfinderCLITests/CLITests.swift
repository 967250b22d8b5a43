import Foundation
import Testing

/// What `Routes/app.routes` declares, counted from its lines (as a reader would).
struct AppTableCounts {
    var flows = 0, tabs = 0, screens = 0, edges = 0, guards = 0, version = 1, migrations = 0, aliases = 0

    init() throws {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Routes/app.routes"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            switch words.first {
            case "flow":
                flows += 1
                if let index = words.firstIndex(of: "tabs") { tabs += words.count - index - 1 }
            case "screen":
                screens += 1
                guard let after = words.firstIndex(of: "after") else { continue }
                let end = words[after...].firstIndex { $0 == "query" || $0 == "reopen" || $0 == "entry" } ?? words.count
                edges += end - after - 1
            case "guard": guards += 1
            case "version": version = Int(words[1]) ?? 0
            case "from": migrations += 1
            case "alias": aliases += 1
            default: break
            }
        }
    }
}

@Suite struct RoutesCommandTests {
    @Test func checkAcceptsTheAppTableEmbeddedOrFromItsFile() throws {
        let embedded = try CLI.run(["routes", "check"])
        #expect(embedded.status == 0)
        let app = try AppTableCounts()
        #expect(app.screens > 10)
        func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }
        let summary = [counted(app.flows, "flow"), counted(app.tabs, "tab"), counted(app.screens, "screen"), counted(app.edges, "edge"), counted(app.guards, "guard")]
        let history = "version \(app.version), \(counted(app.migrations, "migration")), \(app.aliases == 1 ? "1 alias" : "\(app.aliases) aliases")"
        #expect(embedded.stdout == "app.routes: OK (\(summary.joined(separator: ", ")); \(history))\n")
        let file = CLI.repositoryRoot.appendingPathComponent("Routes/app.routes").path
        let fromFile = try CLI.run(["routes", "check", file])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout.hasPrefix("\(file): OK"))
        #expect(fromFile.stderr.isEmpty)
    }

    @Test func checkReportsEveryMistakeWithItsPlaceAndExits78() throws {
        let path = try CLI.temporaryFile("""
            scheme demo
            flow app
            screen home app root
            screen list app push list after hme
            screen item app push item/{id:number} after list
            screen list app push again after home
            """)
        let result = try CLI.run(["routes", "check", path])
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):4:33: unknown predecessor 'hme' of screen 'list'; did you mean 'home'?",
            "\(path):5:27: unknown parameter type 'number'; expected int, string, uuid, bool, double, date, rest, or two or more words separated by '|' (new|top|hot)",
            "\(path):6:8: duplicate screen 'list' (first declared at \(path):4:8)",
        ])
    }

    @Test func checkWarnsAboutOverlappingPatternsWithTheirPlaceAndExits0() throws {
        let path = try CLI.temporaryFile("""
            scheme x
            flow f
            screen root f root
            screen p1 f push {a:int}           after root p1 p2
            screen p2 f push {a:int}/{b:int}   after root p1 p2
            """)
        let result = try CLI.run(["routes", "check", path])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): OK (1 flow, 0 tabs, 3 screens, 6 edges, 0 guards)\n")
        // One warning for the pair, at the later screen, naming the first screen both follow.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):5:8: warning: after 'root', patterns '{a:int}' (screen 'p1') and '{a:int}/{b:int}' (screen 'p2') can match the same segments: such a link has several readings, and states that print to one of them are refused",
        ], "\(result.stderr)")
        // A table without overlaps gives no warning.
        let app = try CLI.run(["routes", "check", CLI.repositoryRoot.appendingPathComponent("Routes/app.routes").path])
        #expect(app.stderr.isEmpty)
    }

    @Test func aMissingFileExits66AndStdinWorks() throws {
        let missing = try CLI.run(["routes", "check", "/nonexistent/x.routes"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file"))
        let piped = try CLI.run(["routes", "check", "-"], stdin: "scheme s\nflow f\nscreen r f root\n")
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix("<stdin>: OK (1 flow, 0 tabs, 1 screen, "), "\(piped.stdout)")
    }

    @Test func listShowsEveryScreen() throws {
        let result = try CLI.run(["routes", "list"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("post ") && $0.contains(".../post/{id:int}") && $0.contains("feed,search,me,person") && $0.hasSuffix("signed-in") })
        #expect(rows.contains { $0.hasPrefix("forgot ") && $0.contains("?email:string?") })
        #expect(rows.filter { $0.contains(" root ") || $0.contains(" push ") || $0.contains(" sheet ") || $0.contains(" alert ") }.count == (try AppTableCounts().screens))
    }

    @Test(.enabled(if: CLI.which("dot") != nil, "Graphviz is installed by make test"))
    func theDotGraphIsAcceptedByGraphviz() throws {
        let result = try CLI.run(["routes", "graph", "--format", "dot"])
        #expect(result.status == 0)
        let path = try CLI.temporaryFile(result.stdout, name: "routes.dot")
        let dot = Process()
        dot.executableURL = URL(fileURLWithPath: try #require(CLI.which("dot")))
        dot.arguments = ["-Tsvg", path, "-o", path + ".svg"]
        let errors = Pipe()
        dot.standardError = errors
        try dot.run()
        dot.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(dot.terminationStatus == 0, "dot said: \(message)")
        #expect(message.isEmpty, "dot warned: \(message)")
        let svg = try String(contentsOfFile: path + ".svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("signIn"))
    }

    @Test func theMermaidGraphHasEveryEdge() throws {
        let result = try CLI.run(["routes", "graph", "--format", "mermaid"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("flowchart LR\n"))
        let edges = result.stdout.split(separator: "\n").filter { $0.contains("-->") || $0.contains(".->") }
        #expect(edges.count == (try AppTableCounts().edges))
    }
}

@Suite struct ResolveCommandTests {
    static let table: [(String, String)] = [
        ("wayfinder://login", #"{"url":"wayfinder://login","web_url":"https://wayfinder.example/login","flow":"login","tab":null,"stack":[{"screen":"signIn","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://login/register", #"{"url":"wayfinder://login/register","web_url":"https://wayfinder.example/login/register","flow":"login","tab":null,"stack":[{"screen":"signIn","params":{}},{"screen":"register","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://login/forgot?email=alice%40example.com", #"{"url":"wayfinder://login/forgot?email=alice%40example.com","web_url":"https://wayfinder.example/login/forgot?email=alice%40example.com","flow":"login","tab":null,"stack":[{"screen":"signIn","params":{}},{"screen":"forgot","params":{"email":"alice@example.com"}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://login/terms", #"{"url":"wayfinder://login/terms","web_url":"https://wayfinder.example/login/terms","flow":"login","tab":null,"stack":[{"screen":"signIn","params":{}}],"presentation":{"screen":"terms","params":{},"style":"sheet"},"entry":"outside"}"#),
        ("wayfinder://main/feed", #"{"url":"wayfinder://main/feed","web_url":"https://wayfinder.example/main/feed","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/feed/post/42", #"{"url":"wayfinder://main/feed/post/42","web_url":"https://wayfinder.example/main/feed/post/42","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}},{"screen":"post","params":{"id":42}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/feed/post/42/comments", #"{"url":"wayfinder://main/feed/post/42/comments","web_url":"https://wayfinder.example/main/feed/post/42/comments","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}},{"screen":"post","params":{"id":42}},{"screen":"comments","params":{}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/feed/post/42/people/7", #"{"url":"wayfinder://main/feed/post/42/people/7","web_url":"https://wayfinder.example/main/feed/post/42/people/7","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}},{"screen":"post","params":{"id":42}},{"screen":"person","params":{"id":7}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/feed/post/42/people/7/post/9", #"{"url":"wayfinder://main/feed/post/42/people/7/post/9","web_url":"https://wayfinder.example/main/feed/post/42/people/7/post/9","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}},{"screen":"post","params":{"id":42}},{"screen":"person","params":{"id":7}},{"screen":"post","params":{"id":9}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/feed/compose", #"{"url":"wayfinder://main/feed/compose","web_url":"https://wayfinder.example/main/feed/compose","flow":"main","tab":"feed","stack":[{"screen":"feed","params":{}}],"presentation":{"screen":"compose","params":{},"style":"sheet"},"entry":"confirm"}"#),
        ("wayfinder://main/search?q=swift", #"{"url":"wayfinder://main/search?q=swift","web_url":"https://wayfinder.example/main/search?q=swift","flow":"main","tab":"search","stack":[{"screen":"search","params":{"q":"swift"}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/search/post/3?q=swift", #"{"url":"wayfinder://main/search/post/3?q=swift","web_url":"https://wayfinder.example/main/search/post/3?q=swift","flow":"main","tab":"search","stack":[{"screen":"search","params":{"q":"swift"}},{"screen":"post","params":{"id":3}}],"presentation":null,"entry":"outside"}"#),
        ("wayfinder://main/me", #"{"url":"wayfinder://main/me","web_url":"https://wayfinder.example/main/me","flow":"main","tab":"me","stack":[{"screen":"me","params":{}}],"presentation":null,"entry":"outside"}"#),
    ]

    @Test(arguments: table)
    func everyLinkOfTheAppResolvesToItsJSON(link: String, json: String) throws {
        let result = try CLI.run(["resolve", link, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == json + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["entry", "flow", "presentation", "stack", "tab", "url", "web_url"])
    }

    @Test(arguments: [
        ("WAYFINDER://MAIN/feed/", "wayfinder://main/feed"),
        ("wayfinder://main/feed/", "wayfinder://main/feed"),
        ("wayfinder://main", "wayfinder://main/feed"),
        ("Wayfinder://Main/me/", "wayfinder://main/me"),
        ("wayfinder://main/feed/post/042", "wayfinder://main/feed/post/42"),
        ("wayfinder://login/forgot?email=alice@example.com", "wayfinder://login/forgot?email=alice%40example.com"),
    ])
    func equivalentSpellingsHaveTheSameCanonicalURL(link: String, canonical: String) throws {
        let result = try CLI.run(["resolve", link, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"url":"\#(canonical)","#))
    }

    @Test func textOutputNamesEachPart() throws {
        let result = try CLI.run(["resolve", "wayfinder://main/search/post/3?q=swift"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            url           wayfinder://main/search/post/3?q=swift
            flow          main (requires signed-in)
            tab           search
            stack         search(q: swift) > post(id: 3)
            presentation  none
            entry         outside

            """)
    }

    @Test(arguments: [
        ("wayfinder://main/feed/nothing", "'nothing'"),
        ("wayfinder://main/feed/post/abc", "'abc'"),
        ("wayfinder://main/search?x=1", "'x'"),
        ("wayfinder://main/search?q=a&q=b", "'q'"),
        ("wayfinder://main/feed/post/%zz", "'%zz'"),
        ("wayfinder://main/feed/post/%C3%28", "'%C3%28'"),
        ("wayfinder://main/feed/post/%1B", "'%1B'"),
        ("wayfinder://main/feed/post/%00", "'%00'"),
        ("wayfinder://main/feed//post/1", "segment 2"),
        ("wayfinder://main/feed/comments", "'comments' cannot follow 'feed'"),
        ("wayfinder://main/feed/post/1" + String(repeating: "/comments", count: 1) + String(repeating: "/people/1/post/1", count: 11), "limit is 32"),
        ("wayfinder://login/forgot?email=" + String(repeating: "a", count: 2040), "limit is 2048"),
        ("wayfinder://main/search?q=" + String(repeating: "a", count: 257), "256 bytes"),
        ("ftp://main/feed", "'ftp'"),
        ("http://main/feed", "'http://main'"),
        ("https://wayfinder.example:8443/main/feed", "'8443'"),
        ("https://u@wayfinder.example/main/feed", "'u@wayfinder.example'"),
        ("wayfinder://nowhere", "'nowhere'"),
        ("not a link", "not a link"),
    ])
    func rejectedLinksPrintOneMessageAndNothingOnStdout(link: String, part: String) throws {
        let result = try CLI.run(["resolve", link, "--format", "json"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("wayfinder: error: "))
        #expect(result.stderr.contains(part), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func controlCharactersNeverReachTheTerminal() throws {
        let result = try CLI.run(["resolve", "wayfinder://main/\u{1B}]2;x\u{07}"])
        #expect(result.status == 65)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func anotherRoutesFileCanBeUsed() throws {
        let path = try CLI.temporaryFile("""
            scheme shop
            flow store
            screen home store root
            screen product store push p/{sku} after home
            """)
        let result = try CLI.run(["resolve", "shop://store/p/x1", "--routes", path, "--format", "json"])
        #expect(result.stdout == #"{"url":"shop://store/p/x1","flow":"store","tab":null,"stack":[{"screen":"home","params":{}},{"screen":"product","params":{"sku":"x1"}}],"presentation":null,"entry":"outside"}"# + "\n")
        let invalid = try CLI.temporaryFile("scheme shop\n")
        let failed = try CLI.run(["resolve", "shop://store", "--routes", invalid])
        #expect(failed.status == 78)
        #expect(failed.stdout.isEmpty)
    }

    @Test func usageErrorsExit64() throws {
        #expect(try CLI.run(["resolve"]).status == 64)
        #expect(try CLI.run(["resolve", "wayfinder://login", "--format", "xml"]).status == 64)
        #expect(try CLI.run(["routes", "graph", "--format", "png"]).status == 64)
    }
}
