/// Why a link was rejected, in plain numbers (screen, flow and parameter indices, byte
/// offsets), free of reference counting while the walk may still back up. A
/// ``DeepLinkError`` keeps it, and names its numbers (``DeepLinkError/message``) only when
/// its message is read.
struct LinkProblem: Error, Sendable {
    enum Kind: Error, Sendable {
        case tooLong(Int32)
        /// The link is within the limit, but its canonical form (its length given) is not.
        case canonicalTooLong(Int32)
        /// The link and its canonical form are within the limit, but its canonical web form
        /// (its length given), longer by the origin, is not.
        case webFormTooLong(Int32)
        case tooManySegments(Int32)
        case noScheme, wrongScheme
        /// A web link to an origin the table does not declare.
        case unknownOrigin
        /// A web link to a declared host on a port the table does not declare.
        case webPort
        /// A web link to a declared host, written without a port, when the table declares
        /// the host only on other ports than the scheme's default (given).
        case webDefaultPort(Int32)
        /// A web link with a user part (`https://user@host/…`).
        case webUserInfo
        case userOrPort, fragment, unencodedByte
        case missingFlow
        /// A web link whose path is empty: it names no flow.
        case webMissingFlow
        case unknownFlow
        case unknownTab(flow: Int32)
        case unknownScreen(after: Int32)
        case edgeNotAllowed(screen: Int32, after: Int32)
        case followsPresentation(screen: Int32)
        /// The link ends inside the pattern of `screen`: its segment `missing` (0-based
        /// offset in the pattern) and those after it are absent.
        case incomplete(screen: Int32, missing: Int32)
        /// A path parameter: the screen and the parameter's segment in its pattern.
        case pathMismatch(screen: Int32, segment: Int32)
        /// A query parameter: the screen and the parameter's index in its query.
        case queryMismatch(screen: Int32, query: Int32)
        case emptySegment
        /// A `.` or `..` segment, raw or percent-encoded.
        case dotSegment
        case valueTooLong
        case badEscape, invalidUTF8
        /// Raw bytes of the link (before any percent-decoding) that are not UTF-8.
        case rawInvalidUTF8
        case controlCharacter
        case emptyQueryPair, queryWithoutValue, repeatedQuery
        case undeclaredQuery(flow: Int32)
        case queryNotOnPath(screen: Int32)
        case missingQuery(screen: Int32, query: Int32)
    }

    var kind: Kind
    /// The offending bytes of the link.
    var range: Range<Int>?
    /// The 1-based path segment, for problems in the path.
    var segment: Int?

    init(_ kind: Kind, range: Range<Int>? = nil, segment: Int? = nil) {
        (self.kind, self.range, self.segment) = (kind, range, segment)
    }

    /// The problem, found in the custom-scheme form of a web link, as the web link's user
    /// sees it: its bytes `offset` further on; the web link's path starts with the flow (at
    /// `flow`), so the flow is segment 1 and the others come one later; and a flow with `@`
    /// or `:`, which a host could not have but a path segment may, is only a flow that names none.
    func inWebLink(offset: Int, flow: Range<Int>) -> LinkProblem {
        var web = self
        web.range = range.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        if let segment {
            web.segment = segment + 1
        } else if let range = web.range, range.lowerBound >= flow.lowerBound, range.upperBound <= flow.upperBound {
            web.segment = 1
            if case .userOrPort = kind { web.kind = .unknownFlow }
        }
        return web
    }
}
