import Testing
import Wayfinder

/// A link whose canonical form is over the length limit is refused, and the message says
/// which form is: the custom-scheme form, or (with web origins) the web form, longer by its
/// origin.
@Suite struct CanonicalLengthTests {
    static let table = """
        scheme t
        web https://t.example
        flow p
        screen home p root
        screen files p push files/{path:rest} after home
        """
    let graph = Fixtures.parse(table, file: "long.routes")
    /// `https://t.example/` in place of `t://`.
    let growth = "https://t.example/".utf8.count - "t://".utf8.count

    /// A link of `files/` and segments of unreserved bytes (its own canonical form), `length`
    /// bytes long.
    func link(length: Int) -> String {
        var link = "t://p/files"
        while link.utf8.count < length {
            let room = length - link.utf8.count - 1
            link += "/" + String(repeating: "a", count: min(room, 200))
        }
        return link
    }

    func refusal(_ link: String) -> DeepLinkError? {
        do {
            _ = try graph.resolve(link)
            return nil
        } catch {
            return error
        }
    }

    @Test func aLinkAtTheLimitWhoseWebFormIsOverItSaysTheWebForm() throws {
        let exact = link(length: RouteGraph.maximumLinkLength)
        #expect(exact.utf8.count == 2_048)
        let error = try #require(refusal(exact))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "link's canonical web form (https://t.example/…) is \(2_048 + growth) bytes long; the limit is 2048, for the web form too")
        let withinBoth = try graph.resolve(link(length: RouteGraph.maximumLinkLength - growth))
        #expect(withinBoth.webURL?.utf8.count == RouteGraph.maximumLinkLength)
        #expect(try graph.resolve(#require(withinBoth.webURL)) == withinBoth)
    }

    @Test func aLinkWhoseOwnCanonicalFormIsOverTheLimitSaysThatFormAndItsLength() throws {
        // 40 raw '!' print as 120 bytes: 2,000 bytes written, 2,080 printed.
        let written = link(length: 1_959) + "/" + String(repeating: "!", count: 40)
        #expect(written.utf8.count == 2_000)
        let printed = written.utf8.count + 2 * 40
        let error = try #require(refusal(written))
        #expect(error.message == "link's canonical form (percent-encoded) is \(printed) bytes long; the limit is 2048")
        let noWeb = Fixtures.parse("scheme t\n" + Self.table.split(separator: "\n").dropFirst(2).joined(separator: "\n"), file: "plain.routes")
        #expect(noWeb.webOrigins.isEmpty)
        #expect(throws: DeepLinkError.self) { try noWeb.resolve(written) }
        #expect(try noWeb.resolve(link(length: RouteGraph.maximumLinkLength)).url.utf8.count == 2_048)
    }
}
