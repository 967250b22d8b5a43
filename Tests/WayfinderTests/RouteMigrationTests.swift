import Testing
import Wayfinder

/// A state saved under version 1 of a table restores under version 2: with each kind of
/// migration declared, whole; without it, to the nearest valid state, the loss reported.
@Suite struct RouteMigrationTests {
    static let version1 = """
        scheme t
        guard member else start
        flow start
        flow app    guard member   tabs home me
        flow extra  guard member
        screen welcome   start     root
        screen terms     start     sheet  terms          after welcome
        screen home      app.home  root
        screen me        app.me    root
        screen post      app       push   post/{id:int}  after home me
        screen comments  app       push   comments       after post
        screen user      app       push   user/{id:int}  after post
        screen about     extra     root
        screen help      extra     push   help           after about

        """

    /// One kind of change: how version 2 differs from version 1, the migrations that
    /// declare it, the links that make the saved state, and what it must restore to.
    struct Change: CustomTestStringConvertible, Sendable {
        let name: String
        let edits: [(String, String)]
        let migrations: [String]
        let links: [String]
        let expected: [String: [Route]]
        var activeFlow = "app"
        var presentation: (stack: String, route: Route)?

        var testDescription: String { name }

        /// Version 2 of the table, with or without the migrations.
        func table(declared: Bool) -> String {
            var text = edits.reduce(RouteMigrationTests.version1) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            text = text.replacingOccurrences(of: "scheme t\n", with: "scheme t\nversion 2\n")
            return declared ? text + migrations.joined(separator: "\n") + "\n" : text
        }
    }

    static let changes: [Change] = [
        Change(
            name: "screen renamed", edits: [("screen comments  app       push   comments", "screen thread    app       push   comments")],
            migrations: ["from 1 screen comments renamed thread"], links: ["t://app/home/post/1/comments"],
            expected: ["app/home": [Route("home"), Route("post", ["id": .int(1)]), Route("thread")]]
        ),
        Change(
            name: "screen moved to another flow",
            edits: [("screen help      extra     push   help           after about", "screen help      app       push   help           after me")],
            migrations: ["from 1 screen help moved from extra"], links: ["t://extra/help"],
            expected: ["app/me": [Route("me"), Route("help")], "extra": [Route("about")]]
        ),
        Change(
            name: "screen moved within its flow",
            edits: [("screen user      app       push   user/{id:int}  after post", "screen user      app       push   user/{id:int}  after home")],
            migrations: ["from 1 screen user moved from app.me"], links: ["t://app/me/post/2/user/7"],
            expected: ["app/me": [Route("me"), Route("post", ["id": .int(2)])], "app/home": [Route("home"), Route("user", ["id": .int(7)])]]
        ),
        Change(
            name: "screen removed", edits: [("screen terms     start     sheet  terms          after welcome\n", "")],
            migrations: ["from 1 screen terms removed to welcome"], links: ["t://start/terms"],
            expected: ["start": [Route("welcome")]], activeFlow: "start"
        ),
        Change(
            name: "parameter renamed", edits: [("post/{id:int}", "post/{postID:int}")],
            migrations: ["from 1 param post.id renamed postID"], links: ["t://app/me/post/3"],
            expected: ["app/me": [Route("me"), Route("post", ["postID": .int(3)])]]
        ),
        Change(
            name: "parameter retyped", edits: [("user/{id:int}", "user/{id:string}")],
            migrations: ["from 1 param user.id type int"], links: ["t://app/home/post/1/user/7"],
            expected: ["app/home": [Route("home"), Route("post", ["id": .int(1)]), Route("user", ["id": .string("7")])]]
        ),
        Change(
            name: "parameter added", edits: [("post/{id:int}  after", "post/{id:int}/{lang:en|fr}  after")],
            migrations: ["from 1 param post.lang added en", "from 1 screen post link post/{id:int}"], links: ["t://app/home/post/2"],
            expected: ["app/home": [Route("home"), Route("post", ["id": .int(2), "lang": .string("en")])]]
        ),
        Change(
            name: "flow renamed", edits: [("flow extra ", "flow more "), ("extra     ", "more      ")],
            migrations: ["from 1 flow extra renamed more"], links: ["t://extra/help"],
            expected: ["more": [Route("about"), Route("help")]], activeFlow: "more"
        ),
        Change(
            name: "tab renamed", edits: [("tabs home me", "tabs home profile"), ("app.me ", "app.profile ")],
            migrations: ["from 1 tab app.me renamed profile"], links: ["t://app/me/post/5"],
            expected: ["app/profile": [Route("me"), Route("post", ["id": .int(5)])]]
        ),
        Change(
            name: "guard renamed", edits: [("member", "signed")],
            migrations: ["from 1 guard member renamed signed"], links: ["t://app/home/post/8"],
            expected: ["app/home": [Route("home"), Route("post", ["id": .int(8)])]]
        ),
    ]

    /// The state version 1 saves after opening `links`, signed in.
    static func savedState(_ links: [String]) throws -> NavigationState {
        var navigator = Navigator(graph: try RouteGraph(parsing: version1, file: "v1.routes"))
        try navigator.grant("member")
        for link in links { try navigator.open(link) }
        return navigator.state
    }

    @Test(arguments: changes) func aDeclaredChangeLosesNothing(_ change: Change) throws {
        let graph = try RouteGraph(parsing: change.table(declared: true), file: "v2.routes")
        let restored = Navigator(graph: graph).restoration(of: try Self.savedState(change.links), savedWith: 1)
        #expect(restored.dropped == [], "\(change.name)")
        #expect(restored.migrations.map(\.text).contains(change.migrations[0]), "\(restored.migrations)")
        #expect(restored.state.activeFlow == change.activeFlow)
        for (place, routes) in change.expected {
            let parts = place.split(separator: "/").map(String.init)
            let stack = restored.state.flows[parts[0]]?.stacks[parts.count > 1 ? parts[1] : FlowState.singleStack]
            #expect(stack?.routes == routes, "\(place)")
            #expect(stack?.presentation == nil, "\(place)")
        }
    }

    @Test(arguments: changes) func anUndeclaredChangeIsReportedAsDropped(_ change: Change) throws {
        let graph = try RouteGraph(parsing: change.table(declared: false), file: "v2.routes")
        let restored = Navigator(graph: graph).restoration(of: try Self.savedState(change.links), savedWith: 1)
        #expect(!restored.dropped.isEmpty, "\(change.name)")
        #expect(restored.migrations.isEmpty)
        #expect(Navigator(graph: graph).problems(in: restored.state).isEmpty, "the nearest valid state fits")
    }

    @Test func aStateSavedWithTodaysVersionIsNotMigratedAgain() throws {
        let change = Self.changes[0]
        let graph = try RouteGraph(parsing: change.table(declared: true), file: "v2.routes")
        let once = Navigator(graph: graph).restoration(of: try Self.savedState(change.links), savedWith: 1)
        let again = Navigator(graph: graph).restoration(of: once.state, savedWith: 2)
        #expect(again.migrations.isEmpty && again.dropped.isEmpty)
        #expect(again.state == once.state)
    }

    @Test func aStateFromANewerTableIsRestoredAsItFits() throws {
        let graph = try RouteGraph(parsing: Self.changes[0].table(declared: true), file: "v2.routes")
        let saved = try Self.savedState(["t://app/home/post/1/comments"])
        let restored = Navigator(graph: graph).restoration(of: saved, savedWith: 9)
        #expect(restored.isFromNewerTable)
        #expect(restored.migrations.isEmpty)
        #expect(restored.state.flows["app"]?.stacks["home"]?.routes.map(\.screen) == ["home", "post"])
        #expect(!restored.dropped.isEmpty)
    }

    /// Version 2 where user's id is a word of a set: 7 fits none.
    private func retypedToWords(_ rule: String) throws -> Restoration {
        let text = Self.version1.replacingOccurrences(of: "scheme t\n", with: "scheme t\nversion 2\n")
            .replacingOccurrences(of: "user/{id:int}", with: "user/{id:me|you}") + "from 1 param user.id type int\(rule)\n"
        let graph = try RouteGraph(parsing: text, file: "v2.routes")
        return Navigator(graph: graph).restoration(of: try Self.savedState(["t://app/home/post/1/user/7"]), savedWith: 1)
    }

    @Test func aValueThatNoLongerFitsBecomesTheDeclaredOne() throws {
        let restored = try retypedToWords(" else you")
        #expect(restored.dropped == [])
        #expect(restored.state.flows["app"]?.stacks["home"]?.top == Route("user", ["id": .string("you")]))
    }

    @Test func aValueThatNoLongerFitsIsDroppedWithItsScreenAndSaid() throws {
        for rule in [" else drop", ""] {
            let restored = try retypedToWords(rule)
            #expect(restored.dropped == ["app.home: user(id: 7) is dropped: 'id' is not one of me or you (from 1 param user.id type int\(rule))"])
            #expect(restored.state.flows["app"]?.stacks["home"]?.routes == [Route("home"), Route("post", ["id": .int(1)])])
        }
    }
}
