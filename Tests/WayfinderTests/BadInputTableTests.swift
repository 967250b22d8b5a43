import Foundation
import Testing
import Wayfinder

/// Bad input, one table per kind: deep links (against the sample app's `Routes/app.routes`),
/// `.routes` files, and saved navigation states. Every case names the exact error (code and
/// message) and checks that nothing changed: a refused link leaves the navigator's state,
/// link and history as they were; a refused table produces no graph; a refused state leaves
/// the navigator as it was (strict `restore`) or gives the nearest valid state with the
/// problems said (`restoreNearest`).
@Suite struct BadInputTableTests {
    /// The sample app's table, read from `Routes/app.routes` beside this package.
    static let app: RouteGraph = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Routes/app.routes")
        do {
            return try RouteGraph(parsing: String(contentsOf: file, encoding: .utf8), file: "app.routes")
        } catch {
            preconditionFailure("Routes/app.routes does not parse: \(error)")
        }
    }()

    var graph: RouteGraph { Self.app }

    // MARK: - Deep links

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
        LinkCase("edge not allowed deep in the link", "wayfinder://main/feed/post/1/comments/user/2/post/3/compose",
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
        LinkCase("int type mismatch deeper", "wayfinder://main/feed/post/1/user/me", .typeMismatch, segment: 5,
                 .exact("segment 5 'me': 'id' of screen 'user' must be an int")),
        LinkCase("encoded slash inside an int", "wayfinder://main/feed/post/1%2F2", .typeMismatch, segment: 3,
                 .exact("segment 3 '1%2F2': 'id' of screen 'post' must be an int")),
        LinkCase("int out of range", "wayfinder://main/feed/post/9223372036854775808", .typeMismatch, segment: 3,
                 .exact("segment 3 '9223372036854775808': 'id' of screen 'post' is out of range for int (-9223372036854775808 to 9223372036854775807)")),
        LinkCase("negative int out of range", "wayfinder://main/feed/post/-9223372036854775809", .typeMismatch, segment: 3,
                 .contains("is out of range for int")),
        LinkCase("link ending inside a pattern", "wayfinder://main/feed/post", .incomplete, segment: 2,
                 .exact("segment 2 'post': the link ends inside screen 'post' (post/{id:int}): 'id' (int) is missing")),
        LinkCase("link ending inside a deeper pattern", "wayfinder://main/feed/post/1/user", .incomplete, segment: 4,
                 .exact("segment 4 'user': the link ends inside screen 'user' (user/{id:int}): 'id' (int) is missing")),
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
        try signedIn.push(Route("user", ["id": .int(7)]))
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

    // MARK: - .routes files

    struct RoutesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        /// `file:line:column: message` of the first diagnostic.
        let first: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ first: String) {
            self.name = name
            self.text = text
            self.first = first
        }
    }

    /// Lines 1–3 of most cases: a scheme, a flow and its root.
    static let header = "scheme x\nflow app\nscreen home app root\n"

    static let routesCases: [RoutesCase] = [
        RoutesCase("missing scheme", "flow app\nscreen home app root",
                   "t.routes:1:1: missing 'scheme' line, such as 'scheme wayfinder'"),
        RoutesCase("scheme declared twice", "scheme x\nscheme y\nflow app\nscreen home app root",
                   "t.routes:2:1: scheme declared twice (first at t.routes:1:8)"),
        RoutesCase("no flows", "scheme x",
                   "t.routes:1:1: no flows declared; add at least one 'flow NAME' line"),
        RoutesCase("duplicate flow", "scheme x\nflow app\nflow app\nscreen home app root",
                   "t.routes:3:6: duplicate flow 'app' (first declared at t.routes:2:6)"),
        RoutesCase("duplicate screen", header + "screen home app push h after home",
                   "t.routes:4:8: duplicate screen 'home' (first declared at t.routes:3:8)"),
        RoutesCase("duplicate tab", "scheme x\nflow app tabs a b a\nscreen ra app.a root\nscreen rb app.b root",
                   "t.routes:2:19: duplicate tab 'a' in flow 'app'"),
        RoutesCase("duplicate guard", "scheme x\nguard g else app\nguard g else app\nflow app\nscreen home app root",
                   "t.routes:3:7: duplicate guard 'g' (first declared at t.routes:2:7)"),
        RoutesCase("unknown flow (did you mean)", header + "screen r ap root",
                   "t.routes:4:10: unknown flow 'ap'; did you mean 'app'?"),
        RoutesCase("flow without a root", "scheme x\nflow app\nflow other\nscreen home app root",
                   "t.routes:3:6: flow 'other' has no root screen; add 'screen NAME other root'"),
        RoutesCase("flow name not lower case", "scheme x\nflow app\nflow Other\nscreen home app root",
                   "t.routes:3:6: flow name 'Other' must be lower case: it is the link's host, which is compared case-insensitively"),
        RoutesCase("unknown guard (did you mean)",
                   "scheme x\nguard signed-in else app\nflow app\nflow main guard signed-on\nscreen home app root\nscreen m main root",
                   "t.routes:4:17: unknown guard 'signed-on'; declare it with 'guard signed-on else FLOW'; did you mean 'signed-in'?"),
        RoutesCase("unknown fallback flow of a guard", "scheme x\nguard g else nowhere\nflow app\nscreen home app root",
                   "t.routes:2:14: unknown flow 'nowhere' as the fallback of guard 'g'"),
        RoutesCase("guarded fallback flow",
                   "scheme x\nguard g else app\nflow open\nflow app guard g\nscreen o open root\nscreen home app root",
                   "t.routes:2:14: guard 'g' falls back to flow 'app', which is itself guarded; the fallback must be open to everyone"),
        RoutesCase("guarded first flow",
                   "scheme x\nguard g else app\nflow main guard g\nflow app\nscreen m main root\nscreen home app root",
                   "t.routes:3:6: the first flow, 'main', is where the app starts and cannot be guarded; declare an open flow first"),
        RoutesCase("root with a pattern", "scheme x\nflow app\nscreen home app root home",
                   "t.routes:3:22: root screen 'home' takes no pattern: its URL is the flow name"),
        RoutesCase("push without a pattern", header + "screen a app push after home",
                   "t.routes:4:8: push screen 'a' needs a URL pattern, such as 'a' or 'a/{id:int}'"),
        RoutesCase("push without after", header + "screen a app push a",
                   "t.routes:4:8: push screen 'a' needs 'after SCREEN...' naming the screens it may follow"),
        RoutesCase("unknown predecessor (did you mean)", header + "screen a app push a after hom",
                   "t.routes:4:27: unknown predecessor 'hom' of screen 'a'; did you mean 'home'?"),
        RoutesCase("cross-flow predecessor",
                   "scheme x\nflow app\nflow other\nscreen home app root\nscreen o other root\nscreen a other push a after o home",
                   "t.routes:6:31: predecessor 'home' belongs to flow 'app', but 'a' belongs to 'other'; links cannot cross flows"),
        RoutesCase("following a sheet", header + "screen s app sheet s after home\nscreen b app push b after home s",
                   "t.routes:5:32: 's' is a sheet; nothing can follow a sheet or alert"),
        RoutesCase("following an alert", header + "screen s app alert s after home\nscreen b app push b after home s",
                   "t.routes:5:32: 's' is an alert; nothing can follow a sheet or alert"),
        RoutesCase("ambiguous same-shape patterns", header + "screen a app push {x:int} after home\nscreen b app push {y:int} after home",
                   "t.routes:5:19: ambiguous pattern '{y:int}': after 'home' it matches the same links as screen 'a' (at t.routes:4:8)"),
        RoutesCase("unreachable screens", header + "screen a app push a after b\nscreen b app push b after a",
                   "t.routes:4:8: screen 'a' cannot be reached from any root: its predecessors only lead back to each other"),
        RoutesCase("query key duplicated in a flow",
                   header + "screen a app push a after home query k:int\nscreen b app push b after home query k:int",
                   "t.routes:5:38: query parameter 'k' is declared also by screen 'a' at t.routes:4:8; query keys must be unique within flow 'app'"),
        RoutesCase("required query on a root", "scheme x\nflow app\nscreen home app root query q:string",
                   "t.routes:3:28: query parameter 'q' of root screen 'home' must be optional (write 'q:string?'): a root is shown without a link"),
        RoutesCase("query screen that follows itself",
                   "scheme x\nflow f\nscreen home f root\nscreen find f push find after home find query term:string",
                   "t.routes:4:8: screen 'find' declares query parameters and can appear twice in one stack (it can follow itself through its successors): its query keys would repeat in a link; move the query to a screen that cannot repeat"),
        RoutesCase("query screen on a longer cycle",
                   "scheme x\nflow f\nscreen home f root\nscreen find f push find after home item query term:string?\nscreen item f push item/{n:int} after find",
                   "t.routes:4:8: screen 'find' declares query parameters and can appear twice in one stack (it can follow itself through its successors): its query keys would repeat in a link; move the query to a screen that cannot repeat"),
        RoutesCase("digit literal beside an int parameter",
                   "scheme x\nflow f\nscreen root f root\nscreen seven f push item/7 after root\nscreen item f push item/{n:int} after root",
                   "t.routes:5:8: after 'root', 'item/7' (screen 'seven') and 'item/{n:int}' (screen 'item') compete for the same segments, and one's literal reads as the other's int, double or uuid value, which has other spellings; write the literal as a word"),
        RoutesCase("unknown keyword", header + "route a app push a after home",
                   "t.routes:4:1: unknown directive 'route'; expected scheme, web, guard, flow or screen"),
        RoutesCase("unknown screen kind", header + "screen a app sideways a after home",
                   "t.routes:4:14: unknown screen kind 'sideways'; expected root, push, sheet or alert"),
        RoutesCase("bad parameter type {x:float}", header + "screen a app push a/{x:float} after home",
                   "t.routes:4:21: unknown parameter type 'float'; expected int, string, uuid, bool, double, rest, or two or more words separated by '|' (new|top|hot)"),
        RoutesCase("unclosed brace", header + "screen a app push a/{id after home",
                   "t.routes:4:21: unclosed parameter '{id'; write it as {name:type}"),
    ]

    @Test(arguments: routesCases)
    func badRoutesFileIsRefusedAtItsPlace(_ bad: RoutesCase) {
        do {
            let graph = try RouteGraph(parsing: bad.text, file: "t.routes")
            Issue.record("parsed: \(graph.screens.count) screens")
        } catch {
            #expect(!error.diagnostics.isEmpty)
            #expect(error.diagnostics.first?.description == bad.first, "all: \(error.diagnostics.map(\.description))")
            #expect(error.diagnostics.first?.location.file == "t.routes")
            #expect(error.description.hasPrefix(bad.first))
        }
    }

    // MARK: - State files

    /// The state the cases spoil, signed in: main.feed shows feed ▸ post 1 ▸ comments (ids 2,
    /// 3), main.search shows search("swift") ▸ post 3 (id 0), main.me has the compose sheet
    /// (id 1); the other flows are at their roots.
    static func baseNavigator() throws -> Navigator {
        var navigator = Navigator(graph: app)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/search/post/3?q=swift")
        try navigator.open("wayfinder://main/me/compose")
        try navigator.open("wayfinder://main/feed/post/1/comments")
        return navigator
    }

    static let baseURL = "wayfinder://main/feed/post/1/comments"

    /// The base state as a state file holds it.
    static func baseJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(baseNavigator().state)
    }

    /// How a case spoils the file.
    enum Edit: Sendable {
        /// Sets the value at a path (object keys, or array indices) to a JSON text.
        case set([String], String)
        /// Removes the value at a path.
        case remove([String])
        /// Edits the file's text.
        case text(@Sendable (String) -> String)
        /// Edits the decoded state (then encoded again).
        case state(@Sendable (inout NavigationState) -> Void)
    }

    enum Outcome: Sendable {
        /// JSONDecoder refuses the file.
        case undecodable
        /// The file decodes; `restore` refuses it with the first of `problems`, and
        /// `restoreNearest` says exactly `problems` and shows `nearestURL`.
        case refused(problems: [String], nearestURL: String)
    }

    struct StateCase: Sendable, CustomTestStringConvertible {
        let name: String
        let edit: Edit
        let outcome: Outcome
        /// More checks of the nearest state.
        let nearest: (@Sendable (inout Navigator) throws -> Void)?
        var testDescription: String { name }

        init(_ name: String, _ edit: Edit, _ outcome: Outcome, nearest: (@Sendable (inout Navigator) throws -> Void)? = nil) {
            self.name = name
            self.edit = edit
            self.outcome = outcome
            self.nearest = nearest
        }

        func data() throws -> Data {
            let base = try BadInputTableTests.baseJSON()
            switch edit {
            case .set(let path, let json):
                let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
                let tree = try JSONSerialization.jsonObject(with: base)
                return try JSONSerialization.data(withJSONObject: Self.setting(tree, path[...], value), options: .sortedKeys)
            case .remove(let path):
                let tree = try JSONSerialization.jsonObject(with: base)
                return try JSONSerialization.data(withJSONObject: Self.setting(tree, path[...], nil), options: .sortedKeys)
            case .text(let change):
                return Data(change(String(decoding: base, as: UTF8.self)).utf8)
            case .state(let change):
                var state = try JSONDecoder().decode(NavigationState.self, from: base)
                change(&state)
                return try JSONEncoder().encode(state)
            }
        }

        /// `node` with the value at `path` replaced by `value` (removed when `nil`).
        static func setting(_ node: Any, _ path: ArraySlice<String>, _ value: Any?) -> Any {
            guard let key = path.first else { return value ?? NSNull() }
            if var array = node as? [Any], let index = Int(key) {
                if path.count == 1, value == nil {
                    array.remove(at: index)
                } else {
                    array[index] = setting(array[index], path.dropFirst(), value)
                }
                return array
            }
            var object = node as? [String: Any] ?? [:]
            if path.count == 1 {
                object[key] = value
            } else {
                object[key] = setting(object[key] ?? [String: Any](), path.dropFirst(), value)
            }
            return object
        }
    }

    static let feed = ["flows", "main", "stacks", "feed"]
    static let feedPost = feed + ["path", "0"]
    static let uuidText = "0f0e0d0c-0b0a-0908-0706-050403020100"
    static let renumbered = "1 stack element id was out of range (0 to 9007199254740991) or repeated, and renumbered"

    /// The nearest state keeps working: pushing after it neither traps nor repeats an id.
    @Sendable static func pushesAfterwards(_ navigator: inout Navigator) throws {
        try navigator.push(Route("user", ["id": .int(5)]))
        try navigator.push(Route("post", ["id": .int(6)]))
        #expect(navigator.url == baseURL + "/user/5/post/6")
        var ids: [Int] = []
        for flow in navigator.state.flows.values {
            for stack in flow.stacks.values {
                ids += stack.path.map(\.id.rawValue) + (stack.presentation.map { [$0.id.rawValue] } ?? [])
            }
        }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.allSatisfy { (0...StackID.maximum).contains($0) }, "\(ids)")
    }

    /// A feed stack `count` pushes deep (post, user, post, …): two segments a push.
    static func deepFeed(_ count: Int) -> @Sendable (inout NavigationState) -> Void {
        { state in
            var stack = RouteStack(root: Route("feed"))
            for index in 0..<count {
                stack.push(Route(index % 2 == 0 ? "post" : "user", ["id": .int(index)]), id: StackID(100 + index))
            }
            state.flows["main"]?.stacks["feed"] = stack
        }
    }

    static let stateCases: [StateCase] = [
        // The graph's names
        StateCase("unknown flow", .set(["flows", "bogus"], #"{"stacks":{"":{"path":[],"root":{"parameters":{},"screen":"signIn"}}}}"#),
                  .refused(problems: ["unknown flow 'bogus'"], nearestURL: baseURL)),
        StateCase("unknown active flow", .set(["activeFlow"], #""bogus""#),
                  .refused(problems: ["unknown active flow 'bogus'"], nearestURL: "wayfinder://login")),
        StateCase("unknown selected tab", .set(["flows", "main", "selectedTab"], #""home""#),
                  .refused(problems: ["flow 'main' selects unknown tab 'home'"], nearestURL: baseURL)),
        StateCase("stack for an unknown tab",
                  .set(["flows", "main", "stacks", "home"], #"{"path":[],"root":{"parameters":{},"screen":"feed"}}"#),
                  .refused(problems: ["flow 'main' has a stack for unknown tab 'home'"], nearestURL: baseURL)),
        StateCase("tab selected in a flow without tabs", .set(["flows", "login", "selectedTab"], #""x""#),
                  .refused(problems: ["flow 'login' has no tabs but selects one"], nearestURL: baseURL)),
        StateCase("flow missing", .remove(["flows", "login"]),
                  .refused(problems: ["flow 'login' is missing"], nearestURL: baseURL)),
        StateCase("tab's stack missing", .remove(["flows", "main", "stacks", "me"]),
                  .refused(problems: ["main.me has no stack"], nearestURL: baseURL)),
        StateCase("unknown screen", .set(feedPost + ["route", "screen"], #""bogus""#),
                  .refused(problems: ["main.feed: unknown screen 'bogus'"], nearestURL: "wayfinder://main/feed")),
        // The stack is cut before the first element that does not fit: the valid post below stays.
        StateCase("unknown screen above a valid one", .set(feed + ["path", "1", "route", "screen"], #""bogus""#),
                  .refused(problems: ["main.feed: unknown screen 'bogus'"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("missing parameter above a valid screen", .set(feed + ["path", "1", "route"], #"{"parameters":{},"screen":"user"}"#),
                  .refused(problems: ["main.feed: 'user' needs parameter 'id'"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("sheet pushed above a valid screen", .set(feed + ["path", "1", "route"], #"{"parameters":{},"screen":"compose"}"#),
                  .refused(problems: ["main.feed: 'compose' is a sheet screen, not a push screen; use present"], nearestURL: "wayfinder://main/feed/post/1")),
        StateCase("wrong root", .set(feed + ["root", "screen"], #""search""#),
                  .refused(problems: ["main.feed: does not start at its root screen 'feed'"], nearestURL: "wayfinder://main/feed")),
        StateCase("edge not allowed", .set(feedPost + ["route"], #"{"parameters":{},"screen":"comments"}"#),
                  .refused(problems: ["main.feed: 'comments' cannot follow 'feed'; it may follow post"], nearestURL: "wayfinder://main/feed")),
        StateCase("screen of another flow", .set(feedPost + ["route"], #"{"parameters":{},"screen":"register"}"#),
                  .refused(problems: ["main.feed: 'register' belongs to flow 'login', not the active flow 'main'"], nearestURL: "wayfinder://main/feed")),
        // Parameters
        StateCase("wrong parameter type (string for int)", .set(feedPost + ["route", "parameters", "id"], #""1""#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (uuid for int)", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":"\#(uuidText)"}"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (bool for int)", .set(feedPost + ["route", "parameters", "id"], "true"),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (double for int)", .set(feedPost + ["route", "parameters", "id"], #"{"double":1}"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("wrong parameter type (rest for int)", .set(feedPost + ["route", "parameters", "id"], #"["1"]"#),
                  .refused(problems: ["main.feed: 'id' of 'post' must be an int"], nearestURL: "wayfinder://main/feed")),
        StateCase("missing parameter", .remove(feedPost + ["route", "parameters", "id"]),
                  .refused(problems: ["main.feed: 'post' needs parameter 'id'"], nearestURL: "wayfinder://main/feed")),
        StateCase("extra parameter", .set(feedPost + ["route", "parameters", "x"], "1"),
                  .refused(problems: ["main.feed: 'post' has no parameter 'x'"], nearestURL: "wayfinder://main/feed")),
        StateCase("empty string value on a root", .set(["flows", "main", "stacks", "search", "root", "parameters", "q"], #""""#),
                  .refused(problems: ["main.search: 'q' of 'search' must be 1 to 256 bytes without control characters"], nearestURL: baseURL),
                  nearest: { navigator in
                      #expect(navigator.state.flows["main"]?.stacks["search"] == RouteStack(root: Route("search")))
                  }),
        StateCase("control character in a string value", .set(["flows", "main", "stacks", "search", "root", "parameters", "q"], #""a\u001Bb""#),
                  .refused(problems: ["main.search: 'q' of 'search' must be 1 to 256 bytes without control characters"], nearestURL: baseURL)),
        // Presentations
        StateCase("push screen presented as a sheet",
                  .set(feed + ["presentation"], #"{"id":{"rawValue":9},"route":{"parameters":{"id":7},"screen":"user"},"style":"sheet"}"#),
                  .refused(problems: ["main.feed: 'user' is not presented as sheet"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.presentation == nil) }),
        StateCase("sheet presented as an alert", .set(["flows", "main", "stacks", "me", "presentation", "style"], #""alert""#),
                  .refused(problems: ["main.me: 'compose' is not presented as alert"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.flows["main"]?.stacks["me"]?.presentation == nil) }),
        StateCase("presentation over a cut stack",
                  .set(feed + ["presentation"], #"{"id":{"rawValue":9},"route":{"parameters":{},"screen":"compose"},"style":"sheet"}"#),
                  .refused(problems: ["main.feed: 'compose' cannot follow 'comments'; it may follow feed, me"], nearestURL: baseURL)),
        // Guards and the pending link
        StateCase("guarded active flow without its guard", .set(["grantedGuards"], "[]"),
                  .refused(problems: ["active flow 'main' needs guard 'signed-in'"], nearestURL: "wayfinder://login")),
        StateCase("unknown guard", .set(["grantedGuards"], #"["signed-in","admin"]"#),
                  .refused(problems: ["unknown guard 'admin'"], nearestURL: baseURL)),
        StateCase("pending link that does not resolve", .set(["pending"], #""wayfinder://main/feed/post/abc""#),
                  .refused(problems: ["pending link: segment 3 'abc': 'id' of screen 'post' must be an int"], nearestURL: baseURL),
                  nearest: { navigator in #expect(navigator.state.pending == nil) }),
        // Ids
        StateCase("element id Int.max", .set(feedPost + ["id", "rawValue"], "9223372036854775807"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("element id 2^53", .set(feedPost + ["id", "rawValue"], "9007199254740992"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("element id -1", .set(feedPost + ["id", "rawValue"], "-1"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("duplicated ids in one stack", .set(feedPost + ["id", "rawValue"], "3"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("duplicated ids across stacks", .set(["flows", "main", "stacks", "search", "path", "0", "id", "rawValue"], "2"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        StateCase("presentation id repeating an element's", .set(["flows", "main", "stacks", "me", "presentation", "id", "rawValue"], "3"),
                  .refused(problems: [renumbered], nearestURL: baseURL), nearest: pushesAfterwards),
        // Deeper than the link limits
        StateCase("16 pushes (33 segments)", .state(deepFeed(16)),
                  .refused(problems: ["main.feed: refused: main.feed would no longer fit in a link (link has 33 path segments; the limit is 32)"],
                           nearestURL: deepURL(15)),
                  nearest: { navigator in #expect(navigator.state.activeStack?.path.count == 15) }),
        StateCase("17 pushes (35 segments)", .state(deepFeed(17)),
                  .refused(problems: ["main.feed: refused: main.feed would no longer fit in a link (link has 33 path segments; the limit is 32)"],
                           nearestURL: deepURL(15)),
                  nearest: { navigator in #expect(navigator.state.activeStack?.path.count == 15) }),
        // Files JSONDecoder refuses
        StateCase("id not an object", .set(feedPost + ["id"], "2"), .undecodable),
        StateCase("id a string", .set(feedPost + ["id", "rawValue"], #""2""#), .undecodable),
        StateCase("activeFlow missing", .remove(["activeFlow"]), .undecodable),
        StateCase("flows an array", .set(["flows"], "[]"), .undecodable),
        StateCase("uuid object that is no uuid", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":"nope"}"#), .undecodable),
        StateCase("uuid object holding a number", .set(feedPost + ["route", "parameters", "id"], #"{"uuid":5}"#), .undecodable),
        StateCase("double object that is no number", .set(feedPost + ["route", "parameters", "id"], #"{"double":"1.5"}"#), .undecodable),
        StateCase("object of no known type", .set(feedPost + ["route", "parameters", "id"], #"{"date":"2026-11-25"}"#), .undecodable),
        StateCase("array holding a number", .set(feedPost + ["route", "parameters", "id"], "[1]"), .undecodable),
        StateCase("value 1.5", .set(feedPost + ["route", "parameters", "id"], "1.5"), .undecodable),
        StateCase("value null", .set(feedPost + ["route", "parameters", "id"], "null"), .undecodable),
        StateCase("value past Int's range", .text { $0.replacingOccurrences(of: #"{"id":1}"#, with: #"{"id":9223372036854775808}"#) }, .undecodable),
        StateCase("unknown presentation style", .set(["flows", "main", "stacks", "me", "presentation", "style"], #""modal""#), .undecodable),
        StateCase("truncated file", .text { String($0.prefix($0.count / 2)) }, .undecodable),
    ]

    /// The canonical link of the feed stack of ``deepFeed(_:)`` cut to `count` pushes.
    static func deepURL(_ count: Int) -> String {
        "wayfinder://main/feed" + (0..<count).map { "/\($0 % 2 == 0 ? "post" : "user")/\($0)" }.joined()
    }

    @Test(arguments: stateCases)
    func badStateFileIsRefusedOrRestoredToTheNearestState(_ bad: StateCase) throws {
        let data = try bad.data()
        let decoded = Result { try JSONDecoder().decode(NavigationState.self, from: data) }
        guard case .refused(let problems, let nearestURL) = bad.outcome else {
            #expect(throws: DecodingError.self) { try decoded.get() }
            return
        }
        let snapshot = try decoded.get()
        #expect(snapshot != (try Self.baseNavigator().state), "the edit changed nothing")

        // Strict: refused with the first problem, nothing changed.
        var strict = Navigator(graph: graph)
        try strict.grant("signed-in")
        try strict.open("wayfinder://login")
        try strict.push(Route("register"))
        let undoCount = strict.undoCount
        let before = strict.state
        let url = strict.url
        #expect(strict.problems(in: snapshot) == problems)
        do {
            try strict.restore(snapshot)
            Issue.record("restored")
        } catch {
            #expect(error.code == .invalidState)
            #expect(error.message == problems.first)
        }
        #expect(strict.state == before)
        #expect(strict.url == url)
        #expect(strict.undoCount == undoCount)

        // Nearest: the problems said, and a state that fits.
        var nearest = Navigator(graph: graph)
        #expect(nearest.restoreNearest(to: snapshot) == problems)
        #expect(nearest.url == nearestURL)
        #expect(nearest.problems(in: nearest.state).isEmpty)
        #expect(try graph.resolve(nearest.url).stack == nearest.state.activeStack?.routes)
        try bad.nearest?(&nearest)
    }

    /// Positive controls: the base state restores as it is; a string that looks like a
    /// UUID stays a string through a state file; a uuid value is saved as `{"uuid": …}`.
    @Test func wellFormedStatesAndValuesRoundTrip() throws {
        let base = try JSONDecoder().decode(NavigationState.self, from: Self.baseJSON())
        #expect(base == (try Self.baseNavigator().state))
        var restored = Navigator(graph: graph)
        try restored.restore(base)
        #expect(restored.url == Self.baseURL)

        var navigator = Navigator(graph: graph)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/search?q=\(Self.uuidText)")
        #expect(navigator.state.activeStack?.root["q"] == .string(Self.uuidText))
        let data = try JSONEncoder().encode(navigator.state)
        #expect(String(decoding: data, as: UTF8.self).contains(#""q":"\#(Self.uuidText)""#))
        let saved = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(saved == navigator.state)
        #expect(saved.activeStack?.root["q"] == .string(Self.uuidText))
        var back = Navigator(graph: graph)
        try back.restore(saved)
        #expect(back.url == "wayfinder://main/search?q=\(Self.uuidText)")

        let uuid = ParameterValue.uuid(try #require(UUIDValue(Self.uuidText.uppercased())))
        let json = String(decoding: try JSONEncoder().encode(uuid), as: UTF8.self)
        #expect(json == #"{"uuid":"\#(Self.uuidText)"}"#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(json.utf8)) == uuid)
        let string = ParameterValue.string(Self.uuidText)
        let stringJSON = String(decoding: try JSONEncoder().encode(string), as: UTF8.self)
        #expect(stringJSON == #""\#(Self.uuidText)""#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(stringJSON.utf8)) == string)
    }

    @Test func theTablesAreAsLargeAsPromised() {
        #expect(Self.linkCases.count + Self.byteCases.count >= 30)
        #expect(Self.routesCases.count >= 15)
        #expect(Self.stateCases.count >= 15)
    }
}
