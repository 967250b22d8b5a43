import Testing
import Wayfinder

/// What `routes check` refuses that URL parsers would read otherwise: `.` and `..` in
/// patterns, web origins whose host a browser rejects or rewrites, a web scheme beside
/// web origins.
@Suite struct RoutesCheckHostTests {
    private func diagnostics(_ text: String) -> [RoutesDiagnostic] { Fixtures.diagnostics(text) }

    private let header = Fixtures.oneScreenHeader

    @Test(arguments: [
        ("screen a app push ../x after home", "t.routes:4:19", "literal segment '..' is a dot segment"),
        ("screen a app push x/. after home", "t.routes:4:21", "literal segment '.' is a dot segment"),
        ("screen a app push /x/.. after home", "t.routes:4:22", "literal segment '..' is a dot segment"),
        ("screen a app push x/{w:a|..} after home", "t.routes:4:21", "word '..' of '{w:a|..}' is a dot segment"),
    ])
    func aDotSegmentInAPatternIsRefusedAtItsColumn(line: String, place: String, message: String) {
        let found = diagnostics(header + line)
        #expect(found.map(\.location.description) == [place])
        #expect(found.first?.message.hasPrefix(message) == true, "\(found)")
        #expect(found.first?.message.contains("no link could match it") == true)
    }

    @Test func dotsInsideAWordAndInAQuerySetAreFine() throws {
        let graph = try RouteGraph(parsing: header + "screen a app push .../x./.y/{w:a|..b} after home query s:a|..")
        #expect(try graph.resolve("demo://app/.../x./.y/..b?s=..").stack.count == 2)
    }

    static let longLabel = String(repeating: "a", count: 64)
    static let longHost = Array(repeating: String(repeating: "b", count: 63), count: 4).joined(separator: ".") + ".ex"

    @Test(arguments: [
        ("https://256.0.0.1", "host '256.0.0.1' ends in a number, so browsers read it as an IPv4 address, which it is not (256 is over 255); they refuse it"),
        ("http://0x100000000", "host '0x100000000' ends in a number, so browsers read it as an IPv4 address, which it is not (its last part is 4294967295 at most); they refuse it"),
        ("http://1.2.3.4.5", "(more than four parts)"),
        ("https://example.123", "('example' is not a number)"),
        ("https://09.1.1.1", "('09' is not a number)"),
        ("http://1.2.3", "host '1.2.3' is read by browsers as the IPv4 address 1.2.0.3; write that"),
        ("http://127.1:8080", "as the IPv4 address 127.0.0.1"),
        ("http://0177.0.0.1", "as the IPv4 address 127.0.0.1"),
        ("http://0x7F.0.0.1", "as the IPv4 address 127.0.0.1"),
        ("http://123", "as the IPv4 address 0.0.0.123"),
        ("https://-b.example", "host '-b.example' has the label '-b', which starts with '-'"),
        ("https://b-.example", "has the label 'b-', which ends with '-'"),
        ("https://a_b.example", "host 'a_b.example' holds '_'"),
        ("https://a%41.example", "holds '%'"),
        ("https://bücher.example", "holds a character outside ASCII"),
        ("https://shop..example", "host 'shop..example' has an empty label"),
        ("https://shop.example.", "has an empty label"),
        ("https://[::1]:8080", "'[::1]:8080' is an IPv6 address, which web origins do not support"),
        ("https://\(longLabel).example", "has a label of 64 bytes"),
        ("https://\(longHost)", "is 258 bytes long; a host holds at most 253"),
        ("https://shop.example:0", "port '0' is not a number from 1 to 65535"),
        ("https://u@shop.example", "a web origin has no user part"),
        ("https://shop.example/store", "use https://HOST or http://HOST, with an optional :PORT and no path"),
    ])
    func aHostABrowserRejectsOrRewritesIsRefused(origin: String, message: String) {
        let found = diagnostics("scheme shop\nweb \(origin)\nflow store\nscreen home store root\n")
        #expect(found.count == 1)
        #expect(found.first?.location.description == "t.routes:2:5")
        #expect(found.first?.message.hasPrefix("invalid web origin '\(origin)': ") == true)
        #expect(found.first?.message.contains(message) == true, "\(found)")
        #expect(WebOrigin(parsing: origin) == nil)
    }

    @Test(arguments: [
        "https://shop.example", "http://localhost:8080", "http://127.0.0.1:8080", "https://10.0.0.255",
        "https://xn--bcher-kva.example", "https://1.example", "https://a-b.example", "https://SHOP.Example/",
        "https://\(String(repeating: "a", count: 63)).example", "https://0x.example",
    ])
    func aHostBrowsersReadAsWrittenIsAccepted(origin: String) throws {
        #expect(diagnostics("scheme shop\nweb \(origin)\nflow store\nscreen home store root\n").isEmpty)
        let parsed = try #require(WebOrigin(parsing: origin))
        #expect(parsed.description == origin.lowercased().split(separator: "/").prefix(2).joined(separator: "//"))
    }

    @Test(arguments: ["https", "http", "HTTPS"])
    func aWebSchemeBesideWebOriginsIsRefusedAtTheScheme(scheme: String) {
        let found = diagnostics("scheme \(scheme)\nweb https://wayfinder.example\nflow main\nscreen home main root\n")
        #expect(found.map(\.location.description) == ["t.routes:1:8"])
        #expect(found.first?.message == "scheme '\(scheme.lowercased())' is a web scheme: beside 'web' lines (the first at t.routes:2:5) every '\(scheme.lowercased())://' link would be read as a web link, and none of the table's own would resolve; declare a scheme of the app's own")
    }

    @Test func aWebSchemeWithoutWebOriginsReadsItsOwnLinks() throws {
        let graph = try RouteGraph(parsing: "scheme https\nflow main\nscreen home main root\n")
        let link = try graph.resolve("https://main")
        #expect(link.url == "https://main")
        #expect(try graph.resolve(link.url) == link)
    }
}
