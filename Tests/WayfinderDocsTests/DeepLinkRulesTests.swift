import Testing
import Wayfinder

/// The examples of `Wayfinder.docc/DeepLinkRules.md`, on the getting-started table.
@Suite struct DeepLinkRulesTests {
    let graph = ShopRoutes.graph

    @Test func aLinkPrintsInItsCanonicalForm() throws {
        let link = try graph.resolve("SHOP://Store/browse/item/042/?q=red%20shoes")
        print(link.url)        // shop://store/browse/item/42?q=red%20shoes
        print(link.stack[0])   // browse(q: red shoes)

        #expect(link.url == "shop://store/browse/item/42?q=red%20shoes")
        #expect(link.stack[0] == Route("browse", ["q": .string("red shoes")]))
        #expect(try graph.resolve(link.url).url == link.url)
    }

    /// The article's table of refused links: each with its code and message.
    @Test(arguments: [
        ("shop://store/browse/item/abc", DeepLinkError.Code.typeMismatch, "segment 3 'abc': 'id' of screen 'item' must be an int"),
        ("shop://store/browse/basket", .unknownScreen, "segment 2 'basket' names no screen that can follow 'browse'"),
        ("shop://store/browse/reviews", .edgeNotAllowed, "segment 2 'reviews': screen 'reviews' cannot follow 'browse'"),
        ("shop://store/cart/checkout/item/1", .edgeNotAllowed, "segment 3 'item': nothing can follow 'checkout', which is a sheet or alert"),
        ("shop://store/browse/item", .incomplete, "segment 2 'item': the link ends inside screen 'item' (item/{id:int}): 'id' (int) is missing"),
        ("shop://store/browse//item/42", .emptySegment, "empty path segment 2 ('//')"),
        ("shop://store/browse/item/%2E%2E", .dotSegment, "segment 3 '%2E%2E' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"),
        ("shop://store/browse/item/%FF", .badEncoding, "segment 3 '%FF' is not valid UTF-8 once decoded"),
        ("shop://store/browse/item/42?page=2", .badQuery, "undeclared query parameter 'page' in flow 'store'"),
        ("https://store/browse", .badScheme, "unknown scheme 'https'; expected 'shop://'"),
    ])
    func aRefusedLinkSaysWhy(link: String, code: DeepLinkError.Code, message: String) {
        #expect {
            _ = try graph.resolve(link)
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            return error.code == code && error.message == message
        }
    }

    @Test func theLimits() {
        #expect(RouteGraph.maximumLinkLength == 2048 && RouteGraph.maximumSegments == 32 && RouteGraph.maximumValueLength == 256)
        let long = "shop://store/browse?q=" + String(repeating: "a", count: 257)
        #expect { _ = try graph.resolve(long) } throws: { ($0 as? DeepLinkError)?.code == .limitExceeded }
    }
}
