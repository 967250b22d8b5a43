import Foundation
import Testing
import Wayfinder

/// Bad deep links, against the sample app's `Routes/app.routes`: each refused with its exact
/// error (code, segment and message), and a refused link leaves the navigator's state, link
/// and history as they were. Invalid UTF-8 is refused, never repaired.
@Suite struct BadLinkTableTests {
    var graph: RouteGraph { Fixtures.appGraph }

    /// What an error message must be: the whole sentence, or a distinctive part of it.
    enum Text: Sendable, CustomStringConvertible {
        case exact(String)
        case contains(String)

        func matches(_ message: String) -> Bool {
            switch self {
            case .exact(let text): message == text
            case .contains(let text): message.contains(text)
            }
        }

        var description: String {
            switch self {
            case .exact(let text): "exactly \"\(text)\""
            case .contains(let text): "containing \"\(text)\""
            }
        }
    }

    struct LinkCase: Sendable, CustomTestStringConvertible {
        let name: String
        let link: String
        let code: DeepLinkError.Code
        let segment: Int?
        let message: Text

        init(_ name: String, _ link: String, _ code: DeepLinkError.Code, segment: Int? = nil, _ message: Text) {
            self.name = name
            self.link = link
            self.code = code
            self.segment = segment
            self.message = message
        }

        var testDescription: String { name }
    }

    static let a257 = String(repeating: "a", count: 257)
    static let tooLong = "wayfinder://main/search?q=" + String(repeating: "a", count: 2_030)
    static let tooManySegments = "wayfinder://main/feed" + String(repeating: "/post/1", count: 16)

    static let linkCases: [LinkCase] = [
        // Scheme and host
        LinkCase("no scheme", "main/feed/post/1", .badScheme,
                 .exact("'main/feed/post/1' is not a link: expected SCHEME://FLOW/…")),
        LinkCase("scheme without slashes", "wayfinder:main/feed", .badScheme,
                 .exact("'wayfinder:main/feed' is not a link: expected SCHEME://FLOW/…")),
        LinkCase("wrong scheme", "ftp://main/feed", .badScheme,
                 .exact("unknown scheme 'ftp'; expected 'wayfinder://'")),
        LinkCase("web link to another origin", "https://main/feed", .unknownOrigin,
                 .exact("web link to 'https://main', an origin this table does not answer (it answers https://wayfinder.example)")),
        LinkCase("web link on another port", "https://wayfinder.example:8443/main/feed", .malformed,
                 .exact("web link on port '8443', which no origin of this table uses (it answers https://wayfinder.example)")),
        LinkCase("web link with a user", "https://me@wayfinder.example/main/feed", .malformed,
                 .exact("web link with a user part in 'me@wayfinder.example': web links may not carry a user name or password")),
        LinkCase("scheme with the right prefix", "wayfinders://main/feed", .badScheme,
                 .exact("unknown scheme 'wayfinders'; expected 'wayfinder://'")),
        LinkCase("user in host", "wayfinder://alice@main/feed", .malformed,
                 .exact("'alice@main': a user name or port is not allowed in a link's host")),
        LinkCase("port in host", "wayfinder://main:8080/feed", .malformed,
                 .exact("'main:8080': a user name or port is not allowed in a link's host")),
        LinkCase("fragment", "wayfinder://main/feed/post/1#comments", .malformed,
                 .exact("'#comments': fragments ('#…') are not supported")),
        LinkCase("raw space", "wayfinder://main/search?q=swift tabs", .malformed,
                 .exact("' ': spaces and control characters must be percent-encoded")),
        LinkCase("raw escape character", "wayfinder://main/feed/\u{1B}[2J", .malformed,
                 .exact("'\\u{1B}': spaces and control characters must be percent-encoded")),
        LinkCase("raw DEL", "wayfinder://main/feed/post/1\u{7F}", .malformed,
                 .exact("'\\u{7F}': spaces and control characters must be percent-encoded")),
        LinkCase("raw C1 control", "wayfinder://main/feed/post/1\u{85}", .malformed,
                 .exact("'\\u{85}': spaces and control characters must be percent-encoded")),
        LinkCase("unknown flow", "wayfinder://nowhere/feed", .unknownFlow,
                 .exact("unknown flow 'nowhere'")),
        LinkCase("host escaping a surrogate", "wayfinder://ma%ED%A0%80in/feed", .badEncoding,
                 .exact("'ma%ED%A0%80in' is not valid UTF-8 once decoded")),
        LinkCase("host with an overlong escape", "wayfinder://%C0%AF/feed", .badEncoding,
                 .exact("'%C0%AF' is not valid UTF-8 once decoded")),
        LinkCase("host with a bad escape", "wayfinder://ma%ZZin/feed", .badEncoding,
                 .exact("'ma%ZZin' has an invalid percent escape")),
        LinkCase("host with an escape that decodes", "wayfinder://m%61in/feed", .unknownFlow,
                 .exact("unknown flow 'm%61in'")),
        LinkCase("missing flow", "wayfinder:///feed", .unknownFlow,
                 .exact("link names no flow: expected SCHEME://FLOW/…")),
        LinkCase("nothing after the scheme", "wayfinder://", .unknownFlow,
                 .exact("link names no flow: expected SCHEME://FLOW/…")),
        // Path: tabs, screens, edges
        LinkCase("unknown tab", "wayfinder://main/home", .unknownTab, segment: 1,
                 .exact("segment 1 'home' is not a tab of flow 'main'")),
        LinkCase("tab names are case-sensitive", "wayfinder://main/Feed", .unknownTab, segment: 1,
                 .exact("segment 1 'Feed' is not a tab of flow 'main'")),
        LinkCase("unknown screen", "wayfinder://main/feed/nothing", .unknownScreen, segment: 2,
                 .exact("segment 2 'nothing' names no screen that can follow 'feed'")),
        LinkCase("unknown screen in a flow without tabs", "wayfinder://login/nothing", .unknownScreen, segment: 1,
                 .exact("segment 1 'nothing' names no screen that can follow 'signIn'")),
        LinkCase("screen of another flow", "wayfinder://login/feed", .unknownScreen, segment: 1,
                 .exact("segment 1 'feed' names no screen that can follow 'signIn'")),
        LinkCase("edge not allowed", "wayfinder://main/feed/comments", .edgeNotAllowed, segment: 2,
                 .exact("segment 2 'comments': screen 'comments' cannot follow 'feed'")),
        LinkCase("sheet after a root it may not follow", "wayfinder://main/search/compose", .edgeNotAllowed, segment: 2,
                 .exact("segment 2 'compose': screen 'compose' cannot follow 'search'")),
        LinkCase("edge not allowed deep in the link", "wayfinder://main/feed/post/1/comments/people/2/post/3/compose",
                 .edgeNotAllowed, segment: 9,
                 .exact("segment 9 'compose': screen 'compose' cannot follow 'post'")),
        LinkCase("following a sheet", "wayfinder://main/feed/compose/post/1", .edgeNotAllowed, segment: 3,
                 .exact("segment 3 'post': nothing can follow 'compose', which is a sheet or alert")),
        LinkCase("following a sheet at the root", "wayfinder://login/terms/register", .edgeNotAllowed, segment: 2,
                 .exact("segment 2 'register': nothing can follow 'terms', which is a sheet or alert")),
        // Parameters
        LinkCase("int type mismatch", "wayfinder://main/feed/post/abc", .typeMismatch, segment: 3,
                 .exact("segment 3 'abc': 'id' of screen 'post' must be an int")),
        LinkCase("int with a plus sign", "wayfinder://main/feed/post/+1", .typeMismatch, segment: 3,
                 .exact("segment 3 '+1': 'id' of screen 'post' must be an int")),
        LinkCase("int type mismatch deeper", "wayfinder://main/feed/post/1/people/me", .typeMismatch, segment: 5,
                 .exact("segment 5 'me': 'id' of screen 'person' must be an int")),
        LinkCase("encoded slash inside an int", "wayfinder://main/feed/post/1%2F2", .typeMismatch, segment: 3,
                 .exact("segment 3 '1%2F2': 'id' of screen 'post' must be an int")),
        LinkCase("int out of range", "wayfinder://main/feed/post/9223372036854775808", .typeMismatch, segment: 3,
                 .exact("segment 3 '9223372036854775808': 'id' of screen 'post' is out of range for int (-9223372036854775808 to 9223372036854775807)")),
        LinkCase("negative int out of range", "wayfinder://main/feed/post/-9223372036854775809", .typeMismatch, segment: 3,
                 .contains("is out of range for int")),
        LinkCase("link ending inside a pattern", "wayfinder://main/feed/post", .incomplete, segment: 2,
                 .exact("segment 2 'post': the link ends inside screen 'post' (post/{id:int}): 'id' (int) is missing")),
        LinkCase("link ending inside a deeper pattern", "wayfinder://main/feed/post/1/people", .incomplete, segment: 4,
                 .exact("segment 4 'people': the link ends inside screen 'person' (people/{id:int}): 'id' (int) is missing")),
        LinkCase("an old link shape with a bad value", "wayfinder://main/feed/post/1/user/x", .typeMismatch, segment: 5,
                 .exact("segment 5 'x': 'id' of screen 'user' must be an int")),
        LinkCase("an old link shape ending inside its pattern", "wayfinder://main/feed/post/1/user", .incomplete, segment: 4,
                 .exact("segment 4 'user': the link ends inside screen 'user' (user/{id:int}): 'id' (int) is missing")),
        // The alias reads further than today's patterns (to a value of the wrong type): its
        // refusal is the one told, naming the screen.
        LinkCase("an alias with a bad value", "wayfinder://main/feed/p/x", .typeMismatch, segment: 3,
                 .exact("segment 3 'x': 'id' of screen 'post' must be an int")),
        LinkCase("empty segment", "wayfinder://main/feed//post/1", .emptySegment, segment: 2,
                 .exact("empty path segment 2 ('//')")),
        LinkCase("empty first segment", "wayfinder://main//feed", .emptySegment, segment: 1,
                 .exact("empty path segment 1 ('//')")),
        // Encoding
        LinkCase("bad escape %zz in the path", "wayfinder://main/feed/post/%zz", .badEncoding, segment: 3,
                 .exact("segment 3 '%zz' has an invalid percent escape")),
        LinkCase("truncated escape in the query", "wayfinder://main/search?q=ab%4", .badEncoding,
                 .exact("'ab%4' has an invalid percent escape")),
        LinkCase("%FF", "wayfinder://main/search?q=%FF", .badEncoding,
                 .exact("'%FF' is not valid UTF-8 once decoded")),
        LinkCase("overlong %C0%AF", "wayfinder://main/feed/%C0%AF", .badEncoding, segment: 2,
                 .exact("segment 2 '%C0%AF' is not valid UTF-8 once decoded")),
        LinkCase("surrogate %ED%A0%80", "wayfinder://main/search?q=%ED%A0%80", .badEncoding,
                 .exact("'%ED%A0%80' is not valid UTF-8 once decoded")),
        LinkCase("decoded ESC %1B", "wayfinder://main/search?q=a%1Bb", .badEncoding,
                 .exact("'a%1Bb' holds a control character once decoded")),
        LinkCase("decoded DEL %7F in the path", "wayfinder://main/feed/post/%7F", .badEncoding, segment: 3,
                 .exact("segment 3 '%7F' holds a control character once decoded")),
        LinkCase("decoded C1 control %C2%85", "wayfinder://main/search?q=%C2%85", .badEncoding,
                 .exact("'%C2%85' holds a control character once decoded")),
        // Limits
        LinkCase("longer than 2,048 bytes", tooLong, .limitExceeded,
                 .exact("link is 2056 bytes long; the limit is 2048")),
        LinkCase("more than 32 segments", tooManySegments, .limitExceeded,
                 .exact("link has 33 path segments; the limit is 32")),
        LinkCase("segment over 256 bytes", "wayfinder://main/feed/" + a257, .limitExceeded, segment: 2,
                 .exact("segment 2 '\(a257)' is longer than 256 bytes once decoded")),
        LinkCase("query value over 256 bytes once decoded",
                 "wayfinder://main/search?q=" + String(repeating: "%41", count: 257), .limitExceeded,
                 .contains("is longer than 256 bytes once decoded")),
        // Query
        LinkCase("empty query pair (&&)", "wayfinder://main/search?q=a&&", .badQuery,
                 .exact("empty query parameter ('&&' or '?&')")),
        LinkCase("empty query pair (?&)", "wayfinder://main/search?&q=a", .badQuery,
                 .exact("empty query parameter ('&&' or '?&')")),
        LinkCase("trailing &", "wayfinder://main/search?q=a&", .badQuery,
                 .exact("empty query parameter ('&&' or '?&')")),
        LinkCase("query without value", "wayfinder://main/search?q", .badQuery,
                 .exact("query parameter 'q' has no value; write KEY=VALUE")),
        LinkCase("undeclared query key", "wayfinder://main/search?x=1", .badQuery,
                 .exact("undeclared query parameter 'x' in flow 'main'")),
        LinkCase("query key of another flow", "wayfinder://main/search?email=a", .badQuery,
                 .exact("undeclared query parameter 'email' in flow 'main'")),
        LinkCase("empty query key", "wayfinder://main/search?=x", .badQuery,
                 .exact("undeclared query parameter '' in flow 'main'")),
        LinkCase("query key of a screen not on the path", "wayfinder://main/feed?q=swift", .badQuery,
                 .exact("query parameter 'q' belongs to screen 'search', which this link does not open")),
        LinkCase("query key of a screen not on the path (login)", "wayfinder://login/register?email=a%40b", .badQuery,
                 .exact("query parameter 'email' belongs to screen 'forgot', which this link does not open")),
        LinkCase("repeated query key", "wayfinder://main/search?q=a&q=b", .badQuery,
                 .exact("query parameter 'q' is repeated")),
        LinkCase("repeated query key, first empty", "wayfinder://main/search?q=&q=b", .badQuery,
                 .exact("query parameter 'q' is repeated")),
    ]

    /// Navigators to refuse links in: signed in with a stack shown, and signed out with a
    /// pending link (a refused link is refused before any guard is looked at).
    func navigators() throws -> [Navigator] {
        var signedIn = Navigator(graph: graph)
        try signedIn.grant("signed-in")
        try signedIn.open("wayfinder://main/search/post/3?q=swift")
        try signedIn.push(Route("person", ["id": .int(7)]))
        var signedOut = Navigator(graph: graph)
        #expect(try signedOut.open("wayfinder://main/feed/post/7") == .deferred(pending: "wayfinder://main/feed/post/7", guardName: "signed-in"))
        return [signedIn, signedOut]
    }

    @Test(arguments: linkCases)
    func badDeepLinkIsRefusedAndChangesNothing(_ bad: LinkCase) throws {
        let error: DeepLinkError
        do {
            let resolved = try graph.resolve(bad.link)
            Issue.record("resolved to \(resolved.url)")
            return
        } catch let caught {
            error = caught
        }
        #expect(error.code == bad.code)
        #expect(error.segment == bad.segment)
        #expect(bad.message.matches(error.message), "message \"\(error.message)\", expected \(bad.message)")
        // The same bytes give the same error.
        #expect(throws: error) { try graph.resolve(utf8: Array(bad.link.utf8)) }

        for var navigator in try navigators() {
            let state = navigator.state
            let url = navigator.url
            let undoCount = navigator.undoCount
            do {
                try navigator.open(bad.link)
                Issue.record("opened \(bad.link)")
            } catch {
                #expect(error.code == .invalidLink)
                #expect(error.deepLinkError?.code == bad.code)
                #expect(error.deepLinkError?.segment == bad.segment)
                #expect(error.message == error.deepLinkError?.message)
                #expect(bad.message.matches(error.message), "message \"\(error.message)\", expected \(bad.message)")
            }
            #expect(navigator.state == state)
            #expect(navigator.url == url)
            #expect(navigator.undoCount == undoCount)
        }
    }

    struct ByteCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }
    }

    static let byteCases: [ByteCase] = [
        ByteCase(name: "0xFF in the query", bytes: Array("wayfinder://main/search?q=".utf8) + [0xFF],
                 message: "'\\xFF' at byte 27 is not valid UTF-8"),
        ByteCase(name: "overlong 0xC0 0xAF in the path", bytes: Array("wayfinder://main/feed/".utf8) + [0xC0, 0xAF],
                 message: "'\\xC0' at byte 23 is not valid UTF-8"),
        ByteCase(name: "surrogate 0xED 0xA0 0x80 in the query", bytes: Array("wayfinder://main/search?q=a".utf8) + [0xED, 0xA0, 0x80],
                 message: "'\\xED' at byte 28 is not valid UTF-8"),
        ByteCase(name: "truncated 0xC3 at the end", bytes: Array("wayfinder://main/search?q=caf".utf8) + [0xC3],
                 message: "'\\xC3' at byte 30 is not valid UTF-8"),
        ByteCase(name: "lone continuation byte in the host", bytes: Array("wayfinder://ma".utf8) + [0x80] + Array("in/feed".utf8),
                 message: "'\\x80' at byte 15 is not valid UTF-8"),
        ByteCase(name: "0xFF before the scheme", bytes: [0xFF] + Array("wayfinder://main/feed".utf8),
                 message: "'\\xFF' at byte 1 is not valid UTF-8"),
    ]

    @Test(arguments: byteCases)
    func invalidUTF8BytesAreRefusedNotRepaired(_ bad: ByteCase) {
        do {
            let resolved = try graph.resolve(utf8: bad.bytes)
            Issue.record("resolved to \(resolved.url)")
        } catch {
            #expect(error.code == .badEncoding)
            #expect(error.segment == nil)
            #expect(error.message == bad.message)
            #expect(error.message.contains("not valid UTF-8"))
        }
    }

    /// Positive control: leading zeros are accepted and printed away.
    @Test func leadingZerosAreAccepted() throws {
        let link = "wayfinder://main/feed/post/00000000000000000042"
        let resolved = try graph.resolve(link)
        #expect(resolved.stack == [Route("feed"), Route("post", ["id": .int(42)])])
        #expect(resolved.url == "wayfinder://main/feed/post/42")
        var navigator = Navigator(graph: graph)
        try navigator.grant("signed-in")
        #expect(try navigator.open(link) == .applied)
        #expect(navigator.url == "wayfinder://main/feed/post/42")
        #expect(navigator.state.activeStack?.top == Route("post", ["id": .int(42)]))
    }
}
