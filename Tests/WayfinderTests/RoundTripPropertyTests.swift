import Testing
import Wayfinder

/// A small deterministic generator (SplitMix64), so failures replay from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RoundTripPropertyTests {
    let graph = Fixtures.graph

    /// Text that stresses encoding: reserved characters, spaces, percent signs, non-ASCII.
    static let texts = ["swift", "a/b", "50%", "x y", "?&=#", "é", "😀 ok", "%2F", "a+b", "~._-", "中文", "'quoted'"]

    private func randomValue(_ type: ParameterType, using rng: inout SeededGenerator) -> ParameterValue {
        switch type {
        case .int: .int(Int.random(in: -3...100_000, using: &rng))
        case .string: .string(Self.texts.randomElement(using: &rng) ?? "x")
        case .uuid: .uuid(UUIDValue(high: rng.next(), low: rng.next()))
        case .bool: .bool(Bool.random(using: &rng))
        case .date: .date(CalendarDate(year: Int.random(in: 1...9999, using: &rng), month: Int.random(in: 1...12, using: &rng), day: Int.random(in: 1...28, using: &rng))!)
        case .double: .double(Double.random(in: -1e9...1e9, using: &rng) / [1, 3, 1e6].randomElement(using: &rng)!)
        case .oneOf(let words): .string(words.randomElement(using: &rng) ?? "")
        case .rest: .segments((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.texts.randomElement(using: &rng) ?? "x" })
        }
    }

    private func randomRoute(for screen: RouteGraph.Screen, using rng: inout SeededGenerator) -> Route {
        var parameters: [String: ParameterValue] = [:]
        for (name, type) in screen.pathParameters { parameters[name] = randomValue(type, using: &rng) }
        for query in screen.query where !query.isOptional || Bool.random(using: &rng) {
            parameters[query.name] = randomValue(query.type, using: &rng)
        }
        return Route(screen.name, parameters)
    }

    /// One random intent; sometimes a bad one, which must change nothing.
    private func step(_ navigator: inout Navigator, using rng: inout SeededGenerator) {
        let before = navigator.state
        var expectedPath: [Route]? = nil
        let path = navigator.state.activeStack?.pathRoutes ?? []
        do {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<35:
                let top = navigator.state.activeStack?.top.screen ?? ""
                let candidates = graph.successors(of: top).filter { $0.kind == .push }
                if let screen = candidates.randomElement(using: &rng) {
                    let route = randomRoute(for: screen, using: &rng)
                    if navigator.state.presentation == nil { expectedPath = path + [route] }
                    try navigator.push(route)
                }
            case 35..<47:
                if navigator.state.presentation == nil, !path.isEmpty { expectedPath = Array(path.dropLast()) }
                try navigator.pop()
            case 47..<57:
                let top = navigator.state.activeStack?.top.screen ?? ""
                let candidates = graph.successors(of: top).filter { $0.kind != .push }
                if let screen = candidates.randomElement(using: &rng) {
                    try navigator.present(randomRoute(for: screen, using: &rng))
                }
            case 57..<65:
                try navigator.dismiss()
            case 65..<72:
                try navigator.selectTab(["feed", "search", "me", "nope"].randomElement(using: &rng) ?? "feed")
            case 72..<78:
                try navigator.activate(flow: ["login", "main", "settings"].randomElement(using: &rng) ?? "main")
            case 78..<83:
                try navigator.popToRoot()
                expectedPath = []
            case 83..<88:
                let q = Self.texts.randomElement(using: &rng) ?? ""
                var encoded = ""
                for byte in q.utf8 { encoded += "%" + String(byte, radix: 16) }
                try navigator.open("demo://main/search?q=\(encoded)")
            case 88..<92:
                try navigator.undo()
            case 92..<95:
                try navigator.redo()
            case 95..<97:
                if navigator.isGranted("signed-in") { try navigator.revoke("signed-in") } else { try navigator.grant("signed-in") }
            case 97..<98:
                try navigator.push(Route("nowhere"))
            default:
                try navigator.push(Route("comments", ["extra": .int(1)]))
            }
            if let expectedPath {
                #expect(navigator.state.activeStack?.pathRoutes == expectedPath, "the stack differs from the reference model")
            }
        } catch {
            #expect(navigator.state == before, "refused intent \(error.code) changed the state")
        }
    }

    /// Printing then parsing gives the same flow, tab, stack and presentation.
    private func checkRoundTrip(_ navigator: Navigator, seed: UInt64) {
        let url = navigator.url
        do {
            let link = try graph.resolve(url)
            let state = navigator.state
            #expect(link.flow == state.activeFlow, "seed \(seed): \(url)")
            #expect(link.tab == state.selectedTab, "seed \(seed): \(url)")
            #expect(link.stack == state.activeStack?.routes, "seed \(seed): \(url)")
            #expect(link.presentation?.route == state.presentation?.route, "seed \(seed): \(url)")
            #expect(link.presentation?.style == state.presentation?.style, "seed \(seed): \(url)")
            #expect(link.url == url, "seed \(seed): printing is canonical")
            checkWebRoundTrip(of: link, seed: seed)
        } catch {
            Issue.record("seed \(seed): \(url) does not parse back: \(error)")
        }
    }

    /// The same state printed as a web link (the table with a `web` origin) resolves alike.
    private func checkWebRoundTrip(of link: ResolvedLink, seed: UInt64) {
        let web = Fixtures.webGraph
        guard let webURL = web.webLink(flow: link.flow, tab: link.tab, stack: link.stack, presentation: link.presentation?.route) else {
            Issue.record("seed \(seed): no web form")
            return
        }
        do {
            let resolved = try web.resolve(webURL)
            #expect(resolved == link, "seed \(seed): \(webURL)")
            #expect(resolved.webURL == webURL, "seed \(seed): printing the web form is canonical")
            #expect(resolved.url == link.url, "seed \(seed): \(webURL)")
        } catch {
            Issue.record("seed \(seed): \(webURL) does not parse back: \(error)")
        }
    }

    @Test(arguments: 0..<8)
    func everyReachableStatePrintsToALinkThatParsesBackToIt(batch: Int) {
        // 8 batches × 50 sequences = 400 random intent sequences of up to 40 steps.
        for index in 0..<50 {
            let seed = UInt64(batch * 1_000 + index)
            var rng = SeededGenerator(seed: seed)
            var navigator = Fixtures.navigator(signedIn: Bool.random(using: &rng))
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                step(&navigator, using: &rng)
                checkRoundTrip(navigator, seed: seed)
            }
        }
    }

    @Test func openingAPrintedLinkReproducesTheVisibleState() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            var navigator = Fixtures.navigator(signedIn: true)
            for _ in 0..<20 { step(&navigator, using: &rng) }
            guard navigator.isGranted("signed-in") else { continue }
            var other = Fixtures.navigator(signedIn: true)
            try other.open(navigator.url)
            #expect(other.url == navigator.url)
            #expect(other.state.activeStack?.routes == navigator.state.activeStack?.routes)
        }
    }
}
