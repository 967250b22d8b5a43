import Foundation
import Testing
import Wayfinder
import WayfinderSystem

/// A saved state read element by element: what does not read drops only its element, and
/// the nearest valid state keeps the rest.
@Suite struct LenientRestorationTests {
    /// Signed in; feed tab (active): feed, post 4, comments; search tab: search, post 5;
    /// me tab: me with the compose sheet over it.
    let original: NavigationState

    init() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/search/post/5")
        try navigator.open("demo://main/me/compose")
        try navigator.open("demo://main/feed/post/4/comments")
        original = navigator.state
    }

    /// The state as `Codable` saves it, keys sorted.
    private var savedText: String {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(original), as: UTF8.self)
        }
    }

    /// `text` read leniently and fitted to the fixture graph.
    private func restored(_ text: String) throws -> (state: NavigationState, problems: [String]) {
        let json = try JSONValue(parsing: Array(text.utf8))
        let decoded = try #require(NavigationState.decodedLeniently(from: json))
        let nearest = Fixtures.navigator(signedIn: true).nearestValidState(to: decoded.state)
        return (nearest.state, NavigationState.problems(read: decoded.problems, fitted: nearest.problems))
    }

    private func screens(_ state: NavigationState, _ tab: String) -> [String] {
        state.flows["main"]?.stacks[tab]?.routes.map(\.screen) ?? []
    }

    /// Replaces the one occurrence of `old` in the saved text.
    private func edited(_ old: String, _ new: String) throws -> String {
        let text = try savedText
        #expect(text.components(separatedBy: old).count == 2, "'\(old)' occurs once in \(text)")
        return text.replacingOccurrences(of: old, with: new)
    }

    @Test(arguments: ["7", "null", "[\"main\"]", "{}"])
    func anActiveFlowThatIsNoNameIsOneProblem(value: String) throws {
        let result = try restored(try edited("\"activeFlow\":\"main\"", "\"activeFlow\":\(value)"))
        #expect(result.problems == ["the active flow \(value) is not a flow name"])
        // Signed in: the nearest place is in the flow signing in opens, not the sign-in screen.
        #expect(result.state.activeFlow == "main")
        #expect(screens(result.state, "feed") == screens(original, "feed"))
    }

    @Test func anUnknownActiveFlowSignedOutIsWhereTheAppStarts() throws {
        let json = try JSONValue(parsing: Array(try edited("\"activeFlow\":\"main\"", "\"activeFlow\":7").utf8))
        var decoded = try #require(NavigationState.decodedLeniently(from: json)).state
        decoded.grantedGuards = []
        #expect(Fixtures.navigator(signedIn: false).nearestValidState(to: decoded).state.activeFlow == "login")
    }

    @Test(arguments: ["7", "[\"feed\"]", "{}"])
    func aSelectedTabThatIsNoNameIsOneProblem(value: String) throws {
        let result = try restored(try edited("\"selectedTab\":\"feed\"", "\"selectedTab\":\(value)"))
        #expect(result.problems == ["flow 'main' selects a tab \(value) that is not a name"])
        #expect(result.state.flows["main"]?.selectedTab == "feed")
        #expect(screens(result.state, "search") == screens(original, "search"))
    }

    /// Left out, a tabbed flow's tab is a problem of its own (what is restored is not what
    /// was saved: the first tab is selected).
    @Test func aTabbedFlowWithoutASelectedTabIsOneProblem() throws {
        let result = try restored(try edited("\"selectedTab\":\"feed\",", ""))
        #expect(result.problems == ["flow 'main' selects no tab"])
        #expect(result.state.flows["main"]?.selectedTab == "feed")
    }

    @Test func anEmptyActiveFlowIsStillReported() throws {
        let result = try restored(try edited("\"activeFlow\":\"main\"", "\"activeFlow\":\"\""))
        #expect(result.problems == ["unknown active flow ''"])
    }

    @Test func aCleanFileReadsAsItWasSaved() throws {
        let result = try restored(try savedText)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.state == original)
    }

    @Test(arguments: [
        "{\"rawValue\":99999999999999999999999999}", "{\"rawValue\":1e308}", "{\"rawValue\":4.5}", "{\"rawValue\":-1}",
        "{\"rawValue\":\"1\"}", "{\"rawValue\":null}", "{}", "7", "null",
    ])
    func aStackIDThatIsNoIntegerIsRenumbered(id: String) throws {
        let post = try #require(original.flows["main"]?.stacks["feed"]?.path.first?.id.rawValue)
        let old = "{\"id\":{\"rawValue\":\(post)},\"route\":{\"parameters\":{\"id\":4}"
        let result = try restored(try edited(old, "{\"id\":\(id),\"route\":{\"parameters\":{\"id\":4}"))
        #expect(result.state.activeFlow == "main")
        #expect(screens(result.state, "feed") == ["feed", "post", "comments"])
        #expect(screens(result.state, "search") == ["search", "post"])
        #expect(result.state.flows["main"]?.stacks["me"]?.presentation?.route.screen == "compose")
        let ids = result.state.flows["main"]?.stacks.values.flatMap { stack in
            stack.path.map(\.id.rawValue) + (stack.presentation.map { [$0.id.rawValue] } ?? [])
        } ?? []
        #expect(Set(ids).count == 4, "every id distinct: \(ids)")
        #expect(ids.allSatisfy { (0...StackID.maximum).contains($0) }, "\(ids)")
        #expect(result.problems.contains { $0.contains("renumbered") }, "\(result.problems)")
    }

    @Test(arguments: ["4.5", "99999999999999999999999999", "1e308", "null", "{\"uuid\":\"x\"}", "{\"double\":\"1\"}", "[1]"])
    func aParameterThatDoesNotReadCutsItsStackBelowIt(value: String) throws {
        let result = try restored(try edited("\"parameters\":{\"id\":4}", "\"parameters\":{\"id\":\(value)}"))
        #expect(screens(result.state, "feed") == ["feed"], "the post and the comments above it are dropped")
        #expect(screens(result.state, "search") == ["search", "post"], "the other stacks are kept")
        #expect(result.state.flows["main"]?.stacks["me"]?.presentation?.route.screen == "compose")
        #expect(result.state.activeFlow == "main")
        #expect(result.state.selectedTab == "feed")
        #expect(result.problems.first?.contains("parameter 'id' of 'post'") == true, "\(result.problems)")
    }

    @Test func unknownKeysAreIgnored() throws {
        var text = try edited("\"screen\":\"comments\"", "\"screen\":\"comments\",\"colour\":\"red\"")
        text = text.replacingOccurrences(of: "\"activeFlow\":", with: "\"future\":[1,{\"a\":null}],\"activeFlow\":")
        let result = try restored(text)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.state == original)
    }

    @Test func aPresentationOfAnUnknownStyleIsDroppedAlone() throws {
        let result = try restored(try edited("\"style\":\"sheet\"", "\"style\":\"popover\""))
        #expect(result.state.flows["main"]?.stacks["me"]?.presentation == nil)
        #expect(screens(result.state, "me") == ["me"])
        #expect(screens(result.state, "feed") == ["feed", "post", "comments"])
        #expect(result.problems.first?.contains("presentation") == true, "\(result.problems)")
    }

    @Test func aStackWhoseRootDoesNotReadStartsAfreshAlone() throws {
        let result = try restored(try edited("\"root\":{\"parameters\":{},\"screen\":\"search\"}", "\"root\":{\"parameters\":{},\"screen\":7}"))
        #expect(screens(result.state, "search") == ["search"])
        #expect(screens(result.state, "feed") == ["feed", "post", "comments"])
        #expect(!result.problems.isEmpty)
    }

    @Test func valuesOfTheWrongTypeDropOnlyTheirElement() throws {
        var text = try edited("\"selectedTab\":\"feed\"", "\"selectedTab\":5")
        text = text.replacingOccurrences(of: "\"grantedGuards\":[\"signed-in\"]", with: "\"grantedGuards\":[\"signed-in\",3]")
        let result = try restored(text)
        #expect(result.state.grantedGuards == ["signed-in"])
        #expect(result.state.activeFlow == "main")
        #expect(screens(result.state, "feed") == ["feed", "post", "comments"], "the stacks are kept")
        #expect(screens(result.state, "search") == ["search", "post"])
        #expect(result.problems.contains { $0.contains("a granted guard 3") }, "\(result.problems)")
        #expect(result.problems.contains { $0.contains("selects a tab 5") }, "\(result.problems)")
    }

    @Test func aFlowThatIsNotAnObjectStartsAfreshAlone() throws {
        let text = try savedText
        let settings = try #require(text.range(of: "\"settings\":{\"stacks\":"))
        // The settings flow replaced by a number: its object ends at the end of "flows".
        var broken = text
        let end = try #require(text.range(of: "}}}}", range: settings.upperBound..<text.endIndex))
        broken.replaceSubrange(settings.lowerBound..<end.upperBound, with: "\"settings\":7")
        let result = try restored(broken)
        #expect(screens(result.state, "feed") == ["feed", "post", "comments"])
        #expect(result.state.flows["settings"]?.stacks[FlowState.singleStack]?.routes.map(\.screen) == ["settings"])
        #expect(result.problems.first?.contains("flow 'settings' 7 is not an object") == true, "\(result.problems)")
    }

    @Test func aStateThatIsNotAnObjectIsNotRead() throws {
        #expect(NavigationState.decodedLeniently(from: try JSONValue(parsing: Array("[1,2]".utf8))) == nil)
    }
}
