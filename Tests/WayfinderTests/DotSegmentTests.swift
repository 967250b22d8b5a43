import Testing
import Wayfinder

/// `.` and `..` segments, which every URL parser removes (`a/../b` is `/b` to a browser):
/// refused in links, raw or percent-encoded in any case, wherever they stand, so that no
/// value ever holds one.
@Suite struct DotSegmentTests {
    static let table = """
        scheme t
        web https://t.example
        flow p tabs v w
        screen home p.v root
        screen other p.w root
        screen item p push item/{x} after home other
        screen files p push files/{path:rest} after home
        screen info p push info after item
        """
    let graph = Fixtures.parse(table, file: "dots.routes")

    static let dotSpellings = [
        ".", "..", "%2E", "%2e", "%2E%2E", "%2e%2e", "%2E%2e", ".%2E", ".%2e", "%2E.", "%2e.",
    ]

    /// The error refusing `link`, or `nil` when it resolves.
    func refusal(_ link: String) -> DeepLinkError? {
        do {
            _ = try graph.resolve(link)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: dotSpellings)
    func aDotSegmentAsAValueIsRefusedNamingIt(dots: String) throws {
        let error = try #require(refusal("t://p/v/item/\(dots)"))
        #expect(error.code == .dotSegment)
        #expect(error.segment == 3)
        #expect(error.part == dots)
        #expect(error.message == "segment 3 '\(dots)' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link")
        #expect(throws: error) { try graph.resolve(utf8: Array("t://p/v/item/\(dots)".utf8)) }
    }

    @Test(arguments: [
        ("t://p/v/files/a/../b", 4, ".."),
        ("t://p/v/files/a/%2E%2E/b", 4, "%2E%2E"),
        ("t://p/v/files/./a", 3, "."),
        ("t://p/v/files/a/b/%2e", 5, "%2e"),
        ("t://p/v/files/a/b/../", 5, ".."),
        ("t://p/../v/item/a", 1, ".."),
        ("t://p/v/../w", 2, ".."),
        ("t://p/v/item/a/./info", 4, "."),
        ("t://p/v/item/a/..?x=1", 4, ".."),
    ])
    func aDotSegmentIsRefusedWhereverItStands(link: String, segment: Int, part: String) throws {
        let error = try #require(refusal(link))
        #expect(error.code == .dotSegment)
        #expect(error.segment == segment)
        #expect(error.part == part)
    }

    @Test(arguments: ["...", ".a", "a.", "%2E%2E%2E", ".%2E.", "%2Ea", "%252E", "%2E%2F", "a..b"])
    func segmentsThatOnlyLookLikeDotsAreValues(value: String) throws {
        let link = try graph.resolve("t://p/v/item/\(value)")
        #expect(link.stack.last?.screen == "item")
        let rest = try graph.resolve("t://p/v/files/a/\(value)/b")
        #expect(rest.stack.last?.parameters["path"] == .segments(["a", value.removingEscapes, "b"]))
    }

    @Test func aRestValueNeverHoldsADotSegment() {
        for dots in Self.dotSpellings {
            #expect(refusal("t://p/v/files/a/\(dots)/b")?.code == .dotSegment, "\(dots)")
        }
    }

    @Test func theResolvedFormNeverPrintsADotSegment() throws {
        // Before, `%2E%2E` was read as the value "..", printed raw as `t://p/v/item/..`.
        #expect(refusal("t://p/v/item/%2E%2E")?.code == .dotSegment)
        let dotted = try graph.resolve("t://p/v/item/%2E%2E%2E")
        #expect(dotted.url == "t://p/v/item/...")
        #expect(try graph.resolve(dotted.url) == dotted)
    }

    @Test func anIntentCannotPutADotSegmentInAPathValue() throws {
        var navigator = Navigator(graph: graph)
        #expect {
            try navigator.push(Route("item", ["x": .string("..")]))
        } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .badParameters
                && error.message == "'x' of 'item' cannot be '..', a dot segment, which URL parsers remove from a link's path"
        }
        #expect(navigator.url == "t://p/v")
        #expect {
            try navigator.push(Route("files", ["path": .segments(["a", ".", "b"])]))
        } throws: { ($0 as? NavigationError)?.code == .badParameters }
        try navigator.push(Route("item", ["x": .string("...")]))
        #expect(navigator.url == "t://p/v/item/...")
    }

    @Test func aSavedStateWithADotSegmentValueIsCutThere() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("t://p/v/item/a/info")
        var state = navigator.state
        state.flows["p"]?.stacks["v"]?.path[0].route = Route("item", ["x": .string(".")])
        let (nearest, problems) = navigator.nearestValidState(to: state)
        #expect(nearest.activeStack?.path == [])
        #expect(problems == ["p.v: 'x' of 'item' cannot be '.', a dot segment, which URL parsers remove from a link's path"])
    }

    @Test func aQueryValueMayBeDots() throws {
        let graph = Fixtures.parse("scheme t\nflow p\nscreen home p root query q:string?\n", file: "query.routes")
        let link = try graph.resolve("t://p?q=..")
        #expect(link.stack.first?.parameters["q"] == .string(".."))
        var navigator = Navigator(graph: graph)
        try navigator.replaceRoot(with: Route("home", ["q": .string(".")]))
        #expect(navigator.url == "t://p?q=.")
    }
}

private extension String {
    /// The value the test segments decode to (`%2E` is `.`, `%2F` is `/`, `%25` is `%`).
    var removingEscapes: String {
        replacingOccurrences("%2E", ".").replacingOccurrences("%2e", ".")
            .replacingOccurrences("%2F", "/").replacingOccurrences("%25", "%")
    }

    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
