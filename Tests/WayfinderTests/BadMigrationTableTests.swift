import Testing
import Wayfinder
import WayfinderRouteTools

/// Bad `version`, `from` and `alias` lines: each refused at its place with one message, and
/// no graph; a table of each kind that is right is taken.
@Suite struct BadMigrationTableTests {
    /// Lines 1–6: version 3 of a table; a migration line is line 7.
    static let header = """
        scheme x
        version 3
        guard member else app
        flow app   tabs home
        screen home app.home root
        screen post app push post/{id:int} after home

        """

    /// Each case: its lines (from line 7 on), and one of the diagnostics it must give.
    static let cases: [(name: String, lines: String, expected: String)] = [
        ("version twice", "version 4", "t.routes:7:1: version declared twice (first at t.routes:2:1)"),
        ("version not a number", "version two", "t.routes:7:9: invalid version 'two': a whole number from 1 to 1000000"),
        ("version zero", "version 0", "t.routes:7:9: invalid version '0': a whole number from 1 to 1000000"),
        ("from the table's version", "from 3 screen a renamed post", "t.routes:7:6: 'from 3' is not below the table's version 3"),
        ("from not a number", "from x screen a renamed post", "t.routes:7:6: invalid version 'x' after 'from'"),
        ("incomplete", "from 1 screen", "t.routes:7:1: incomplete migration"),
        ("unknown kind", "from 1 widget a renamed b", "t.routes:7:8: unknown kind 'widget' in a migration"),
        ("unknown change", "from 1 screen a frobbed b", "t.routes:7:17: unknown change 'frobbed' of a screen; expected 'from V screen OLD renamed NEW'"),
        ("rename to nothing", "from 1 screen a renamed pots", "t.routes:7:25: screen 'pots' is not in the table at this point"),
        ("rename from a name in use", "from 1 screen home renamed post", "t.routes:7:15: screen 'home' is still declared"),
        ("two migrations of one screen", "from 1 screen a renamed post\nfrom 1 screen a removed to home",
         "t.routes:8:15: screen a has two migrations from version 1 (the first at t.routes:7:15)"),
        ("a rename cycle", "from 1 screen a renamed b\nfrom 1 screen b renamed a", "t.routes:7:15: renames from version 1 go round in a cycle (a → b → a)"),
        ("removed to nothing", "from 1 screen old removed to gone", "t.routes:7:30: screen 'gone' is not in the table at this point"),
        ("removed but declared", "from 1 screen post removed to home", "t.routes:7:15: screen 'post' is still declared; only a screen the table no longer has can be removed"),
        ("moved from an unknown flow", "from 1 screen post moved from nowhere", "t.routes:7:31: unknown flow 'nowhere'"),
        ("moved from a tab its flow lacks", "from 1 screen post moved from app.away", "t.routes:7:31: flow 'app' has no tab 'away' at this point"),
        ("link of a root", "from 1 screen home link h", "t.routes:7:15: root screen 'home' has no pattern of its own"),
        ("link with a bad pattern", "from 1 screen post link post/{id:nope}", "t.routes:7:30: unknown parameter type 'nope'"),
        ("link with another parameter", "from 1 screen post link post/{n:int}", "t.routes:7:25: screen 'post' has no parameter 'n' at this point"),
        ("param of no screen", "from 1 param nope.id renamed x", "t.routes:7:14: screen 'nope' is not in the table at this point"),
        ("param renamed to nothing", "from 1 param post.ident renamed idx", "t.routes:7:33: screen 'post' has no parameter 'idx' at this point"),
        ("param retyped to the same type", "from 1 param post.id type int", "t.routes:7:27: 'id' of screen 'post' is int at this point: its type did not change"),
        ("param retyped with a bad value", "from 1 param post.id type string else x", "t.routes:7:39: value 'x' is not an int"),
        ("param added with a bad value", "from 1 param post.id added abc", "t.routes:7:28: value 'abc' is not an int"),
        ("param without a screen", "from 1 param id renamed x", "t.routes:7:14: expected SCREEN.PARAMETER, such as 'post.id', got 'id'"),
        ("flow renamed to nothing", "from 1 flow old renamed new", "t.routes:7:25: unknown flow 'new'"),
        ("tab renamed to nothing", "from 1 tab app.you renamed them", "t.routes:7:28: flow 'app' has no tab 'them' at this point"),
        ("tab without a flow", "from 1 tab me renamed you", "t.routes:7:12: expected FLOW.TAB, such as 'main.me'"),
        ("guard renamed to nothing", "from 1 guard old renamed new", "t.routes:7:26: unknown guard 'new'"),
        ("guard renamed from a name in use", "from 1 guard member renamed member2", "t.routes:7:29: unknown guard 'member2'"),
        ("alias of no screen", "alias nope n/{id:int}", "t.routes:7:7: unknown screen 'nope'"),
        ("alias of a root", "alias home h", "t.routes:7:7: root screen 'home' has no pattern of its own"),
        ("alias with other parameters", "alias post p/{n:int}", "t.routes:7:12: alias 'p/{n:int}' must hold the path parameters of screen 'post' (id)"),
        ("alias that is the pattern", "alias post post/{id:int}", "t.routes:7:12: alias of screen 'post' is its own pattern"),
        ("alias with one word", "alias post", "t.routes:7:1: expected 'alias SCREEN PATTERN'"),
    ]

    @Test(arguments: cases.indices) func aBadLineIsRefusedAtItsPlace(_ index: Int) {
        let (name, lines, expected) = Self.cases[index]
        do {
            _ = try RouteGraph(checking: Self.header + lines + "\n", file: "t.routes")
            Issue.record("\(name): accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.description.hasPrefix(expected) }, "\(name): \(error.description)")
            #expect(error.diagnostics.allSatisfy { $0.location.line >= 7 }, "only the new lines are at fault: \(error.description)")
        }
    }

    @Test func migrationsNeedTheTablesVersion() {
        let text = "scheme x\nflow app\nscreen home app root\nfrom 1 screen a renamed home\n"
        #expect(throws: RoutesFileError(diagnostics: [
            RoutesDiagnostic(RoutesLocation(file: "t.routes", line: 4, column: 6), "'from 1' needs the table's own version: declare 'version 2' (above every 'from')"),
        ])) { try RouteGraph(checking: text, file: "t.routes") }
    }

    @Test func everyKindOfMigrationIsTakenWhereItFits() throws {
        let text = """
            scheme x
            version 3
            guard member else start
            flow start
            flow app   guard member   tabs home profile
            flow more  guard member
            screen welcome start root
            screen home    app.home root
            screen me      app.profile root
            screen post    app push post/{postID:int}/{lang:en|fr} after home me
            screen thread  app push thread after post
            screen person  app push people/{id:string} after post
            screen help    app push help after me
            screen about   more root
            from 1 screen comments renamed thread
            from 1 screen terms removed to welcome
            from 1 screen help moved from extra
            from 1 screen post link post/{id:int}
            from 1 param post.id renamed postID
            from 1 param post.lang added en
            from 2 screen user renamed person
            from 2 screen person link user/{id:int}
            from 2 param person.id type int else drop
            from 2 flow extra renamed more
            from 2 tab app.me renamed profile
            from 2 guard signed renamed member
            alias post p/{postID:int}/{lang:en|fr}
            """
        let graph = try RouteGraph(checking: text, file: "all.routes")
        #expect(graph.version == 3)
        #expect(graph.migrations.count == 12)
        #expect(graph.migrations(since: 2).count == 6)
        #expect(graph.aliases.map(\.description) == ["alias post p/{postID:int}/{lang:en|fr}"])
    }
}
