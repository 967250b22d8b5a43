extension DeepLinkError {
    /// Why a link was refused, in plain numbers (indices, byte offsets) that cost no reference
    /// counting while the walk backs up: what a ``DeepLinkError`` holds, its ``code`` derived
    /// from the kind and its message composed from it when read.
    struct Problem: Error, Sendable {
        enum Kind: Error, Sendable {
            case tooLong(Int32)
            /// The link is within the limit, but its canonical form (its length given) is not;
            /// or both are, and its canonical web form, longer by the origin, is not.
            case canonicalTooLong(Int32), webFormTooLong(Int32)
            case tooManySegments(Int32)
            case noScheme, wrongScheme
            /// A web link to an origin the table does not declare; to a declared host on a port
            /// it does not declare; or without a port, when the table declares the host only on
            /// other ports than the scheme's default (given).
            case unknownOrigin, webPort, webDefaultPort(Int32)
            /// A web link with a user part (`https://user@host/…`).
            case webUserInfo
            case userOrPort, fragment, unencodedByte
            /// A link with no host; a web link whose path is empty.
            case missingFlow, webMissingFlow
            case unknownFlow
            case unknownTab(flow: Int32)
            case unknownScreen(after: Int32)
            case edgeNotAllowed(screen: Int32, after: Int32)
            case followsPresentation(screen: Int32)
            /// The link ends inside the pattern of `screen`: its segment `missing` (0-based
            /// offset in the pattern) and those after it are absent.
            case incomplete(screen: Int32, missing: Int32)
            /// A path parameter (the screen, and the parameter's segment in its pattern), or a
            /// query parameter (the screen, and the parameter's index in its query).
            case pathMismatch(screen: Int32, segment: Int32), queryMismatch(screen: Int32, query: Int32)
            /// An empty segment; a `.` or `..` segment, raw or percent-encoded.
            case emptySegment, dotSegment
            case valueTooLong
            /// Escapes that do not decode; decoded bytes that are not UTF-8; raw bytes of the
            /// link (before any decoding) that are not UTF-8; a decoded control character.
            case badEscape, invalidUTF8, rawInvalidUTF8, controlCharacter
            case emptyQueryPair, queryWithoutValue, repeatedQuery
            case undeclaredQuery(flow: Int32)
            case queryNotOnPath(screen: Int32)
            case missingQuery(screen: Int32, query: Int32)
            /// The link is whole, but reaches a screen outside links may not open.
            case internalScreen(screen: Int32)
        }

        var kind: Kind
        /// The offending bytes of the link; for problems in the path, the 1-based segment.
        var range: Range<Int>?
        var segment: Int?

        init(_ kind: Kind, range: Range<Int>? = nil, segment: Int? = nil) {
            (self.kind, self.range, self.segment) = (kind, range, segment)
        }

        /// The problem, found in the custom-scheme form of a web link, as the web link's user sees it:
        /// `offset` bytes further on; the flow (at `flow`) is segment 1 and the others one later; and a
        /// flow with `@` or `:`, which a host may not have but a path may, only names no flow.
        func inWebLink(offset: Int, flow: Range<Int>) -> DeepLinkError.Problem {
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
}
