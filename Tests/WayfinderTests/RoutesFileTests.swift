import Testing
import Wayfinder

@Suite struct RoutesFileTests {
    private func diagnostics(_ text: String) -> [RoutesDiagnostic] { Fixtures.diagnostics(text) }

    private let header = Fixtures.oneScreenHeader

    @Test func theFixtureParsesWithEveryDeclaration() throws {
        let graph = Fixtures.graph
        #expect(graph.scheme == "demo")
        #expect(graph.flows.map(\.name) == ["login", "main", "settings"])
        #expect(graph.flow(named: "main")?.tabs == ["feed", "search", "me"])
        #expect(graph.flow(named: "main")?.guardName == "signed-in")
        #expect(graph.guards.map { "\($0.name)>\($0.fallbackFlow)" } == ["signed-in>login"])
        let post = try #require(graph.screen(named: "post"))
        #expect(post.kind == .push)
        #expect(post.pattern == [.literal("post"), .parameter(name: "id", type: .int)])
        #expect(post.predecessors == ["feed", "search", "me", "user"])
        let forgot = try #require(graph.screen(named: "forgot"))
        #expect(forgot.query.map { "\($0.name):\($0.type)\($0.isOptional)" } == ["email:stringtrue"])
        #expect(graph.screen(named: "logout")?.kind == .alert)
        #expect(graph.rootScreen(flow: "main", tab: "search")?.name == "search")
        #expect(graph.rootScreen(flow: "main")?.name == "feed")
        #expect(graph.rootScreen(flow: "main", tab: "nope") == nil)
    }

    @Test func commentsBlankLinesAndCRLFAreAccepted() throws {
        let text = "# a comment\r\nscheme demo   # trailing\r\n\r\nflow app\r\nscreen home app root\r\n"
        let graph = try RouteGraph(parsing: text)
        #expect(graph.screens.map(\.name) == ["home"])
    }

    @Test func threeDifferentMistakesAreAllReportedWithTheirPlaces() {
        let found = diagnostics("""
            scheme demo
            flow app
            screen home app root
            screen home app push x after home
            screen item app push item/{id:integer} after home
            screen next app push next after nowhere
            """)
        #expect(found.map(\.location.description) == ["t.routes:4:8", "t.routes:5:27", "t.routes:6:33"])
        #expect(found[0].message.contains("duplicate screen 'home'"))
        #expect(found[1].message.contains("unknown parameter type 'integer'"))
        #expect(found[2].message.contains("unknown predecessor 'nowhere'"))
    }

    @Test(arguments: [
        ("screen a app push a after home\nscreen b app push {x:int} after home\nscreen c app push {y:int} after home", "ambiguous pattern"),
        ("screen a app push a/{x} after home\nscreen b app push a/{y:string} after home", "ambiguous pattern"),
        ("screen a app sideways a after home", "unknown screen kind 'sideways'"),
        ("screen a app push after home", "needs a URL pattern"),
        ("screen a app push a", "needs 'after SCREEN...'"),
        ("screen a nowhere push a after home", "unknown flow 'nowhere'"),
        ("screen a app push a after home query k:int k2:float", "unknown parameter type 'float'"),
        ("screen a app push a after home query k:int\nscreen b app push b after home query k:int", "query keys must be unique"),
        ("screen a app push a/{id}/b/{id} after home", "appears twice"),
        ("screen a app push a/{id after home", "unclosed parameter"),
        ("screen a app push a//b after home", "empty segment"),
        ("screen a app push a%20b after home", "invalid literal segment"),
        ("screen a app sheet a after home\nscreen b app push b after a", "nothing can follow a sheet or alert"),
        ("screen a app push a after b\nscreen b app push b after a", "cannot be reached from any root"),
        ("screen a app push a after home home", "listed twice"),
        ("screen home2 app root", "already has root screen"),
        ("screen a app.tab push a after home", "only a root screen names a tab"),
        ("screen after app push a after home", "is a keyword"),
        ("route a app push a after home", "unknown directive 'route'"),
        ("flow other\nscreen a other push a after home", "links cannot cross flows"),
        ("flow other", "flow 'other' has no root screen"),
        ("flow app", "duplicate flow 'app'"),
        ("flow Other", "must be lower case"),
        ("flow other guard nobody\nscreen o other root", "unknown guard 'nobody'"),
        ("guard g else nowhere", "unknown flow 'nowhere'"),
        ("flow tabbed tabs one two\nscreen one tabbed.one root", "tab 'two' of flow 'tabbed' has no root screen"),
        ("flow tabbed tabs one\nscreen one tabbed root", "name the tab this root belongs to"),
        ("screen a app root after home", "cannot follow other screens"),
        ("screen a app push a after home query k:int", ""),
        ("scheme other", "scheme declared twice"),
        ("screen a app push a after hom", "did you mean 'home'?"),
    ])
    func eachKindOfMistakeHasAnActionableMessage(lines: String, expected: String) {
        let found = diagnostics(header + lines)
        if expected.isEmpty {
            #expect(found.isEmpty)
        } else {
            #expect(found.contains { $0.message.contains(expected) }, "got \(found)")
            #expect(found.allSatisfy { $0.location.file == "t.routes" && $0.location.line >= 1 && $0.location.column >= 1 })
        }
    }

    @Test func aMissingSchemeAndNoFlowsAreReportedAtTheTop() {
        let found = diagnostics("# nothing here\n")
        #expect(found.map(\.location.description) == ["t.routes:1:1", "t.routes:1:1"])
        #expect(found.contains { $0.message.contains("missing 'scheme'") })
        #expect(found.contains { $0.message.contains("no flows declared") })
    }

    @Test func theFirstFlowMayNotBeGuarded() {
        let found = diagnostics("scheme s\nguard g else b\nflow a guard g\nflow b\nscreen x a root\nscreen y b root")
        #expect(found.contains { $0.message.contains("cannot be guarded") })
    }

    @Test func aGuardMustFallBackToAnOpenFlow() {
        let found = diagnostics("scheme s\nguard g else b\nflow a\nflow b guard g\nscreen x a root\nscreen y b root")
        #expect(found.contains { $0.message.contains("itself guarded") })
    }

    @Test func columnsCountCharactersNotBytes() {
        let found = diagnostics(header + "screen é app push a after home")
        #expect(found.first?.location.column == 8)
        let second = diagnostics(header + "screen a app push a after home  zz")
        #expect(second.first?.location.column == 33)
    }

    @Test func theErrorDescriptionHasOneLinePerProblem() {
        do {
            _ = try RouteGraph(parsing: "scheme demo\nflow app\nflow app\nscreen home app root\nwhat", file: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "f:3:6: duplicate flow 'app' (first declared at f:2:6)\nf:5:1: unknown directive 'what'; expected scheme, web, guard, flow, screen, version, from or alias")
        }
    }
}

/// ASCII route tables are split into lines and words byte by byte; anything else Character
/// by Character. Both must read a table alike: the same diagnostics (lines, columns,
/// messages) or the same graph, whatever the spaces, tabs, comments and line breaks.
@Suite struct RoutesTokenizingTests {
    /// Words a generated line is made of: directives, names, patterns and mistakes.
    static let words = [
        "scheme", "demo", "flow", "app", "main", "screen", "home", "root", "push", "sheet", "alert",
        "after", "query", "guard", "tabs", "else", "signed-in", "list", "item", "item/{id:int}",
        "items", "q:string?", "p:int", "{x:number}", "a#b", "#", "#c", "main.feed", "-bad", "x/{y}",
    ]
    static let breaks = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\n\r"]

    private func outcome(_ text: String) -> String {
        do {
            let graph = try RouteGraph(parsing: text, file: "t.routes")
            return "graph \(graph.scheme) \(graph.flows) \(graph.screens) \(graph.guards)"
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test func asciiTablesReadAsCharacterByCharacter() {
        var rng = SeededGenerator(seed: 2026)
        let start = ["scheme demo", "flow app", "screen home app root", "screen list app push items after home"]
        for _ in 0..<400 {
            var lines = start.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                var line = String(repeating: " ", count: Int.random(in: 0...2, using: &rng))
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    line += Self.words.randomElement(using: &rng) ?? ""
                    line += ["", " ", "  ", "\t", " \t"].randomElement(using: &rng) ?? " "
                }
                lines.insert(line, at: Int.random(in: 0...lines.count, using: &rng))
            }
            let separators = lines.map { _ in Self.breaks.randomElement(using: &rng) ?? "\n" }
            let ascii = zip(lines, separators).map { $0 + $1 }.joined()
            // The same table with a non-ASCII comment closing every line that has words,
            // and one line more: those lines, and the text as a whole, take the Character by
            // Character path. (An empty line stays empty: a CR before it and an LF after it
            // make one break, CR LF, in both.)
            let other = zip(lines, separators).map { ($0.isEmpty ? "" : $0 + " #é") + $1 }.joined() + "# é"
            #expect(outcome(ascii) == outcome(other), "\(ascii.debugDescription) against \(other.debugDescription)")
            // Only some lines marked: the text is split Character by Character, and each
            // unmarked line is still read byte by byte.
            let some = zip(lines, separators).map {
                ($0.isEmpty || Bool.random(using: &rng) ? $0 : $0 + " #é") + $1
            }.joined() + "# é"
            #expect(outcome(ascii) == outcome(some), "\(ascii.debugDescription) against \(some.debugDescription)")
        }
    }
}
