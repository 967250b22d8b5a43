/// Why a link was rejected, in plain 32-bit numbers (screen, flow and parameter indices,
/// byte offsets: links are at most 2,048 bytes), small enough to return in registers and
/// free of reference counting while the walk may still back up. It becomes a
/// ``DeepLinkError`` once, when resolution gives up.
struct LinkProblem {
    enum Kind {
        case tooLong(Int32)
        /// The link is within the limit, but its canonical form (its length given) is not.
        case canonicalTooLong(Int32)
        /// The link and its canonical form are within the limit, but its canonical web form
        /// (its length given), longer by the origin, is not.
        case webFormTooLong(Int32)
        case tooManySegments(Int32)
        case noScheme
        case wrongScheme
        /// A web link to an origin the table does not declare.
        case unknownOrigin
        /// A web link to a declared host on a port the table does not declare.
        case webPort
        /// A web link to a declared host, written without a port, when the table declares
        /// the host only on other ports than the scheme's default (given).
        case webDefaultPort(Int32)
        /// A web link with a user part (`https://user@host/…`).
        case webUserInfo
        case userOrPort
        case fragment
        case unencodedByte
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
        case badEscape
        case invalidUTF8
        /// Raw bytes of the link (before any percent-decoding) that are not UTF-8.
        case rawInvalidUTF8
        case controlCharacter
        case emptyQueryPair
        case queryWithoutValue
        case undeclaredQuery(flow: Int32)
        case queryNotOnPath(screen: Int32)
        case repeatedQuery
        case missingQuery(screen: Int32, query: Int32)
    }

    var kind: Kind
    /// The offending bytes of the link: `lower..<upper`, or none when `upper < 0`.
    private var lower: Int32
    private var upper: Int32
    /// The 1-based path segment, for problems in the path; 0 for none.
    private var segmentNumber: Int32

    init(_ kind: Kind, range: Range<Int>? = nil, segment: Int? = nil) {
        self.kind = kind
        lower = Int32(truncatingIfNeeded: range?.lowerBound ?? 0)
        upper = Int32(truncatingIfNeeded: range?.upperBound ?? -1)
        segmentNumber = Int32(truncatingIfNeeded: segment ?? 0)
    }

    /// The problem at `offset` bytes further on (found in a rewritten link, reported in
    /// the link as given).
    func shifted(by offset: Int) -> LinkProblem {
        var shifted = self
        if upper >= 0 {
            shifted.lower += Int32(truncatingIfNeeded: offset)
            shifted.upper += Int32(truncatingIfNeeded: offset)
        }
        return shifted
    }

    /// The problem (found in the custom-scheme form of a web link and placed in the web
    /// link) as the web link's user sees it: its path starts with the flow (at `flow`), so
    /// the flow is segment 1 and the others come one later; and a flow with `@` or `:`,
    /// which a host could not have but a path segment may, is only a flow that names none.
    func inWebLink(flow: Range<Int>) -> LinkProblem {
        var web = self
        if segmentNumber > 0 {
            web.segmentNumber += 1
        } else if let range, range.lowerBound >= flow.lowerBound, range.upperBound <= flow.upperBound {
            web.segmentNumber = 1
            if case .userOrPort = kind { web.kind = .unknownFlow }
        }
        return web
    }

    /// The offending bytes of the link.
    var range: Range<Int>? { upper < 0 ? nil : Int(lower)..<Int(upper) }

    /// The 1-based path segment, for problems in the path.
    var segment: Int? { segmentNumber == 0 ? nil : Int(segmentNumber) }

    /// The error, with the names `graph` gives the numbers.
    func error(link: DeepLinkError.Source, graph: RouteGraph) -> DeepLinkError {
        let screens = graph.screens
        func name(_ screen: Int32) -> String { screens[Int(screen)].name }
        let (code, reason): (DeepLinkError.Code, DeepLinkError.Reason) = switch kind {
        case .tooLong(let count): (.limitExceeded, .tooLong(Int(count)))
        case .canonicalTooLong(let count): (.limitExceeded, .canonicalTooLong(Int(count)))
        case .webFormTooLong(let count): (.limitExceeded, .webFormTooLong(Int(count), origin: graph.webOrigins.first?.description ?? ""))
        case .tooManySegments(let count): (.limitExceeded, .tooManySegments(Int(count)))
        case .noScheme: (.badScheme, .noScheme)
        case .wrongScheme: (.badScheme, .wrongScheme(expected: graph.scheme))
        case .unknownOrigin: (.unknownOrigin, .unknownOrigin(declared: graph.webOrigins.map(\.description)))
        case .webPort: (.malformed, .webPort(declared: graph.webOrigins.map(\.description)))
        case .webDefaultPort(let port): (.malformed, .webDefaultPort(Int(port), declared: graph.webOrigins.map(\.description)))
        case .webUserInfo: (.malformed, .webUserInfo)
        case .userOrPort: (.malformed, .userOrPort)
        case .fragment: (.malformed, .fragment)
        case .unencodedByte: (.malformed, .unencodedByte)
        case .missingFlow: (.unknownFlow, .missingFlow)
        case .webMissingFlow: (.unknownFlow, .webMissingFlow)
        case .unknownFlow: (.unknownFlow, .unknownFlow)
        case .unknownTab(let flow): (.unknownTab, .unknownTab(flow: graph.flows[Int(flow)].name))
        case .unknownScreen(let after): (.unknownScreen, .unknownScreen(after: name(after)))
        case .edgeNotAllowed(let screen, let after):
            (.edgeNotAllowed, .edgeNotAllowed(screen: name(screen), after: name(after)))
        case .followsPresentation(let screen): (.edgeNotAllowed, .followsPresentation(screen: name(screen)))
        case .incomplete(let screen, let missing):
            (.incomplete, .incomplete(screen: screens[Int(screen)].name, pattern: screens[Int(screen)].pattern, missing: Int(missing)))
        case .pathMismatch(let screen, let segment):
            Self.mismatch(screens[Int(screen)], parameter: screens[Int(screen)].pattern[Int(segment)], isInt: partIsIntSyntax(of: link))
        case .queryMismatch(let screen, let query):
            Self.mismatch(screens[Int(screen)], query: screens[Int(screen)].query[Int(query)], isInt: partIsIntSyntax(of: link))
        case .emptySegment: (.emptySegment, .emptySegment)
        case .dotSegment: (.dotSegment, .dotSegment)
        case .valueTooLong: (.limitExceeded, .valueTooLong)
        case .badEscape: (.badEncoding, .badEscape)
        case .invalidUTF8: (.badEncoding, .invalidUTF8)
        case .rawInvalidUTF8: (.badEncoding, .rawInvalidUTF8)
        case .controlCharacter: (.badEncoding, .controlCharacter)
        case .emptyQueryPair: (.badQuery, .emptyQueryPair)
        case .queryWithoutValue: (.badQuery, .queryWithoutValue)
        case .undeclaredQuery(let flow): (.badQuery, .undeclaredQuery(flow: graph.flows[Int(flow)].name))
        case .queryNotOnPath(let screen): (.badQuery, .queryNotOnPath(screen: name(screen)))
        case .repeatedQuery: (.badQuery, .repeatedQuery)
        case .missingQuery(let screen, let query):
            (.badQuery, .missingQuery(screen: name(screen), parameter: screens[Int(screen)].query[Int(query)].name))
        }
        return DeepLinkError(code, reason, source: link, range: range, segment: segment)
    }

    /// Whether the offending bytes of `link`, percent-decoded (as they are when not
    /// decodable), are written as an int: decoded on the stack, so that refusing a link
    /// allocates nothing.
    private func partIsIntSyntax(of link: DeepLinkError.Source) -> Bool {
        guard let range, range.lowerBound >= 0 else { return false }
        func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard range.upperBound <= bytes.count else { return false }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { target in
                guard case .success(let length) = PercentEncoding.decode(raw, into: target) else {
                    return ParameterValue.isIntSyntax(raw)
                }
                return ParameterValue.isIntSyntax(UnsafeBufferPointer(rebasing: target[0..<length]))
            }
        }
        switch link {
        case .text(var text): return text.withUTF8(check)
        case .bytes(let bytes): return bytes.withUnsafeBufferPointer(check)
        }
    }

    private static func mismatch(
        _ screen: RouteGraph.Screen, parameter segment: RouteGraph.Segment, isInt: @autoclosure () -> Bool
    ) -> (DeepLinkError.Code, DeepLinkError.Reason) {
        guard case .parameter(let name, let type) = segment else {
            preconditionFailure("segment of '\(screen.name)' is not a parameter")
        }
        return mismatch(screen: screen.name, parameter: name, type: type, isInt: isInt)
    }

    private static func mismatch(
        _ screen: RouteGraph.Screen, query: RouteGraph.QueryParameter, isInt: @autoclosure () -> Bool
    ) -> (DeepLinkError.Code, DeepLinkError.Reason) {
        mismatch(screen: screen.name, parameter: query.name, type: query.type, isInt: isInt)
    }

    /// A value that does not convert; an int written as one but too large is out of range.
    private static func mismatch(
        screen: String, parameter: String, type: ParameterType, isInt: () -> Bool
    ) -> (DeepLinkError.Code, DeepLinkError.Reason) {
        if type == .int, isInt() {
            return (.typeMismatch, .outOfRange(screen: screen, parameter: parameter))
        }
        return (.typeMismatch, .typeMismatch(screen: screen, parameter: parameter, type: type))
    }
}
