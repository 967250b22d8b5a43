import Testing
import Wayfinder
import WayfinderSystem

/// Links in the shapes of an earlier version of a table, and aliases: they open what their
/// migration says, print in today's form, say how they were read, and never take a link
/// from today's patterns.
@Suite struct OldLinkShapeTests {
    /// Version 2 of ``RouteMigrationTests/version1``: comments renamed thread with its own
    /// link, user links under people/, the me tab renamed profile, flow extra renamed more,
    /// post's id renamed postID; post has a short alias.
    static let version2 = try? RouteGraph(parsing: version2Text, file: "v2.routes")

    static let version2Text = """
        scheme t
        version 2
        guard member else start
        flow start
        flow app    guard member   tabs home profile
        flow more   guard member
        screen welcome   start        root
        screen terms     start        sheet  terms              after welcome
        screen home      app.home     root
        screen me        app.profile  root
        screen post      app          push   post/{postID:int}  after home me
        screen page      app          push   p/{name:string}    after home
        screen thread    app          push   thread             after post
        screen user      app          push   people/{id:int}    after post
        screen about     more         root
        screen help      more         push   help               after about
        from 1 screen comments renamed thread
        from 1 screen thread link comments
        from 1 screen user link user/{id:int}
        from 1 tab app.me renamed profile
        from 1 flow extra renamed more
        from 1 param post.id renamed postID
        alias post n/{postID:int}
        alias user u/{id:int}

        """

    static let oldLinks: [(old: String, new: String)] = [
        ("t://app/home/post/1/comments", "t://app/home/post/1/thread"),
        ("t://app/me/post/4/user/7", "t://app/profile/post/4/people/7"),
        ("t://extra/help", "t://more/help"),
        ("T://EXTRA", "t://more"),
        ("t://app/me", "t://app/profile"),
    ]

    @Test(arguments: oldLinks.map(\.old)) func anOldLinkOpensItsMigratedPlaceAndPrintsInTodaysForm(_ link: String) throws {
        let graph = try #require(Self.version2)
        let resolved = try graph.resolve(link)
        let expected = try #require(Self.oldLinks.first { $0.old == link }?.new)
        #expect(resolved.url == expected)
        guard case .migrated(let version, let migrations)? = resolved.origin else {
            Issue.record("\(link) is not reported as an old shape: \(String(describing: resolved.origin))")
            return
        }
        #expect(version == 1)
        #expect(!migrations.isEmpty)
        #expect(try graph.resolve(resolved.url) == resolved, "today's form reads back as the same place")
        #expect(try graph.resolve(resolved.url).origin == nil)
    }

    @Test func theJSONNamesTheMigrations() throws {
        let graph = try #require(Self.version2)
        let json = try JSONValue(parsing: Array(try graph.resolve("t://app/me/post/4/user/7").jsonValue.serialized.utf8))
        guard case .object(let migrated)? = json.member("migrated") else {
            Issue.record("no migrated member in \(json)")
            return
        }
        let lines = migrated.first { $0.0 == "migrations" }?.1
        #expect(lines == .array([
            .string("from 1 screen user link user/{id:int}"), .string("from 1 tab app.me renamed profile"),
            .string("from 1 param post.id renamed postID"),
        ]))
        #expect(json.member("url") == .string("t://app/profile/post/4/people/7"))
    }

    @Test func anAliasOpensItsScreenAndPrintsItsPattern() throws {
        let graph = try #require(Self.version2)
        let resolved = try graph.resolve("t://app/home/n/3/thread")
        #expect(resolved.url == "t://app/home/post/3/thread")
        #expect(resolved.origin == .alias(graph.aliases[0]))
        #expect(try graph.resolve("t://app/home/post/3/u/9").url == "t://app/home/post/3/people/9")
    }

    @Test func todaysPatternsComeFirst() throws {
        let graph = try #require(Self.version2)
        // `p/{name}` is today's; no alias or old shape takes it.
        let page = try graph.resolve("t://app/home/p/5")
        #expect(page.stack.last == Route("page", ["name": .string("5")]))
        #expect(page.origin == nil)
        // A link today's table reads is read as today's, even where an old shape would too.
        #expect(try graph.resolve("t://app/home/post/2").origin == nil)
    }

    @Test func aLinkNoShapeReadsGetsTodaysDiagnosis() throws {
        let graph = try #require(Self.version2)
        #expect(throws: DeepLinkError.self) { try graph.resolve("t://app/home/post/x") }
        do {
            _ = try graph.resolve("t://app/home/nothing")
        } catch {
            #expect(error.code == .unknownScreen)
            #expect(error.message.contains("'nothing'"))
        }
    }

    @Test func aliasesChangeNoResolutionOfToday() throws {
        let graph = try #require(Self.version2)
        // Every link today's table reads resolves alike with and without the history lines.
        let declarations = Self.version2Text.split(separator: "\n").filter { line in
            !["version", "from", "alias"].contains(line.split(separator: " ").first ?? "")
        }
        let plain = try RouteGraph(parsing: declarations.joined(separator: "\n"), file: "plain.routes")
        #expect(plain.version == 1 && plain.aliases.isEmpty && plain.migrations.isEmpty)
        for link in ["t://app/home/p/n", "t://app/home/post/1/people/2", "t://app/profile/post/9/thread", "t://more/help", "t://start/terms"] {
            #expect(try graph.resolve(link) == plain.resolve(link), "\(link)")
        }
    }

    @Test func anAliasAnotherPatternReadsFirstIsWarnedAbout() throws {
        let graph = try RouteGraph(parsing: """
            scheme t
            flow f
            screen home f root
            screen page f push p/{name:string} after home
            screen post f push post/{id:int} after home
            alias post p/{id:int}
            alias page x/{name}
            """, file: "a.routes")
        #expect(graph.warnings.map(\.description) == [
            "a.routes:6:1: warning: after 'home', alias 'p/{id:int}' of screen 'post' can match the same segments as 'p/{name:string}' (screen 'page'), which is read first: the alias does not open such links",
        ])
        #expect(try graph.resolve("t://f/p/5").stack.last == Route("page", ["name": .string("5")]))
        #expect(try graph.resolve("t://f/x/5").url == "t://f/p/5")
    }
}
