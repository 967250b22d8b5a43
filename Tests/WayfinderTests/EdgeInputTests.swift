import Foundation
import Testing
@testable import Wayfinder
import WayfinderRouteTools
@testable import WayfinderSystem

/// Regression tests for what fuzzing and hand-written tables broke: each test names the
/// finding it keeps fixed.
@Suite struct EdgeInputTests {
    let graph = Fixtures.graph

    private func table(_ text: String) throws -> RouteGraph {
        try RouteGraph(parsing: text, file: "t.routes")
    }

    private func rejection(_ link: String, in graph: RouteGraph? = nil) -> DeepLinkError? {
        (graph ?? self.graph).rejection(of: link)
    }

    /// The errors of a table that `RouteGraph(checking:)` refuses (as `routes check` and the
    /// routes compiler do), or `nil`.
    private func routesError(_ text: String) -> RoutesFileError? {
        do {
            _ = try RouteGraph(checking: text, file: "t.routes")
            return nil
        } catch {
            return error
        }
    }

    // MARK: - 1. A state file with huge stack ids

    /// A signed-in navigator showing `link`.
    private func navigator(showing link: String) throws -> Navigator {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open(link)
        return navigator
    }

    /// A saved state (through JSON, as a file holds it) whose one pushed element has `id`.
    private func state(withElementID id: Int) throws -> NavigationState {
        var state = try navigator(showing: "demo://main/feed/post/4").state
        state.flows["main"]?.stacks["feed"]?.path[0].id = StackID(id)
        return try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(state))
    }

    @Test(arguments: [Int.max, Int.max - 1, -1, -9_223_372_036_854_775_807])
    func stackIDsOutOfRangeAreRenumberedAndLaterPushesDoNotTrap(id: Int) throws {
        let saved = try state(withElementID: id)
        var navigator = Fixtures.navigator()
        let problems = navigator.restoreNearest(to: saved)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("renumbered") == true)
        #expect(navigator.url == "demo://main/feed/post/4")
        try navigator.push(Route("comments"))
        try navigator.push(Route("user", ["id": .int(1)]))
        let ids = navigator.state.activeStack?.path.map(\.id.rawValue) ?? []
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { (0...StackID.maximum).contains($0) })
        var strict = Navigator(graph: graph)
        #expect(throws: NavigationError.self) { try strict.restore(saved) }
    }

    /// Found by the `state` fuzzer (`Fuzz/corpus/state/regression-id-at-maximum.json`): a
    /// valid id at the maximum beside ones out of range left no room for new ids after it.
    @Test func aValidIDAtTheMaximumBesideBadOnesStillGivesAValidState() throws {
        var state = try navigator(showing: "demo://main/feed/post/4/comments").state
        let path = try #require(state.flows["main"]?.stacks["feed"]?.path)
        #expect(path.count == 2)
        state.flows["main"]?.stacks["feed"]?.path[0].id = StackID(StackID.maximum)
        state.flows["main"]?.stacks["feed"]?.path[1].id = StackID(-5)
        let saved = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(state))
        var navigator = Fixtures.navigator()
        let problems = navigator.restoreNearest(to: saved)
        #expect(problems.count == 1, "\(problems)")
        #expect(navigator.problems(in: navigator.state).isEmpty, "\(navigator.problems(in: navigator.state))")
        #expect(navigator.url == "demo://main/feed/post/4/comments")
        let ids = navigator.state.activeStack?.path.map(\.id.rawValue) ?? []
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { (0...StackID.maximum).contains($0) })
        try navigator.push(Route("user", ["id": .int(1)]))
    }

    // MARK: - 2. Exponential backtracking

    /// `p1` … `pN`, pattern `pK` being K int parameters, each allowed after the root and
    /// after every other: a link of ints has exponentially many readings.
    private func overlapTable(screens count: Int) -> String {
        let names = (1...count).map { "p\($0)" }
        var lines = ["scheme x", "flow f", "screen root f root"]
        for size in 1...count {
            let pattern = (0..<size).map { "{v\($0):int}" }.joined(separator: "/")
            lines.append("screen p\(size) f push \(pattern) after root \(names.joined(separator: " "))")
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [4, 5, 16])
    func overlappingPatternsCostAtMostSegmentsTimesScreens(screens: Int) throws {
        let graph = try table(overlapTable(screens: screens))
        #expect(!graph.warnings.isEmpty)
        let segments = RouteGraph.maximumSegments
        // The worst links: every int but the last segment, and a last segment no pattern takes.
        for ints in [segments - 1, segments - 2, segments / 2] {
            let link = "x://f/" + Array(repeating: "1", count: ints).joined(separator: "/") + "/z"
            #expect(rejection(link, in: graph) != nil)
            let bound = LinkResolver.memoryThreshold + (screens + 1) * (segments + 1)
            let cost = graph.resolutionCost(of: link)
            #expect(cost <= bound, "\(screens) screens, \(ints) ints: \(cost) pattern matches, bound \(bound)")
        }
        // And links that do resolve still take the first reading by precedence.
        let ones = Array(repeating: "1", count: screens + 1).joined(separator: "/")
        #expect(try graph.resolve("x://f/" + ones).screenNames.count >= 2)
    }

    // MARK: - 3. Invalid UTF-8 is refused, not repaired

    @Test(arguments: [
        Array("demo://main/search?q=".utf8) + [0xFF],
        Array("demo://main/search?q=".utf8) + [0xC0, 0xAF],
        Array("demo://main/search?q=".utf8) + [0xED, 0xA0, 0x80],
        Array("demo://main/".utf8) + [0xFF] + Array("/post/1".utf8),
        [0xFF] + Array("demo://main/feed".utf8),
        Array("demo://main/search?q=caf".utf8) + [0xC3],
    ])
    func rawInvalidUTF8IsRefused(bytes: [UInt8]) {
        do {
            _ = try graph.resolve(utf8: bytes)
            Issue.record("resolved \(bytes)")
        } catch {
            #expect(error.code == .badEncoding)
            #expect(error.message.contains("not valid UTF-8"))
            #expect(error.message.contains("\\x"))
        }
    }

    @Test(arguments: ["%FF", "%C0%AF", "%ED%A0%80", "%F4%90%80%80", "%E2%82"])
    func percentEncodedInvalidUTF8IsRefused(escape: String) {
        for link in ["demo://main/search?q=a\(escape)b", "demo://main/search?q\(escape)=a", "demo://login/forgot?email=\(escape)"] {
            let error = rejection(link)
            #expect(error?.code == .badEncoding, "\(link)")
            #expect(error?.message.contains("not valid UTF-8") == true, "\(link)")
        }
    }

    @Test func validRawUTF8ResolvesFromBytes() throws {
        let link = try graph.resolve(utf8: Array("demo://main/search?q=café".utf8))
        #expect(link.url == "demo://main/search?q=caf%C3%A9")
    }

    // MARK: - 4. Round trips

    @Test func everyAcceptedLongLinkPrintsWithinTheLimit() throws {
        let table = try table("""
            scheme x
            flow f
            screen root f root
            screen s f push {t:string} after root s
            """)
        // Sixteen 90-byte values of '!' (or 45 'é'): 1,470 bytes written, 4,350 once printed.
        for segment in [String(repeating: "!", count: 90), String(repeating: "é", count: 45)] {
        let link = "x://f/" + Array(repeating: segment, count: 16).joined(separator: "/")
        #expect(link.utf8.count <= RouteGraph.maximumLinkLength)
        let error = rejection(link, in: table)
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("canonical form") == true)
        let shorter = "x://f/" + Array(repeating: String(segment.prefix(20)), count: 16).joined(separator: "/")
        let resolved = try table.resolve(shorter)
        #expect(try table.resolve(resolved.url).stack == resolved.stack)
        }
    }

    @Test func aLiteralThatReadsAsAnIntBesideAnIntParameterIsRefused() {
        let error = routesError("""
            scheme x
            flow f
            screen root f root
            screen seven f push item/7 after root
            screen item f push item/{n:int} after root
            """)
        #expect(error?.diagnostics.first?.message.contains("reads as the other's int, double or uuid value") == true)
        #expect(error?.diagnostics.first?.location.line == 5)
    }

    /// What the checks refuse, a table parsed at run time keeps from printing: it is taken as
    /// possibly ambiguous, and an intent whose link would not read back is refused.
    @Test func aTableParsedAtRunTimeRefusesTheStatesTheChecksWouldHaveRuledOut() throws {
        let graph = try table("""
            scheme x
            flow f
            screen home f root
            screen find f push find after home find query term:string
            """)
        var navigator = Navigator(graph: graph)
        try navigator.push(Route("find", ["term": .string("a")]))
        let before = navigator.state
        #expect(throws: NavigationError.self) { try navigator.push(Route("find", ["term": .string("b")])) }
        #expect(navigator.state == before)
        let spelled = try table("""
            scheme x
            flow f
            screen root f root
            screen seven f push item/7 after root
            screen item f push item/{n:int} after root
            """)
        var items = Navigator(graph: spelled)
        try items.push(Route("seven"))
        #expect(items.state.activeStack?.top.screen == "seven")
        var other = Navigator(graph: spelled)
        do {
            try other.push(Route("item", ["n": .int(7)]))
            Issue.record("item 7, whose link reads as screen 'seven', was pushed")
        } catch {
            #expect(error.code == .notRepresentable)
        }
    }

    @Test func aQueryScreenThatCanFollowItselfIsRefused() {
        let error = routesError("""
            scheme x
            flow f
            screen home f root
            screen find f push find after home find query term:string
            """)
        #expect(error?.diagnostics.first?.message.contains("can appear twice in one stack") == true)
        #expect(error?.diagnostics.first?.location.line == 4)
    }

    @Test func aStateWhosePatternsReadAsAnotherIsRefusedByIntents() throws {
        let graph = try table("""
            scheme x
            flow f
            screen root f root
            screen one f push {a:int} after root one two
            screen two f push {a:int}/{b:int} after root one two
            """)
        #expect(graph.warnings.count == 1)
        #expect(graph.warnings.first?.message.hasPrefix("warning:") == true)
        var navigator = Navigator(graph: graph)
        try navigator.push(Route("one", ["a": .int(7)]))
        let before = navigator.state
        #expect {
            try navigator.push(Route("one", ["a": .int(7)]))
        } throws: { error in
            (error as? NavigationError)?.code == .notRepresentable
        }
        #expect(navigator.state == before)
        #expect(navigator.url == "x://f/7")
        try navigator.pop()
        try navigator.push(Route("two", ["a": .int(7), "b": .int(8)]))
        #expect(try graph.resolve(navigator.url).stack == navigator.state.activeStack?.routes)
    }

    @Test func noStateDeeperThanTheLinkLimitsIsReachable() throws {
        var navigator = try navigator(showing: "demo://main/feed")
        // feed ▸ post ▸ user ▸ post … : two segments a push, the tab one more.
        var pushed = 0
        do {
            while pushed < 40 {
                try navigator.push(Route(pushed % 2 == 0 ? "post" : "user", ["id": .int(pushed)]))
                pushed += 1
            }
        } catch {
            #expect(error.code == .notRepresentable)
        }
        #expect(pushed == 15)
        #expect(try graph.resolve(navigator.url).stack == navigator.state.activeStack?.routes)
    }

    @Test func aRestoredStateDeeperThanTheLimitsIsCutWithOneProblem() throws {
        var deep = try navigator(showing: "demo://main/feed").state
        var stack = try #require(deep.activeStack)
        for index in 0..<16 {
            stack.push(Route(index % 2 == 0 ? "post" : "user", ["id": .int(index)]), id: StackID(index))
        }
        deep.flows["main"]?.stacks["feed"] = stack
        var navigator = Navigator(graph: graph)
        let problems = navigator.restoreNearest(to: deep)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("limit is 32") == true, "\(problems)")
        #expect(navigator.state.activeStack?.path.count == 15)
        #expect(try graph.resolve(navigator.url).stack == navigator.state.activeStack?.routes)
    }

    @Test func aStringThatLooksLikeAUUIDIsSavedAndRestoredAsAString() throws {
        var navigator = Fixtures.navigator(signedIn: true)
        try navigator.open("demo://main/search?q=0f0e0d0c-0b0a-0908-0706-050403020100")
        let saved = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(navigator.state))
        #expect(saved == navigator.state)
        var restored = Navigator(graph: graph)
        try restored.restore(saved)
        #expect(restored.url == navigator.url)
        let uuid = ParameterValue.uuid(UUIDValue(high: 1, low: 2))
        let json = String(decoding: try JSONEncoder().encode(uuid), as: UTF8.self)
        #expect(json.contains("\"uuid\""))
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(json.utf8)) == uuid)
    }

    // MARK: - 5. Diagnoses

    @Test func aLinkEndingInsideAPatternNamesTheScreenAndWhatIsMissing() {
        let error = rejection("demo://main/feed/post")
        #expect(error?.code == .incomplete)
        #expect(error?.message == "segment 2 'post': the link ends inside screen 'post' (post/{id:int}): 'id' (int) is missing")
    }

    @Test func theCandidateThatGotFurthestIsBlamed() throws {
        let graph = try table("""
            scheme foo
            flow path
            screen root path root
            screen thing path push {thing} after root
            screen another path push anotherpath/{anotherthing} after thing
            """)
        let error = rejection("foo://path/zzz/anotherpath", in: graph)
        #expect(error?.code == .incomplete)
        #expect(error?.message.contains("screen 'another'") == true)
        #expect(error?.message.contains("cannot follow") == false)
    }

    @Test func intsTakeLeadingZerosAndSayWhenOutOfRange() throws {
        #expect(try graph.resolve("demo://main/feed/post/00000000000000000042").url == "demo://main/feed/post/42")
        #expect(try graph.resolve("demo://main/feed/post/-0000000000000000000000007").url == "demo://main/feed/post/-7")
        #expect(try graph.resolve("demo://main/feed/post/9223372036854775807").url == "demo://main/feed/post/9223372036854775807")
        #expect(try graph.resolve("demo://main/feed/post/-9223372036854775808").url == "demo://main/feed/post/-9223372036854775808")
        for big in ["9223372036854775808", "-9223372036854775809", "99999999999999999999999"] {
            let error = rejection("demo://main/feed/post/\(big)")
            #expect(error?.code == .typeMismatch)
            #expect(error?.message.contains("out of range for int") == true, "\(big)")
        }
        #expect(rejection("demo://main/feed/post/4x")?.message.contains("must be an int") == true)
        #expect(rejection("demo://main/feed/post/-")?.message.contains("must be an int") == true)
    }

    // MARK: - 6. Suggestions stay cheap

    @Test func suggestionsSkipNamesOfAnotherLength() {
        let long = String(repeating: "x", count: 4_000)
        #expect(editDistance(long, "main", limit: 1_333) == nil)
        #expect(editDistance("mian", "main", limit: 1) == nil)
        #expect(editDistance("mian", "main", limit: 2) == 2)
        #expect(editDistance("settngs", "settings", limit: 2) == 1)
        let error = routesError("scheme x\nflow f\nscreen root \(long) root")
        #expect(error?.diagnostics.first?.message.contains("did you mean") == false)
        let near = routesError("scheme x\nflow main\nscreen root mainn root")
        #expect(near?.diagnostics.contains { $0.message.contains("did you mean 'main'") } == true)
    }
}
