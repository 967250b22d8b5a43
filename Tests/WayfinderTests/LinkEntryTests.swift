import Testing
@testable import Wayfinder
import WayfinderRouteTools
@testable import WayfinderSystem

/// Link-entry tiers (`entry outside|confirm|internal`): what a link from outside may open,
/// on a table with a screen of each tier, an alias and an earlier shape.
@Suite struct LinkEntryTests {
    static let routes = """
        scheme demo
        version 2
        guard signed-in else login
        flow login
        flow main  guard signed-in  tabs feed me
        screen signIn   login      root
        screen feed     main.feed  root
        screen me       main.me    root
        screen post     main       push   post/{id:int}  after feed me
        screen compose  main       sheet  compose        after feed me   entry confirm
        screen wallet   main       push   wallet         after me        entry internal
        screen card     main       push   card/{n:int}   after wallet
        screen share    main       sheet  share          after post      entry outside
        screen danger   main       alert  danger         after post
        from 1 screen wallet link purse
        alias compose new

        """

    static let graph: RouteGraph = {
        do { return try RouteGraph(parsing: routes, file: "entry.routes") } catch { fatalError("\(error)") }
    }()

    /// A navigator with the guard granted.
    static func signedIn() throws -> Navigator {
        var navigator = Navigator(graph: graph)
        try navigator.grant("signed-in")
        return navigator
    }

    @Test func eachScreenHasTheTierItDeclaresAndOutsideByDefault() throws {
        let tiers = Dictionary(uniqueKeysWithValues: Self.graph.screens.map { ($0.name, $0.entry) })
        #expect(tiers["compose"] == .confirm)
        #expect(tiers["wallet"] == .internal)
        #expect(tiers["card"] == .outside)
        #expect(tiers["share"] == .outside)
        #expect(Self.graph.screen(named: "feed")?.declaredEntry == nil)
        #expect(Self.graph.screen(named: "share")?.declaredEntry == .outside)
    }

    @Test func aSheetOrAlertLeftToTheDefaultIsWarnedAbout() {
        let warnings = Self.graph.entryWarnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("screen 'danger' is an alert, which acts on arrival") == true, "\(warnings)")
        #expect(Self.graph.warnings.isEmpty, "the overlap warnings are apart")
    }

    @Test(arguments: ["internal", "confirm", "outside"])
    func theTableRefusesAnUnknownOrRepeatedTier(tier: String) throws {
        let bad = "scheme s\nflow f\nscreen a f root\nscreen b f push b after a entry \(tier)x\n"
        #expect(throws: RoutesFileError.self) { try RouteGraph(parsing: bad) }
        let twice = "scheme s\nflow f\nscreen a f root\nscreen b f push b after a entry \(tier) entry \(tier)\n"
        let error = try #require(throws: RoutesFileError.self) { try RouteGraph(parsing: twice) }
        #expect(error.description.contains("'entry' appears twice"), "\(error)")
    }

    @Test(arguments: ["demo://main/me/wallet", "demo://main/me/wallet/card/3", "demo://main/me/purse", "demo://main/me/purse/card/1"])
    func anOutsideLinkThroughAnInternalScreenIsRefusedAndChangesNothing(link: String) throws {
        var navigator = try Self.signedIn()
        let before = navigator.state
        let error = try #require(throws: NavigationError.self) { try navigator.open(link) }
        #expect(error.deepLinkError?.code == .internalScreen, "\(error)")
        #expect(error.message == "screen 'wallet' is internal: it opens from inside the app, never from a link")
        #expect(navigator.state == before)
        #expect(throws: DeepLinkError.self) { try Self.graph.resolveFromOutside(link) }
        // The app itself opens it, and in-app navigation reaches it.
        var inApp = try Self.signedIn()
        try inApp.open(link, from: .app)
        #expect(inApp.state.activeStack?.routes.map(\.screen).contains("wallet") == true)
        var pushed = try Self.signedIn()
        try pushed.open("demo://main/me")
        try pushed.push(Route("wallet"))
        #expect(pushed.url == "demo://main/me/wallet")
    }

    @MainActor @Test func aConfirmLinkOpensNothingUntilConfirmed() throws {
        let store = NavigationStore(navigator: try Self.signedIn())
        var events: [NavigationEvent] = []
        store.observe { events.append($0) }
        let before = store.state
        let outcome = try store.perform { try $0.open("demo://main/feed/new") }
        #expect(outcome == .awaitingConfirmation(link: "demo://main/feed/compose", screen: "compose"))
        var expected = before
        expected.confirming = "demo://main/feed/compose"
        #expect(store.state == expected, "only the link to confirm changed")
        #expect(!store.navigator.canUndo)
        #expect(events == [.awaitingConfirmation("demo://main/feed/compose")])

        try store.perform { try $0.confirmLink() }
        #expect(store.url == "demo://main/feed/compose")
        #expect(store.state.confirming == nil)
        try store.perform { try $0.undo() }
        #expect(store.state == before, "undo goes back to the screen without the question")
    }

    @Test func aConfirmLinkAlreadyOpenChangesNothingAndAsksNothing() throws {
        var navigator = try Self.signedIn()
        try navigator.open("demo://main/me/compose", from: .app)
        let before = navigator.state
        #expect(try navigator.open("demo://main/me/compose") == .applied)
        #expect(navigator.state == before)
        #expect(navigator.state.confirming == nil)
    }

    @Test func aDeclinedLinkLeavesEverythingAsItWas() throws {
        var navigator = try Self.signedIn()
        let before = navigator.state
        try navigator.open("demo://main/me/compose")
        #expect(try navigator.declineLink() == "demo://main/me/compose")
        #expect(navigator.state == before)
        #expect(throws: NavigationError.self) { try navigator.confirmLink() }
        #expect(throws: NavigationError.self) { try navigator.declineLink() }
    }

    @Test func aConfirmLinkAsksBeforeItsGuardAndWaitsForItOnceConfirmed() throws {
        var navigator = Navigator(graph: Self.graph)
        let outcome = try navigator.open("demo://main/feed/compose")
        #expect(outcome == .awaitingConfirmation(link: "demo://main/feed/compose", screen: "compose"))
        #expect(navigator.state.pending == nil)
        #expect(try navigator.confirmLink() == .deferred(pending: "demo://main/feed/compose", guardName: "signed-in"))
        try navigator.grant("signed-in")
        #expect(navigator.url == "demo://main/feed/compose")
    }

    @Test func signingOutDropsTheLinkToConfirm() throws {
        var navigator = try Self.signedIn()
        try navigator.open("demo://main/feed/compose")
        try navigator.revoke("signed-in")
        #expect(navigator.state.confirming == nil)
    }

    @Test func theLinkToConfirmIsSavedAndAKeptLinkThroughAnInternalScreenIsDropped() throws {
        var navigator = try Self.signedIn()
        try navigator.open("demo://main/feed/compose")
        let json = SavedStateFormat.json(of: navigator.state).serialized
        #expect(json.contains(#""confirming":"demo://main/feed/compose""#), "\(json)")
        let read = try #require(NavigationState.decodedLeniently(from: try JSONValue(parsing: Array(json.utf8)))).state
        #expect(read.confirming == "demo://main/feed/compose")

        var saved = Navigator(graph: Self.graph).state
        saved.pending = "demo://main/me/wallet"
        saved.confirming = "demo://main/me/purse/card/2"
        let (nearest, problems) = Navigator(graph: Self.graph).nearestValidState(to: saved)
        #expect(nearest.pending == nil)
        #expect(nearest.confirming == nil)
        #expect(problems == [
            "pending link: screen 'wallet' is internal: it opens from inside the app, never from a link",
            "link to confirm: screen 'wallet' is internal: it opens from inside the app, never from a link",
        ])
    }

    /// Every link of the table's shapes (today's, the alias, the earlier one) up to four
    /// screens deep, and each with a segment changed, opened from outside on a granted
    /// navigator: none leaves an internal screen anywhere in its stack.
    @Test func noOutsideLinkLeavesAnInternalScreenOnScreen() throws {
        let start = try Self.signedIn()
        var links = Self.graph.webLinkCorpus(depth: 4).map { "demo:/" + $0 }
        links += links.map { $0.replacingOccurrences(of: "me", with: "me/wallet") }
        links += ["demo://main/me/purse", "demo://main/me/purse/card/9", "demo://main/feed/new", "demo://main/me/wallet/card/1"]
        var opened = 0
        for link in links {
            var navigator = start
            guard (try? navigator.open(link)) != nil else { continue }  // Refused: nothing changed, checked above.
            opened += 1
            if navigator.state.confirming != nil { try navigator.confirmLink() }
            let shown = (navigator.state.activeStack?.routes ?? []) + (navigator.state.presentation.map { [$0.route] } ?? [])
            #expect(!shown.contains { $0.screen == "wallet" || $0.screen == "card" }, "\(link) left \(shown)")
        }
        #expect(opened > 10)
    }

    @Test func theSurfaceListsWhatOutsideLinksReach() {
        let surface = Self.graph.linkSurface
        let rows = surface.map { "\($0.screen.name) \($0.patternText) \($0.shape) \($0.tier.rawValue)" }
        #expect(rows == [
            "signIn  today outside", "feed  today outside", "me  today outside", "post post/{id:int} today outside",
            "compose compose today confirm", "compose new alias confirm", "share share today outside", "danger danger today outside",
        ])
        #expect(Self.graph.screensOffTheSurface.map(\.name) == ["wallet", "card"])
        #expect(surface.first { $0.screen.name == "post" }?.guardName == "signed-in")
        #expect(surface.first { $0.screen.name == "post" }?.parameters.map(\.name) == ["id"])
    }

    @Test func aScreenReachedOnlyThroughOneAskingForConfirmationAsksToo() throws {
        let graph = try RouteGraph(parsing: """
            scheme s
            flow f
            screen home  f  root
            screen form  f  push  form  after home  entry confirm
            screen done  f  push  done  after form

            """)
        #expect(graph.linkSurface.map(\.tier) == [.outside, .confirm, .confirm])
        var navigator = Navigator(graph: graph)
        #expect(try navigator.open("s://f/form/done") == .awaitingConfirmation(link: "s://f/form/done", screen: "form"))
    }
}
