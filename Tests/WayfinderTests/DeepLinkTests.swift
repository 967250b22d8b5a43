import Testing
import Wayfinder

@Suite struct DeepLinkTests {
    let graph = Fixtures.graph

    private func names(_ link: String) throws -> [String] {
        try graph.resolve(link).screenNames
    }

    private func rejection(_ link: String, in graph: RouteGraph? = nil) -> DeepLinkError? {
        (graph ?? self.graph).rejection(of: link)
    }

    @Test(arguments: [
        ("demo://login", ["signIn"], "demo://login"),
        ("demo://login/register", ["signIn", "register"], "demo://login/register"),
        ("demo://login/forgot?email=alice%40example.com", ["signIn", "forgot"], "demo://login/forgot?email=alice%40example.com"),
        ("demo://login/terms", ["signIn", "terms"], "demo://login/terms"),
        ("demo://main", ["feed"], "demo://main/feed"),
        ("demo://main/feed/post/42/comments", ["feed", "post", "comments"], "demo://main/feed/post/42/comments"),
        ("demo://main/feed/post/42/user/7/post/9", ["feed", "post", "user", "post"], "demo://main/feed/post/42/user/7/post/9"),
        ("demo://main/feed/compose", ["feed", "compose"], "demo://main/feed/compose"),
        ("demo://main/search/post/3?q=swift", ["search", "post"], "demo://main/search/post/3?q=swift"),
        ("demo://settings/logout", ["settings", "logout"], "demo://settings/logout"),
    ])
    func linksResolveToTheirScreensAndPrintCanonically(link: String, screens: [String], canonical: String) throws {
        let resolved = try graph.resolve(link)
        #expect(resolved.screenNames == screens)
        #expect(resolved.url == canonical)
    }

    @Test func theStackIsRootFirstAndThePresentationSeparate() throws {
        let resolved = try graph.resolve("demo://main/feed/compose")
        #expect(resolved.flow == "main")
        #expect(resolved.tab == "feed")
        #expect(resolved.stack == [Route("feed")])
        #expect(resolved.presentation?.route == Route("compose"))
        #expect(resolved.presentation?.style == .sheet)
        let alert = try graph.resolve("demo://settings/logout")
        #expect(alert.tab == nil)
        #expect(alert.presentation?.style == .alert)
    }

    @Test(arguments: [
        "DEMO://MAIN/feed/post/42", "Demo://Main/feed/post/42/", "demo://main/feed/post/42/",
        "demo://main/feed/post/042", "demo://main/feed/%70ost/4%32",
    ])
    func schemeAndHostIgnoreCaseAndTrailingSlashIsIgnored(link: String) throws {
        #expect(try graph.resolve(link).url == "demo://main/feed/post/42")
    }

    @Test func pathSegmentsAreCaseSensitive() {
        #expect(rejection("demo://main/Feed")?.code == .unknownTab)
        #expect(rejection("demo://main/feed/POST/1")?.code == .unknownScreen)
    }

    @Test func emptyInteriorSegmentsAreErrorsNamingTheSegment() {
        let error = rejection("demo://main/feed//post/1")
        #expect(error?.code == .emptySegment)
        #expect(error?.segment == 2)
        #expect(rejection("demo://main/feed/post/1//")?.code == .emptySegment)
        #expect(rejection("demo://main//")?.code == .emptySegment)
    }

    @Test func splitThenDecodeKeepsAnEncodedSlashInsideItsSegment() throws {
        let graph = try RouteGraph(parsing: """
            scheme s
            flow f
            screen home f root
            screen tag f push tag/{name} after home
            """)
        let resolved = try graph.resolve("s://f/tag/a%2Fb")
        #expect(resolved.stack.last?["name"] == .string("a/b"))
        #expect(resolved.url == "s://f/tag/a%2Fb")
        // Decoded once: %2541 is "%41", not "A".
        #expect(try graph.resolve("s://f/tag/%2541").stack.last?["name"] == .string("%41"))
        #expect(try graph.resolve("s://f/tag/caf%C3%A9").stack.last?["name"] == .string("café"))
        // Raw non-ASCII is accepted and printed encoded.
        #expect(try graph.resolve("s://f/tag/café").url == "s://f/tag/caf%C3%A9")
    }

    @Test(arguments: [
        ("demo://main/feed/post/%zz", DeepLinkError.Code.badEncoding, 3),
        ("demo://main/feed/post/%4", .badEncoding, 3),
        ("demo://main/feed/post/%C3%28", .badEncoding, 3),
        ("demo://main/feed/post/%ED%A0%80", .badEncoding, 3),
        ("demo://main/feed/post/%C0%AF", .badEncoding, 3),
        ("demo://main/feed/post/%1B", .badEncoding, 3),
        ("demo://main/feed/post/%00", .badEncoding, 3),
        ("demo://main/feed/post/%7F", .badEncoding, 3),
        ("demo://main/feed/post/%C2%9B", .badEncoding, 3),
    ])
    func badEscapesInvalidUTF8AndControlCharactersAreErrors(link: String, code: DeepLinkError.Code, segment: Int) {
        let error = rejection(link)
        #expect(error?.code == code)
        #expect(error?.segment == segment)
        #expect(error?.message.contains("segment \(segment)") == true)
    }

    @Test func rawSpacesControlsAndFragmentsAreRejected() {
        #expect(rejection("demo://main/feed/post/1 2")?.code == .malformed)
        #expect(rejection("demo://main/feed/post/\u{1B}]2;x\u{07}")?.code == .malformed)
        #expect(rejection("demo://main/feed/post/\u{9B}")?.code == .malformed)
        #expect(rejection("demo://main/feed#top")?.code == .malformed)
        #expect(rejection("demo://user@main/feed")?.code == .malformed)
        #expect(rejection("demo://main:80/feed")?.code == .malformed)
    }

    @Test func controlCharactersInMessagesAreEscaped() throws {
        let error = try #require(rejection("demo://main/feed/post/%1B%5B2J"))
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
        let raw = try #require(rejection("demo://ma\u{1B}in/feed"))
        #expect(raw.message.contains("\\u{1B}"))
    }

    @Test func schemesAndFlowsAreChecked() {
        #expect(rejection("http://main/feed")?.code == .badScheme)
        #expect(rejection("demo:main/feed")?.code == .badScheme)
        #expect(rejection("main/feed")?.code == .badScheme)
        #expect(rejection("")?.code == .badScheme)
        #expect(rejection("demo://")?.code == .unknownFlow)
        #expect(rejection("demo://nowhere")?.code == .unknownFlow)
        #expect(rejection("demo://main/nowhere")?.code == .unknownTab)
    }

    @Test func typedConversionFailureNamesTheSegment() throws {
        let error = try #require(rejection("demo://main/feed/post/abc"))
        #expect(error.code == .typeMismatch)
        #expect(error.segment == 3)
        #expect(error.part == "abc")
        #expect(error.message == "segment 3 'abc': 'id' of screen 'post' must be an int")
        #expect(rejection("demo://main/feed/post/99999999999999999999")?.code == .typeMismatch)
        #expect(rejection("demo://main/feed/post/+1")?.code == .typeMismatch)
        #expect(rejection("demo://main/feed/post/1.5")?.code == .typeMismatch)
        #expect(try graph.resolve("demo://main/feed/post/-3").stack.last?["id"] == .int(-3))
        #expect(try graph.resolve("demo://main/feed/post/9223372036854775807").stack.last?["id"] == .int(Int.max))
    }

    @Test func anEdgeTheGraphDoesNotAllowIsRejected() throws {
        let error = try #require(rejection("demo://main/feed/comments"))
        #expect(error.code == .edgeNotAllowed)
        #expect(error.segment == 2)
        #expect(error.message.contains("'comments' cannot follow 'feed'"))
        #expect(rejection("demo://main/feed/compose/post/1")?.code == .edgeNotAllowed)
        #expect(rejection("demo://main/search/compose")?.code == .edgeNotAllowed)
        #expect(rejection("demo://main/feed/nothing")?.code == .unknownScreen)
        #expect(rejection("demo://settings/register")?.code == .unknownScreen)
    }

    @Test func queryParametersMustBeDeclaredOnceAndOnTheLinksScreens() {
        #expect(rejection("demo://main/search?x=1")?.code == .badQuery)
        #expect(rejection("demo://main/search?q=a&q=b")?.code == .badQuery)
        #expect(rejection("demo://main/search?q=a&%71=b")?.code == .badQuery)
        #expect(rejection("demo://main/feed?q=a")?.code == .badQuery)
        #expect(rejection("demo://main/search?q")?.code == .badQuery)
        #expect(rejection("demo://main/search?&q=a")?.code == .badQuery)
        #expect(rejection("demo://main/search?q=a&")?.code == .badQuery)
        #expect(rejection("demo://main/search?q=%zz")?.code == .badEncoding)
        #expect(rejection("demo://main/search?q=%0A")?.code == .badEncoding)
    }

    @Test func queryValuesAreDecodedAndEmptyOnesAreAbsent() throws {
        let resolved = try graph.resolve("demo://main/search?q=hello%20world%26more")
        #expect(resolved.stack[0]["q"] == .string("hello world&more"))
        #expect(resolved.url == "demo://main/search?q=hello%20world%26more")
        #expect(try graph.resolve("demo://main/search?q=").stack[0]["q"] == nil)
        #expect(try graph.resolve("demo://main/search?").url == "demo://main/search")
        #expect(try graph.resolve("demo://main/search?q=a+b").stack[0]["q"] == .string("a+b"))
    }

    @Test func requiredQueryParametersMustBePresent() throws {
        let graph = try RouteGraph(parsing: """
            scheme s
            flow f
            screen home f root
            screen find f push find after home query term:string page:int?
            """)
        #expect(rejection("s://f/find", in: graph)?.code == .badQuery)
        #expect(rejection("s://f/find?page=2", in: graph)?.code == .badQuery)
        #expect(rejection("s://f/find?term=x&page=two", in: graph)?.code == .typeMismatch)
        #expect(try graph.resolve("s://f/find?page=2&term=x").url == "s://f/find?term=x&page=2")
    }

    @Test func limitsAreExactlyTheDocumentedOnes() throws {
        let graph = try RouteGraph(parsing: """
            scheme s
            flow f
            screen home f root
            screen a f push a after home a
            screen tag f push tag/{name} after home
            """)
        let thirtyTwo = "s://f" + String(repeating: "/a", count: 32)
        #expect(try graph.resolve(thirtyTwo).count == 33)
        #expect(rejection(thirtyTwo + "/a", in: graph)?.code == .limitExceeded)
        let value256 = String(repeating: "x", count: 256)
        #expect(try graph.resolve("s://f/tag/" + value256).stack.last?["name"] == .string(value256))
        #expect(rejection("s://f/tag/" + value256 + "x", in: graph)?.code == .limitExceeded)
        let encoded256 = String(repeating: "%41", count: 256)
        #expect(try graph.resolve("s://f/tag/" + encoded256).stack.last?["name"] == .string(String(repeating: "A", count: 256)))
        #expect(rejection("s://f/tag/" + encoded256 + "%41", in: graph)?.code == .limitExceeded)
        let base = "s://f/tag/"
        let exactly2048 = base + String(repeating: "%41", count: (2048 - base.utf8.count) / 3)
            + String(repeating: "B", count: (2048 - base.utf8.count) % 3)
        #expect(exactly2048.utf8.count == 2048)
        #expect(rejection(exactly2048, in: graph)?.code == .limitExceeded) // value too long, but resolved as far as that
        #expect(rejection(exactly2048 + "B", in: graph)?.message.contains("limit is 2048") == true)
    }

    @Test func literalsBeatTypedParametersBeatStringsWhateverTheLineOrder() throws {
        let lines = [
            "screen byName f push item/{name} after home",
            "screen byID f push item/{id:int} after home",
            "screen byUUID f push item/{key:uuid} after home",
            "screen newItem f push item/new after home",
        ]
        let head = "scheme s\nflow f\nscreen home f root\n"
        let orders = [lines, lines.reversed(), [lines[2], lines[0], lines[3], lines[1]], [lines[1], lines[3], lines[0], lines[2]]]
        for order in orders {
            let graph = try RouteGraph(parsing: head + order.joined(separator: "\n"))
            #expect(try graph.resolve("s://f/item/new").screenNames.last == "newItem")
            #expect(try graph.resolve("s://f/item/42").screenNames.last == "byID")
            #expect(try graph.resolve("s://f/item/6F9619FF-8B86-D011-B42D-00C04FC964FF").screenNames.last == "byUUID")
            #expect(try graph.resolve("s://f/item/6F9619FF-8B86-D011-B42D-00C04FC964FF").url == "s://f/item/6f9619ff-8b86-d011-b42d-00c04fc964ff")
            #expect(try graph.resolve("s://f/item/newer").screenNames.last == "byName")
        }
    }

    @Test func theWalkBacktracksWhenAnEarlierChoiceLeadsNowhere() throws {
        let graph = try RouteGraph(parsing: """
            scheme s
            flow f
            screen home f root
            screen named f push {name} after home
            screen edit f push edit after named
            screen settingsPage f push settings after home
            """)
        // 'settings' matches the literal first; 'edit' can only follow 'named', so the walk backs up.
        #expect(try graph.resolve("s://f/settings/edit").screenNames == ["home", "named", "edit"])
        #expect(try graph.resolve("s://f/settings").screenNames == ["home", "settingsPage"])
    }

    @Test func resolutionWorksUntypedOnAnyTable() throws {
        let graph = try RouteGraph(parsing: """
            scheme shop
            flow store tabs browse cart
            screen browse store.browse root
            screen cart store.cart root
            screen product store push p/{sku}/{variant:int} after browse
            screen checkout store sheet checkout after cart
            """)
        let link = try graph.resolve("SHOP://store/browse/p/ab-12/3")
        #expect(link.stack.last == Route("product", ["sku": .string("ab-12"), "variant": .int(3)]))
        #expect(try graph.resolve("shop://store/cart/checkout").presentation?.route.screen == "checkout")
    }
}
