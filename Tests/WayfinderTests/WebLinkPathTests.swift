import Testing
import Wayfinder

/// A web link's path as its user sees it: the flow is its first segment (so segments are
/// numbered from it), and what is wrong in it is said of the path, not of a host.
@Suite struct WebLinkPathTests {
    let graph = Fixtures.webGraph

    func refusal(_ link: String, in graph: RouteGraph? = nil) -> DeepLinkError? {
        do {
            _ = try (graph ?? self.graph).resolve(link)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("https://demo.example/main/feed/post/x", DeepLinkError.Code.typeMismatch, 4, "segment 4 'x': 'id' of screen 'post' must be an int"),
        ("https://demo.example/main/nowhere", .unknownTab, 2, "segment 2 'nowhere' is not a tab of flow 'main'"),
        ("https://demo.example/main/feed//post/1", .emptySegment, 3, "empty path segment 3 ('//')"),
        ("https://demo.example//main/feed", .emptySegment, 1, "empty path segment 1 ('//')"),
        ("https://demo.example/nowhere/feed", .unknownFlow, 1, "segment 1 'nowhere' names no flow"),
        ("https://demo.example/ma%zzin/feed", .badEncoding, 1, "segment 1 'ma%zzin' has an invalid percent escape"),
        ("https://demo.example/../main/feed", .dotSegment, 1, "segment 1 '..' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"),
        ("https://demo.example/%2e/main/feed", .dotSegment, 1, "segment 1 '%2e' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"),
        ("https://demo.example/main/feed/%2E%2E/post/1", .dotSegment, 3, "segment 3 '%2E%2E' is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"),
    ])
    func aWebLinksSegmentsAreNumberedFromItsFlow(link: String, code: DeepLinkError.Code, segment: Int, message: String) throws {
        let error = try #require(refusal(link))
        #expect(error.code == code)
        #expect(error.segment == segment)
        #expect(error.message == message)
        #expect(throws: error) { try graph.resolve(utf8: Array(link.utf8)) }
    }

    @Test(arguments: ["https://demo.example/ma@in/feed", "https://demo.example/main:443/feed", "https://demo.example/u:p@main"])
    func anAtSignOrColonInTheFlowSegmentIsAFlowThatNamesNone(link: String) throws {
        let error = try #require(refusal(link))
        #expect(error.code == .unknownFlow)
        #expect(error.segment == 1)
        #expect(error.message.hasSuffix("names no flow"))
        #expect(!error.message.contains("host"))
    }

    @Test func theCustomSchemeLinkStillSaysItsHostHoldsAUserOrPort() throws {
        let error = try #require(refusal("demo://ma@in/feed"))
        #expect(error.code == .malformed)
        #expect(error.segment == nil)
        #expect(error.message == "'ma@in': a user name or port is not allowed in a link's host")
    }

    @Test func anAtSignOrColonLaterInAWebPathIsAValueWhereTheTableTakesOne() throws {
        let graph = try RouteGraph(parsing: """
            scheme shop
            web https://shop.example
            flow app
            screen home app root
            screen tag app push tag/{name} after home
            """)
        let link = try graph.resolve("https://shop.example/app/tag/a@b:c")
        #expect(link.stack.last?.parameters["name"] == .string("a@b:c"))
        #expect(link.url == "shop://app/tag/a%40b%3Ac")
        #expect(try graph.resolve("shop://app/tag/a@b:c") == link)
        let error = try #require(refusal("https://shop.example/app/tag/a@b/x", in: graph))
        #expect(error.segment == 4)
        #expect(error.message == "segment 4 'x' names no screen that can follow 'tag'")
    }

    @Test(arguments: [
        ("https://demo.example", "https://demo.example"),
        ("https://demo.example/", "https://demo.example"),
        ("HTTPS://Demo.Example:443/?q=1", "HTTPS://Demo.Example:443"),
    ])
    func aWebLinkWithoutAFlowIsToldTheWebShape(link: String, origin: String) throws {
        let error = try #require(refusal(link))
        #expect(error.code == .unknownFlow)
        #expect(error.message == "web link names no flow: expected \(origin)/FLOW/…")
        #expect(refusal("demo://")?.message == "link names no flow: expected SCHEME://FLOW/…")
    }
}

/// A web link to a declared host on a port the table does not declare names the port, or,
/// when it writes none, says it is on the scheme's default port.
@Suite struct WebLinkPortTests {
    let graph = Fixtures.parse("""
        scheme shop
        web http://localhost:8080
        web https://shop.example:8443
        flow store
        screen home store root
        """, file: "ports.routes")

    @Test(arguments: [
        ("http://localhost/store", "web link to 'http://localhost' on its scheme's default port (80), which no origin of this table uses (it answers http://localhost:8080, https://shop.example:8443)"),
        ("HTTPS://Shop.Example/store", "web link to 'HTTPS://Shop.Example' on its scheme's default port (443), which no origin of this table uses (it answers http://localhost:8080, https://shop.example:8443)"),
        ("https://shop.example:443/store", "web link on port '443', which no origin of this table uses (it answers http://localhost:8080, https://shop.example:8443)"),
        ("http://localhost:8081/store", "web link on port '8081', which no origin of this table uses (it answers http://localhost:8080, https://shop.example:8443)"),
    ])
    func theMessageNamesThePortNeverTheHost(link: String, message: String) throws {
        do {
            _ = try graph.resolve(link)
            Issue.record("\(link) resolved")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.message == message)
        }
        #expect(try graph.resolve("http://localhost:8080/store").url == "shop://store")
    }
}
