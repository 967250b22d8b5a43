import Testing
import Wayfinder

/// Web links: `web` lines in a table, and links to those origins.
@Suite struct WebLinkTests {
    let graph = Fixtures.webGraph

    @Test(arguments: [
        ("https://demo.example/main/feed/post/42", "demo://main/feed/post/42"),
        ("HTTPS://Demo.EXAMPLE:443/main/feed/post/42/", "demo://main/feed/post/42"),
        ("https://demo.example/main/search?q=a%2Fb", "demo://main/search?q=a%2Fb"),
        ("https://demo.example/login/forgot?email=x%40y", "demo://login/forgot?email=x%40y"),
        ("https://demo.example/settings/about", "demo://settings/about"),
    ])
    func aWebLinkResolvesAsItsCustomSchemeForm(web: String, custom: String) throws {
        let fromWeb = try graph.resolve(web)
        let fromCustom = try graph.resolve(custom)
        #expect(fromWeb == fromCustom)
        #expect(fromWeb.url == fromCustom.url)
        #expect(fromWeb.webURL == "https://demo.example/" + fromCustom.url.dropFirst("demo://".count))
        #expect(try graph.resolve(utf8: Array(web.utf8)) == fromCustom)
    }

    @Test(arguments: [
        ("https://other.example/main/feed", DeepLinkError.Code.unknownOrigin, "'https://other.example'"),
        ("http://demo.example/main/feed", .unknownOrigin, "'http://demo.example'"),
        ("https://demo.example.evil/main/feed", .unknownOrigin, "'https://demo.example.evil'"),
        ("https://demo.example:8443/main/feed", .malformed, "'8443'"),
        ("https://demo.example:/main/feed", .malformed, "':'"),
        ("https://demo.example:99999/main/feed", .malformed, "'99999'"),
        ("https://user:pw@demo.example/main/feed", .malformed, "'user:pw@demo.example'"),
        ("https://demo.example", .unknownFlow, "names no flow"),
        ("https://demo.example/nowhere", .unknownFlow, "'nowhere'"),
        ("https://demo.example/main/feed/post/x", .typeMismatch, "segment 4 'x'"),
        ("https://demo.example/main/feed#top", .malformed, "'#top'"),
    ])
    func badWebLinksAreRefusedNamingTheirPart(link: String, code: DeepLinkError.Code, part: String) {
        #expect {
            _ = try graph.resolve(link)
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            return error.code == code && error.message.contains(part)
        }
    }

    @Test func theThreeOriginProblemsHaveThreeMessages() {
        let messages = ["https://x.example/main", "https://demo.example:1/main", "https://u@demo.example/main"].map { link -> String in
            do {
                _ = try graph.resolve(link)
                return ""
            } catch let error as DeepLinkError {
                return error.message.split(separator: "'").first.map(String.init) ?? ""
            } catch {
                return ""
            }
        }
        #expect(Set(messages).count == 3)
        #expect(!messages.contains(""))
    }

    @Test func withoutAWebLineWebLinksAreAnotherScheme() throws {
        #expect(Fixtures.graph.webOrigins.isEmpty)
        #expect(try Fixtures.graph.resolve("demo://main/feed").webURL == nil)
        #expect {
            _ = try Fixtures.graph.resolve("https://demo.example/main/feed")
        } throws: { ($0 as? DeepLinkError)?.code == .badScheme }
    }

    @Test func severalOriginsAnswerAndTheFirstIsPrinted() throws {
        let table = """
            scheme shop
            web https://shop.example
            web http://localhost:8080/
            web https://www.shop.example:443
            flow store
            screen home store root
            screen item store push item/{id:int} after home
            """
        let graph = try RouteGraph(parsing: table)
        #expect(graph.webOrigins.map(\.description) == ["https://shop.example", "http://localhost:8080", "https://www.shop.example"])
        for link in ["https://shop.example/store/item/3", "http://LOCALHOST:8080/store/item/3", "https://www.shop.example/store/item/3"] {
            let resolved = try graph.resolve(link)
            #expect(resolved.url == "shop://store/item/3")
            #expect(resolved.webURL == "https://shop.example/store/item/3")
        }
        #expect(throws: DeepLinkError.self) { try graph.resolve("http://localhost/store") }
        #expect(throws: DeepLinkError.self) { try graph.resolve("https://localhost:8080/store") }
    }

    @Test(arguments: [
        ("web ftp://shop.example", "2:5: invalid web origin 'ftp://shop.example'"),
        ("web https://shop.example/store", "2:5: invalid web origin"),
        ("web https://", "2:5: invalid web origin"),
        ("web https://shop.example:0", "2:5: invalid web origin"),
        ("web https://u@shop.example", "2:5: invalid web origin"),
        ("web https://shop..example", "2:5: invalid web origin"),
        ("web", "2:1: 'web' takes exactly one origin"),
        ("web https://a.example https://b.example", "2:1: 'web' takes exactly one origin"),
        ("web https://shop.example\nweb HTTPS://Shop.Example:443", "3:5: web origin https://shop.example declared twice (first at t.routes:2:5)"),
    ])
    func badWebLinesAreReportedAtTheirPlace(line: String, message: String) {
        let table = "scheme shop\n\(line)\nflow store\nscreen home store root\n"
        #expect {
            _ = try RouteGraph(parsing: table, file: "t.routes")
        } throws: { error in
            guard let error = error as? RoutesFileError else { return false }
            return error.diagnostics.contains { "\($0)".contains("t.routes:" + message) }
        }
    }
}
