import WayfinderSystem

/// The first steps of resolving a link: the scheme, one pass over the rest, the host, the segments.
extension LinkResolver {
    /// Why the link does not start with the graph's scheme (compared case-insensitively) and
    /// `://`, or `nil` when it does.
    static func schemeProblem(_ bytes: Span<UInt8>, index: LinkIndex) -> DeepLinkError.Problem? {
        func separates(at colon: Int) -> Bool {
            colon + 2 < bytes.count && bytes[colon] == UInt8(ascii: ":") && bytes[colon + 1] == UInt8(ascii: "/")
                && bytes[colon + 2] == UInt8(ascii: "/")
        }
        let scheme = index.scheme
        if separates(at: scheme.count), scheme.indices.allSatisfy({ LinkIndex.byte(bytes[$0], true) == scheme[$0] }) { return nil }
        let colon = bytes.indices.first { bytes[$0] == UInt8(ascii: ":") || bytes[$0] == UInt8(ascii: "/") }
        guard let colon, colon > 0, separates(at: colon) else { return DeepLinkError.Problem(.noScheme) }
        return DeepLinkError.Problem(.wrongScheme, range: 0..<colon)
    }

    /// One pass over the link after its scheme: where the query (`?`) starts, or the link's length;
    /// how many slashes the path has, and where (segment `i` follows slash `i`).
    struct Scan {
        let hostStart: Int
        var queryStart: Int
        var slashCount = 0
        /// A slash before each segment and a trailing one: a link with more is refused, and
        /// only their count is kept.
        var slashes = InlineArray<33, Int>(repeating: 0)
        var hasEscapes = false

        init(hostStart: Int, queryStart: Int) {
            (self.hostStart, self.queryStart) = (hostStart, queryStart)
        }

        /// Rejects raw spaces, controls and fragments; finds the query, the slashes and any `%`.
        @inline(__always)
        mutating func run(_ bytes: Span<UInt8>, index: LinkIndex) -> DeepLinkError.Problem? {
            let isSpecial = index.isSpecial
            for position in hostStart..<bytes.count where isSpecial[Int(bytes[position])] {
                switch bytes[position] {
                case UInt8(ascii: "/") where queryStart == bytes.count:
                    if slashCount < slashes.count { slashes[slashCount] = position }
                    slashCount += 1
                case UInt8(ascii: "?") where queryStart == bytes.count: queryStart = position
                case UInt8(ascii: "%"): hasEscapes = true
                case UInt8(ascii: "#"): return DeepLinkError.Problem(.fragment, range: position..<bytes.count)
                case 0...0x20, 0x7F: return DeepLinkError.Problem(.unencodedByte, range: position..<(position + 1))
                case 0xC2 where position + 1 < bytes.count && (0x80...0x9F).contains(bytes[position + 1]):
                    return DeepLinkError.Problem(.unencodedByte, range: position..<(position + 2))
                default: break
                }
            }
            return nil
        }
    }

    /// Why `host` names no flow: a user, a port or an escape that does not decode, else no flow of that name.
    @inline(never)
    static func hostProblem(_ host: Span<UInt8>, range: Range<Int>) -> Outcome {
        if host.contains(UInt8(ascii: "@")) || host.contains(UInt8(ascii: ":")) { return reject(.userOrPort, range: range) }
        // A host is part of a link: decoded, it takes no more bytes than the longest link.
        var decoded = LinkResolver.Text(repeating: 0)
        var target = decoded.mutableSpan
        guard case .failure(let problem) = PercentEncoding.decode(host, into: &target) else { return reject(.unknownFlow, range: range) }
        return reject(problem, range: range)
    }

    /// Resolves `bytes` with `index`, setting `cost` to the number of patterns matched.
    static func resolve(
        _ bytes: Span<UInt8>, index: LinkIndex, checkingUTF8: Bool, cost: inout Int, recorder: WalkRecorder? = nil
    ) -> Outcome {
        guard bytes.count <= RouteGraph.maximumLinkLength else { return reject(.tooLong(Int32(bytes.count))) }
        if checkingUTF8, let bad = bytes.firstInvalidUTF8 { return reject(.rawInvalidUTF8, range: bad) }
        if let problem = schemeProblem(bytes, index: index) { return .rejected(problem) }
        var scan = Scan(hostStart: index.scheme.count + 3, queryStart: bytes.count)
        if let problem = scan.run(bytes, index: index) { return .rejected(problem) }
        let (hostStart, queryStart, slashCount) = (scan.hostStart, scan.queryStart, scan.slashCount)
        let hostEnd = slashCount > 0 ? scan.slashes[0] : queryStart
        guard hostEnd > hostStart else { return reject(.missingFlow) }
        let host = bytes.extracting(hostStart..<hostEnd)
        let flow = index.lookup(.flow, host, foldingCase: true)?.lowerBound
        recorder?.host(host, flow: flow)
        guard let flow else { return hostProblem(host, range: hostStart..<hostEnd) }
        let trailingSlash = hostEnd < queryStart && bytes[queryStart - 1] == UInt8(ascii: "/")
        let segmentCount = hostEnd < queryStart ? slashCount - (trailingSlash ? 1 : 0) : 0
        guard segmentCount <= RouteGraph.maximumSegments else {
            return reject(.tooManySegments(Int32(segmentCount)), range: hostEnd..<queryStart)
        }
        var resolver = LinkResolver(index: index, scan: scan, segmentCount: segmentCount, recorder: recorder)
        defer { cost = resolver.patternMatches }
        return resolver.resolve(bytes, flowIndex: flow)
    }
}
