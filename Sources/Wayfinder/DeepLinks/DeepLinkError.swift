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
        let name: StaticString
        init(_ name: StaticString) { self.name = name }
        public var description: String { name.description }
        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.description == rhs.description }
        public func hash(into hasher: inout Hasher) { hasher.combine(description) }

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
        /// A `.` or `..` path segment, raw or percent-encoded (`%2E`, `.%2e`): URL parsers
        /// remove such segments, so a link may not hold one.
        public static let dotSegment = Code("dotSegment")
        /// An invalid escape, invalid UTF-8, or a control character after decoding.
        public static let badEncoding = Code("badEncoding")
        /// An undeclared, repeated, malformed or missing query parameter.
        public static let badQuery = Code("badQuery")
    }

    enum Reason: Error, Hashable, Sendable {
        case tooLong(Int)
        case canonicalTooLong(Int)
        case webFormTooLong(Int, origin: String)
        case tooManySegments(Int)
        case valueTooLong
        case noScheme
        case wrongScheme(expected: String)
        case unknownOrigin(declared: [String])
        case webPort(declared: [String])
        case webDefaultPort(Int, declared: [String])
        case webUserInfo
        case userOrPort
        case fragment
        case unencodedByte
        case missingFlow
        case webMissingFlow
        case unknownFlow
        case unknownTab(flow: String)
        case unknownScreen(after: String)
        case edgeNotAllowed(screen: String, after: String)
        case followsPresentation(screen: String)
        case incomplete(screen: String, pattern: [RouteGraph.Segment], missing: Int)
        case typeMismatch(screen: String, parameter: String, type: ParameterType)
        case outOfRange(screen: String, parameter: String)
        case emptySegment
        case dotSegment
        case badEscape
        case invalidUTF8
        case rawInvalidUTF8
        case controlCharacter
        case emptyQueryPair
        case queryWithoutValue
        case undeclaredQuery(flow: String)
        case queryNotOnPath(screen: String)
        case repeatedQuery
        case missingQuery(screen: String, parameter: String)
    }

    /// What kind of problem this is.
    public let code: Code
    /// The 1-based path segment at fault, when the problem is in the path (see above for
    /// how segments are counted).
    public let segment: Int?
    /// The link as it was given: a `String` (kept as it is, so that refusing one allocates
    /// nothing), or bytes (possibly not UTF-8).
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

    let source: Source
    /// The link's bytes as they were given (possibly not UTF-8).
    var bytes: [UInt8] { source.bytes }
    let range: Range<Int>?
    let reason: Reason

    init(_ code: Code, _ reason: Reason, source: Source, range: Range<Int>? = nil, segment: Int? = nil) {
        self.code = code
        self.reason = reason
        self.source = source
        self.range = range
        self.segment = segment
    }

    /// The link as given, fit to show: control characters escaped as `\u{…}` and bytes
    /// that are not UTF-8 as `\xFF`.
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

    /// The message for a problem with the link as a whole: its form, scheme, origin, host,
    /// bytes or length; nil for the others (``pathMessage(quoted:at:)``).
    private func linkMessage(quoted: String, at: String) -> String? {
        switch reason {
        case .tooLong(let count):
            return "link is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
        case .canonicalTooLong(let count):
            return "link's canonical form (percent-encoded) is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
        case .webFormTooLong(let count, let origin):
            return "link's canonical web form (\(origin)/…) is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength), for the web form too"
        case .tooManySegments(let count):
            return "link has \(count) path segments; the limit is \(RouteGraph.maximumSegments)"
        case .valueTooLong:
            return "\(at) is longer than \(RouteGraph.maximumValueLength) bytes once decoded"
        case .noScheme:
            return "'\(link)' is not a link: expected SCHEME://FLOW/…"
        case .wrongScheme(let expected):
            return "unknown scheme \(quoted); expected '\(expected)://'"
        case .unknownOrigin(let declared):
            return "web link to \(quoted), an origin this table does not answer (it answers \(declared.joined(separator: ", ")))"
        case .webPort(let declared):
            return "web link on port \(quoted), which no origin of this table uses (it answers \(declared.joined(separator: ", ")))"
        case .webDefaultPort(let port, let declared):
            return "web link to \(quoted) on its scheme's default port (\(port)), which no origin of this table uses (it answers \(declared.joined(separator: ", ")))"
        case .webUserInfo:
            return "web link with a user part in \(quoted): web links may not carry a user name or password"
        case .userOrPort:
            return "\(quoted): a user name or port is not allowed in a link's host"
        case .fragment:
            return "\(quoted): fragments ('#…') are not supported"
        case .unencodedByte:
            return "\(quoted): spaces and control characters must be percent-encoded"
        case .missingFlow:
            return "link names no flow: expected SCHEME://FLOW/…"
        case .webMissingFlow:
            return "web link names no flow: expected \(part ?? "")/FLOW/…"
        case .unknownFlow:
            return segment == nil ? "unknown flow \(quoted)" : "\(at) names no flow"
        default:
            return nil
        }
    }

    /// The message for a problem with the path or the query.
    private func pathMessage(quoted: String, at: String) -> String {
        switch reason {
        case .unknownTab(let flow):
            return "\(at) is not a tab of flow '\(flow)'"
        case .unknownScreen(let after):
            return "\(at) names no screen that can follow '\(after)'"
        case .edgeNotAllowed(let screen, let after):
            return "\(at): screen '\(screen)' cannot follow '\(after)'"
        case .incomplete(let screen, let segments, let missing):
            let pattern = segments.map(\.description).joined(separator: "/")
            let absent = segments[missing...].map { segment -> String in
                if case .parameter(let name, let type) = segment { return "'\(name)' (\(type.declaration))" }
                return "'\(segment.description)'"
            }
            let list = absent.count == 1 ? absent[0] : absent.dropLast().joined(separator: ", ") + " and " + (absent.last ?? "")
            return "\(at): the link ends inside screen '\(screen)' (\(pattern)): \(list) \(absent.count == 1 ? "is" : "are") missing"
        case .followsPresentation(let screen):
            return "\(at): nothing can follow '\(screen)', which is a sheet or alert"
        case .typeMismatch(let screen, let parameter, let type):
            return "\(at): '\(parameter)' of screen '\(screen)' must be \(type.phrase)"
        case .outOfRange(let screen, let parameter):
            return "\(at): '\(parameter)' of screen '\(screen)' is out of range for int (\(Int.min) to \(Int.max))"
        case .emptySegment:
            return "empty path segment \(segment.map(String.init) ?? "") ('//')"
        case .dotSegment:
            return "\(at) is a dot segment ('.' or '..', which URL parsers remove): not allowed in a link"
        case .badEscape:
            return "\(at) has an invalid percent escape"
        case .invalidUTF8:
            return "\(at) is not valid UTF-8 once decoded"
        case .rawInvalidUTF8:
            return "\(quoted) at byte \(range.map { $0.lowerBound + 1 } ?? 0) is not valid UTF-8"
        case .controlCharacter:
            return "\(at) holds a control character once decoded"
        case .emptyQueryPair:
            return "empty query parameter ('&&' or '?&')"
        case .queryWithoutValue:
            return "query parameter \(quoted) has no value; write KEY=VALUE"
        case .undeclaredQuery(let flow):
            return "undeclared query parameter \(quoted) in flow '\(flow)'"
        case .queryNotOnPath(let screen):
            return "query parameter \(quoted) belongs to screen '\(screen)', which this link does not open"
        case .repeatedQuery:
            return "query parameter \(quoted) is repeated"
        case .missingQuery(let screen, let parameter):
            return "screen '\(screen)' needs query parameter '\(parameter)'"
        default:
            return "\(quoted): \(reason)"
        }
    }

    /// The message.
    public var description: String { message }
}

extension DeepLinkError: Equatable {
    public static func == (lhs: DeepLinkError, rhs: DeepLinkError) -> Bool {
        lhs.code == rhs.code && lhs.segment == rhs.segment && lhs.bytes == rhs.bytes && lhs.range == rhs.range
    }
}

extension DeepLinkError: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(segment)
        hasher.combine(bytes)
    }
}
