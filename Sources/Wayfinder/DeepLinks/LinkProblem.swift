/// Why a link was rejected, in plain numbers (screen, flow and parameter indices, byte
/// ranges), so that noting a problem while the walk may still back up costs no reference
/// counting. It becomes a ``DeepLinkError`` once, when resolution gives up.
struct LinkProblem {
    enum Kind {
        case tooLong(Int)
        case tooManySegments(Int)
        case noScheme
        case wrongScheme
        case userOrPort
        case fragment
        case unencodedByte
        case missingFlow
        case unknownFlow
        case unknownTab(flow: Int)
        case unknownScreen(after: Int)
        case edgeNotAllowed(screen: Int, after: Int)
        case followsPresentation(screen: Int)
        /// A path parameter: the screen and the parameter's segment in its pattern.
        case pathMismatch(screen: Int, segment: Int)
        /// A query parameter: the screen and the parameter's index in its query.
        case queryMismatch(screen: Int, query: Int)
        case emptySegment
        case valueTooLong
        case badEscape
        case invalidUTF8
        case controlCharacter
        case emptyQueryPair
        case queryWithoutValue
        case undeclaredQuery(flow: Int)
        case queryNotOnPath(screen: Int)
        case repeatedQuery
        case missingQuery(screen: Int, query: Int)
    }

    var kind: Kind
    /// The offending bytes of the link.
    var range: Range<Int>?
    /// The 1-based path segment, for problems in the path.
    var segment: Int?

    init(_ kind: Kind, range: Range<Int>? = nil, segment: Int? = nil) {
        self.kind = kind
        self.range = range
        self.segment = segment
    }

    /// The error, with the names `graph` gives the numbers.
    func error(link: String, graph: RouteGraph) -> DeepLinkError {
        let screens = graph.screens
        let (code, reason): (DeepLinkError.Code, DeepLinkError.Reason) = switch kind {
        case .tooLong(let count): (.limitExceeded, .tooLong(count))
        case .tooManySegments(let count): (.limitExceeded, .tooManySegments(count))
        case .noScheme: (.badScheme, .noScheme)
        case .wrongScheme: (.badScheme, .wrongScheme(expected: graph.scheme))
        case .userOrPort: (.malformed, .userOrPort)
        case .fragment: (.malformed, .fragment)
        case .unencodedByte: (.malformed, .unencodedByte)
        case .missingFlow: (.unknownFlow, .missingFlow)
        case .unknownFlow: (.unknownFlow, .unknownFlow)
        case .unknownTab(let flow): (.unknownTab, .unknownTab(flow: graph.flows[flow].name))
        case .unknownScreen(let after): (.unknownScreen, .unknownScreen(after: screens[after].name))
        case .edgeNotAllowed(let screen, let after):
            (.edgeNotAllowed, .edgeNotAllowed(screen: screens[screen].name, after: screens[after].name))
        case .followsPresentation(let screen): (.edgeNotAllowed, .followsPresentation(screen: screens[screen].name))
        case .pathMismatch(let screen, let segment):
            Self.mismatch(screens[screen], parameter: screens[screen].pattern[segment])
        case .queryMismatch(let screen, let query):
            Self.mismatch(screens[screen], query: screens[screen].query[query])
        case .emptySegment: (.emptySegment, .emptySegment)
        case .valueTooLong: (.limitExceeded, .valueTooLong)
        case .badEscape: (.badEncoding, .badEscape)
        case .invalidUTF8: (.badEncoding, .invalidUTF8)
        case .controlCharacter: (.badEncoding, .controlCharacter)
        case .emptyQueryPair: (.badQuery, .emptyQueryPair)
        case .queryWithoutValue: (.badQuery, .queryWithoutValue)
        case .undeclaredQuery(let flow): (.badQuery, .undeclaredQuery(flow: graph.flows[flow].name))
        case .queryNotOnPath(let screen): (.badQuery, .queryNotOnPath(screen: screens[screen].name))
        case .repeatedQuery: (.badQuery, .repeatedQuery)
        case .missingQuery(let screen, let query):
            (.badQuery, .missingQuery(screen: screens[screen].name, parameter: screens[screen].query[query].name))
        }
        return DeepLinkError(code, reason, link: link, range: range, segment: segment)
    }

    private static func mismatch(
        _ screen: RouteGraph.Screen, parameter segment: RouteGraph.Segment
    ) -> (DeepLinkError.Code, DeepLinkError.Reason) {
        guard case .parameter(let name, let type) = segment else {
            preconditionFailure("segment of '\(screen.name)' is not a parameter")
        }
        return (.typeMismatch, .typeMismatch(screen: screen.name, parameter: name, type: type))
    }

    private static func mismatch(
        _ screen: RouteGraph.Screen, query: RouteGraph.QueryParameter
    ) -> (DeepLinkError.Code, DeepLinkError.Reason) {
        (.typeMismatch, .typeMismatch(screen: screen.name, parameter: query.name, type: query.type))
    }
}
