/// Why a deep link was rejected. Carries the offending part and, for path problems,
/// the 1-based segment index (the tab counts as a segment; the flow, being the host, does not).
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
        /// A user, port or fragment part, or an unencoded space or control character.
        public static let malformed = Code("malformed")
        /// The host names no flow.
        public static let unknownFlow = Code("unknownFlow")
        /// The first segment of a tabbed flow names no tab.
        public static let unknownTab = Code("unknownTab")
        /// A segment names no screen that could appear there.
        public static let unknownScreen = Code("unknownScreen")
        /// A screen that exists but may not follow the one before it.
        public static let edgeNotAllowed = Code("edgeNotAllowed")
        /// A parameter whose text does not convert to its declared type.
        public static let typeMismatch = Code("typeMismatch")
        /// An empty segment between two slashes.
        public static let emptySegment = Code("emptySegment")
        /// An invalid escape, invalid UTF-8, or a control character after decoding.
        public static let badEncoding = Code("badEncoding")
        /// An undeclared, repeated, malformed or missing query parameter.
        public static let badQuery = Code("badQuery")
    }

    enum Reason: Error, Hashable, Sendable {
        case tooLong(Int)
        case tooManySegments(Int)
        case valueTooLong
        case noScheme
        case wrongScheme(expected: String)
        case userOrPort
        case fragment
        case unencodedByte
        case missingFlow
        case unknownFlow
        case unknownTab(flow: String)
        case unknownScreen(after: String)
        case edgeNotAllowed(screen: String, after: String)
        case followsPresentation(screen: String)
        case typeMismatch(screen: String, parameter: String, type: ParameterType)
        case emptySegment
        case badEscape
        case invalidUTF8
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
    /// The 1-based path segment at fault, when the problem is in the path.
    public let segment: Int?
    let link: String
    let range: Range<Int>?
    let reason: Reason

    init(_ code: Code, _ reason: Reason, link: String, range: Range<Int>? = nil, segment: Int? = nil) {
        self.code = code
        self.reason = reason
        self.link = link
        self.range = range
        self.segment = segment
    }

    /// The offending part as it appeared in the link, control characters escaped.
    public var part: String? {
        guard let range else { return nil }
        let bytes = Array(link.utf8)
        let clamped = max(0, range.lowerBound)..<min(bytes.count, range.upperBound)
        return String(decoding: bytes[clamped], as: UTF8.self).escapingControlCharacters
    }

    /// A full sentence naming the offending part.
    public var message: String {
        let quoted = "'\(part ?? "")'"
        let at = segment.map { "segment \($0) \(quoted)" } ?? quoted
        switch reason {
        case .tooLong(let count):
            return "link is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
        case .tooManySegments(let count):
            return "link has \(count) path segments; the limit is \(RouteGraph.maximumSegments)"
        case .valueTooLong:
            return "\(at) is longer than \(RouteGraph.maximumValueLength) bytes once decoded"
        case .noScheme:
            return "'\(link.escapingControlCharacters)' is not a link: expected SCHEME://FLOW/…"
        case .wrongScheme(let expected):
            return "unknown scheme \(quoted); expected '\(expected)://'"
        case .userOrPort:
            return "\(quoted): a user name or port is not allowed in a link's host"
        case .fragment:
            return "\(quoted): fragments ('#…') are not supported"
        case .unencodedByte:
            return "\(quoted): spaces and control characters must be percent-encoded"
        case .missingFlow:
            return "link names no flow: expected SCHEME://FLOW/…"
        case .unknownFlow:
            return "unknown flow \(quoted)"
        case .unknownTab(let flow):
            return "\(at) is not a tab of flow '\(flow)'"
        case .unknownScreen(let after):
            return "\(at) names no screen that can follow '\(after)'"
        case .edgeNotAllowed(let screen, let after):
            return "\(at): screen '\(screen)' cannot follow '\(after)'"
        case .followsPresentation(let screen):
            return "\(at): nothing can follow '\(screen)', which is a sheet or alert"
        case .typeMismatch(let screen, let parameter, let type):
            return "\(at): '\(parameter)' of screen '\(screen)' must be \(type == .int ? "an" : "a") \(type.rawValue)"
        case .emptySegment:
            return "empty path segment \(segment.map(String.init) ?? "") ('//')"
        case .badEscape:
            return "\(at) has an invalid percent escape"
        case .invalidUTF8:
            return "\(at) is not valid UTF-8 once decoded"
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
        }
    }

    /// The message.
    public var description: String { message }
}

extension DeepLinkError: Equatable {
    public static func == (lhs: DeepLinkError, rhs: DeepLinkError) -> Bool {
        lhs.code == rhs.code && lhs.segment == rhs.segment && lhs.link == rhs.link && lhs.range == rhs.range
    }
}

extension DeepLinkError: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(segment)
        hasher.combine(link)
    }
}
