import WayfinderSystem

/// Why a deep link was rejected. Carries the offending part and, for path problems,
/// the 1-based segment index (the tab counts as a segment; the flow, being the host, does
/// not, except in a web link, whose path starts with the flow: there it is segment 1).
///
/// ```swift
/// do { _ = try graph.resolve("wayfinder://main/feed/post/abc") }
/// catch { print(error) } // segment 3 'abc': 'id' of screen 'post' must be an int
/// ```
/// Creating one allocates nothing: the message is composed when it is read.
public struct DeepLinkError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added; compare with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as JSON output spells it: `unknownScreen`.
        public let description: String
        init(_ description: String) { self.description = description }

        /// Longer than 2,048 bytes, more than 32 segments, or a value over 256 bytes.
        public static let limitExceeded = Code("limitExceeded")
        /// Not of the form `scheme://flow/…`, or a scheme other than the graph's.
        public static let badScheme = Code("badScheme")
        /// A web link to an origin the table does not declare (see ``RouteGraph/webOrigins``).
        public static let unknownOrigin = Code("unknownOrigin")
        /// A user, port or fragment part, or an unencoded space or control character.
        public static let malformed = Code("malformed")
        /// The host names no flow.
        public static let unknownFlow = Code("unknownFlow")
        /// The first segment of a tabbed flow names no tab.
        public static let unknownTab = Code("unknownTab")
        /// A segment names no screen that could appear there.
        public static let unknownScreen = Code("unknownScreen")
        /// The link ends inside a screen's pattern: its last segments are missing.
        public static let incomplete = Code("incomplete")
        /// A screen that exists but may not follow the one before it.
        public static let edgeNotAllowed = Code("edgeNotAllowed")
        /// A parameter whose text does not convert to its declared type.
        public static let typeMismatch = Code("typeMismatch")
        /// An empty segment between two slashes.
        public static let emptySegment = Code("emptySegment")
        /// A `.` or `..` path segment, raw or percent-encoded (`%2E`), which URL parsers remove.
        public static let dotSegment = Code("dotSegment")
        /// An invalid escape, invalid UTF-8, or a control character after decoding.
        public static let badEncoding = Code("badEncoding")
        /// An undeclared, repeated, malformed or missing query parameter.
        public static let badQuery = Code("badQuery")
        /// A link from outside the app through a screen only in-app navigation opens
        /// (``RouteGraph/EntryTier/internal``).
        public static let internalScreen = Code("internalScreen")
    }

    /// What kind of problem this is.
    public var code: Code { problem.kind.code }
    /// The 1-based path segment at fault, when the problem is in the path (counted as above).
    public var segment: Int? { problem.segment }
    /// The link as given: a `String` (kept, so that refusing one allocates nothing), or bytes.
    enum Source: Sendable {
        case text(String)
        case bytes([UInt8])

        var bytes: [UInt8] {
            switch self {
            case .text(let text): Array(text.utf8)
            case .bytes(let bytes): bytes
            }
        }
    }

    let problem: DeepLinkError.Problem
    let source: Source
    /// The graph that refused the link: it names the screens, flows and parameters of `problem`.
    let graph: RouteGraph
    /// The link's bytes as they were given (possibly not UTF-8).
    var bytes: [UInt8] { source.bytes }
    var range: Range<Int>? { problem.range }

    /// The link as given, fit to show: controls escaped as `\u{…}`, bytes not UTF-8 as `\xFF`.
    public var link: String { String(displaying: bytes) }

    /// The offending part as it appeared in the link, escaped as ``link`` is.
    public var part: String? {
        guard let range else { return nil }
        let bytes = self.bytes
        let clamped = max(0, range.lowerBound)..<min(bytes.count, max(0, range.upperBound))
        return String(displaying: bytes[clamped])
    }

    /// A full sentence naming the offending part.
    public var message: String {
        let quoted = "'\(part ?? "")'"
        let at = segment.map { "segment \($0) \(quoted)" } ?? quoted
        return linkMessage(quoted: quoted, at: at) ?? pathMessage(quoted: quoted, at: at)
    }

    /// The screen's name; for the copy of a screen that reads an alias (`post~1`, which a
    /// table's names never hold), the screen's own.
    private func screenName(_ screen: Int32) -> String {
        let name = graph.screens[Int(screen)].name
        return name.firstIndex(of: "~").map { String(name[..<$0]) } ?? name
    }

    private var declaredOrigins: String { graph.webOrigins.map(\.description).joined(separator: ", ") }

    /// The message for a problem with the link's form, scheme, origin, host, bytes or length.
    private func linkMessage(quoted: String, at: String) -> String? {
        switch problem.kind {
        case .tooLong(let count): "link is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
        case .canonicalTooLong(let count):
            "link's canonical form (percent-encoded) is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
        case .webFormTooLong(let count):
            "link's canonical web form (\(graph.webOrigins.first?.description ?? "")/…) is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength), for the web form too"
        case .tooManySegments(let count): "link has \(count) path segments; the limit is \(RouteGraph.maximumSegments)"
        case .valueTooLong: "\(at) is longer than \(RouteGraph.maximumValueLength) bytes once decoded"
        case .noScheme: "'\(link)' is not a link: expected SCHEME://FLOW/…"
        case .wrongScheme: "unknown scheme \(quoted); expected '\(graph.scheme)://'"
        case .unknownOrigin: "web link to \(quoted), an origin this table does not answer (it answers \(declaredOrigins))"
        case .webPort: "web link on port \(quoted), which no origin of this table uses (it answers \(declaredOrigins))"
        case .webDefaultPort(let port):
            "web link to \(quoted) on its scheme's default port (\(port)), which no origin of this table uses (it answers \(declaredOrigins))"
        case .webUserInfo: "web link with a user part in \(quoted): web links may not carry a user name or password"
        case .userOrPort: "\(quoted): a user name or port is not allowed in a link's host"
        case .fragment: "\(quoted): fragments ('#…') are not supported"
        case .unencodedByte: "\(quoted): spaces and control characters must be percent-encoded"
        case .missingFlow: "link names no flow: expected SCHEME://FLOW/…"
        case .webMissingFlow: "web link names no flow: expected \(part ?? "")/FLOW/…"
        case .unknownFlow:
            segment == nil ? "unknown flow \(quoted)" : "\(at) names no flow"
        case .badEscape: "\(at) has an invalid percent escape"
        case .invalidUTF8: "\(at) is not valid UTF-8 once decoded"
        case .rawInvalidUTF8: "\(quoted) at byte \(range.map { $0.lowerBound + 1 } ?? 0) is not valid UTF-8"
        case .controlCharacter: "\(at) holds a control character once decoded"
        default: nil
        }
    }

    /// The message for a problem with the path or the query.
    private func pathMessage(quoted: String, at: String) -> String {
        switch problem.kind {
        case .unknownTab(let flow): "\(at) is not a tab of flow '\(graph.flows[Int(flow)].name)'"
        case .unknownScreen(let after): "\(at) names no screen that can follow '\(screenName(after))'"
        case .edgeNotAllowed(let screen, let after): "\(at): screen '\(screenName(screen))' cannot follow '\(screenName(after))'"
        case .incomplete(let screen, let missing):
            "\(at): " + incompleteMessage(graph.screens[Int(screen)], named: screenName(screen), missing: Int(missing))
        case .followsPresentation(let screen): "\(at): nothing can follow '\(screenName(screen))', which is a sheet or alert"
        case .pathMismatch(let screen, let segment):
            if case .parameter(let name, let type) = graph.screens[Int(screen)].pattern[Int(segment)] {
                mismatchMessage(at: at, screen: screenName(screen), parameter: name, type: type)
            } else {
                "\(at): segment \(segment + 1) of screen '\(screenName(screen))' does not match"
            }
        case .queryMismatch(let screen, let query):
            mismatchMessage(at: at, screen: screenName(screen), parameter: graph.screens[Int(screen)].query[Int(query)].name,
                            type: graph.screens[Int(screen)].query[Int(query)].type)
        case .emptySegment: "empty path segment \(segment.map(String.init) ?? "") ('//')"
        case .dotSegment: "\(at) is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"
        case .emptyQueryPair: "empty query parameter ('&&' or '?&')"
        case .queryWithoutValue: "query parameter \(quoted) has no value; write KEY=VALUE"
        case .undeclaredQuery(let flow): "undeclared query parameter \(quoted) in flow '\(graph.flows[Int(flow)].name)'"
        case .queryNotOnPath(let screen):
            "query parameter \(quoted) belongs to screen '\(screenName(screen))', which this link does not open"
        case .repeatedQuery: "query parameter \(quoted) is repeated"
        case .missingQuery(let screen, let query):
            "screen '\(screenName(screen))' needs query parameter '\(graph.screens[Int(screen)].query[Int(query)].name)'"
        case .internalScreen(let screen):
            "screen '\(screenName(screen))' is internal: it opens from inside the app, never from a link"
        default: "\(quoted): \(code)"
        }
    }

    /// Which segments of `screen`'s pattern, from `missing` on, a link ending inside it leaves out.
    private func incompleteMessage(_ screen: RouteGraph.Screen, named name: String, missing: Int) -> String {
        let segments = screen.pattern
        let pattern = segments.map(\.description).joined(separator: "/")
        let absent = segments[missing...].map { segment -> String in
            if case .parameter(let name, let type) = segment { return "'\(name)' (\(type.declaration))" }
            return "'\(segment.description)'"
        }
        let list = absent.count == 1 ? absent[0] : absent.dropLast().joined(separator: ", ") + " and " + (absent.last ?? "")
        return "the link ends inside screen '\(name)' (\(pattern)): \(list) \(absent.count == 1 ? "is" : "are") missing"
    }

    /// A value that does not convert: an int too large is out of range; the type may say more.
    private func mismatchMessage(at: String, screen: String, parameter: String, type: ParameterType) -> String {
        let part = decodedPart
        if type == .int, ParameterValue.isIntSyntax(part) {
            return "\(at): '\(parameter)' of screen '\(screen)' is out of range for int (\(Int.min) to \(Int.max))"
        }
        let detail = type.refusal(of: part.span).map { ": " + $0 } ?? ""
        return "\(at): '\(parameter)' of screen '\(screen)' must be \(type.phrase)\(detail)"
    }

    /// The offending bytes, percent-decoded (as they are when not decodable).
    private var decodedPart: [UInt8] {
        guard let range, range.lowerBound >= 0, range.upperBound <= bytes.count else { return [] }
        let raw = Array(bytes[range])
        var decoded = raw
        var target = decoded.mutableSpan
        guard case .success(let length) = PercentEncoding.decode(raw.span, into: &target) else { return raw }
        return (0..<length).map { target[$0] }
    }

    /// The message.
    public var description: String { message }
}

extension DeepLinkError: Hashable {
    public static func == (lhs: DeepLinkError, rhs: DeepLinkError) -> Bool {
        lhs.code == rhs.code && lhs.segment == rhs.segment && lhs.bytes == rhs.bytes && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(segment)
        hasher.combine(bytes)
    }
}

extension DeepLinkError.Problem.Kind {
    /// The kind of problem, as ``DeepLinkError`` says it (the other half of its rendering).
    var code: DeepLinkError.Code {
        switch self {
        case .tooLong, .canonicalTooLong, .webFormTooLong, .tooManySegments, .valueTooLong: .limitExceeded
        case .noScheme, .wrongScheme: .badScheme
        case .unknownOrigin: .unknownOrigin
        case .webPort, .webDefaultPort, .webUserInfo, .userOrPort, .fragment, .unencodedByte: .malformed
        case .missingFlow, .webMissingFlow, .unknownFlow: .unknownFlow
        case .unknownTab: .unknownTab
        case .unknownScreen: .unknownScreen
        case .edgeNotAllowed, .followsPresentation: .edgeNotAllowed
        case .incomplete: .incomplete
        case .pathMismatch, .queryMismatch: .typeMismatch
        case .emptySegment: .emptySegment
        case .dotSegment: .dotSegment
        case .badEscape, .invalidUTF8, .rawInvalidUTF8, .controlCharacter: .badEncoding
        case .emptyQueryPair, .queryWithoutValue, .undeclaredQuery, .queryNotOnPath, .repeatedQuery, .missingQuery: .badQuery
        case .internalScreen: .internalScreen
        }
    }
}
