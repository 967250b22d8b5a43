/// The first steps of ``LinkResolver/resolve(_:index:checkingUTF8:cost:)``: the scheme, one
/// pass over the rest of the link, the host and the path's segments.
extension LinkResolver {
    /// Why the link does not start with the graph's scheme (compared case-insensitively) and
    /// `://`, or `nil` when it does. The scheme holds no ':' or '/', so a link that starts
    /// with it and "://" needs no search for the end of its scheme.
    @inline(__always)
    static func schemeProblem(_ bytes: ByteView, index table: LinkIndex) -> LinkProblem? {
        let count = bytes.count
        let scheme = table.scheme
        var index = scheme.count
        let startsWithScheme = index + 2 < count && bytes[index] == UInt8(ascii: ":")
            && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
            && bytes.extracting(0..<index).withSpan { LinkIndex.equal($0, scheme.span, at: 0, foldingCase: true) }
        guard !startsWithScheme else { return nil }
        index = 0
        while index < count, bytes[index] != UInt8(ascii: ":"), bytes[index] != UInt8(ascii: "/") { index += 1 }
        guard index > 0, index + 2 < count, bytes[index] == UInt8(ascii: ":"),
              bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return LinkProblem(.noScheme) }
        return LinkProblem(.wrongScheme, range: 0..<index)
    }

    /// What one pass over the link after its scheme finds.
    struct Scan {
        let hostStart: Int
        /// Where the `?` is, or the link's length.
        var queryStart: Int
        /// How many slashes the path has (their places are in the `slashes` buffer given).
        var slashCount = 0
        var hasEscapes = false

        /// Rejects raw spaces, controls and fragments; finds the query; notes where the
        /// path's slashes are and whether anything is percent-encoded.
        @inline(__always)
        mutating func run(_ bytes: ByteView, index: LinkIndex, slashes: CheckedBuffer<Int>) -> LinkProblem? {
            let count = bytes.count
            let isSpecial = index.isSpecial
            var scan = hostStart
            while scan < count {
                // Most of a link is runs of plain bytes.
                while !isSpecial[Int(bytes[scan])] {
                    scan &+= 1
                    if scan == count { return nil }
                }
                let byte = bytes[scan]
                if byte == UInt8(ascii: "/") {
                    if queryStart == count {
                        if slashCount < slashes.count { slashes[slashCount] = scan }
                        slashCount += 1
                    }
                } else if byte == UInt8(ascii: "?") {
                    if queryStart == count { queryStart = scan }
                } else if byte == UInt8(ascii: "%") {
                    hasEscapes = true
                } else if byte == UInt8(ascii: "#") {
                    return LinkProblem(.fragment, range: scan..<count)
                } else if byte != 0xC2 {
                    return LinkProblem(.unencodedByte, range: scan..<(scan + 1))
                } else if scan + 1 < count, (0x80...0x9F).contains(bytes[scan + 1]) {
                    return LinkProblem(.unencodedByte, range: scan..<(scan + 2))
                }
                scan += 1
            }
            return nil
        }
    }

    /// Why `host` names no flow. A flow's name is an identifier, so a host with a user or a
    /// port, or with an escape that does not decode (as in a segment), cannot name one: each
    /// is said as such; any other host is an unknown flow.
    @inline(never)
    static func hostProblem(_ host: ByteView, range: Range<Int>) -> Outcome {
        if host.contains(UInt8(ascii: "@")) || host.contains(UInt8(ascii: ":")) { return reject(.userOrPort, range: range) }
        if host.contains(UInt8(ascii: "%")) {
            let problem = withCheckedBuffer(of: UInt8.self, count: host.count) { scratch -> LinkProblem.Kind? in
                var written = 0
                var problem = LinkProblem.Kind.unknownFlow
                guard decodeValue(host, scratch: scratch, written: &written, problem: &problem) == nil else { return nil }
                switch problem {
                case .badEscape, .invalidUTF8, .controlCharacter: return problem
                default: return nil
                }
            }
            if let problem { return reject(problem, range: range) }
        }
        return reject(.unknownFlow, range: range)
    }

    /// The host (the flow, compared case-insensitively), the path's segments (counted, then
    /// decoded when the link holds `%`), then the walk, for a link ``Scan`` has passed over.
    @inline(__always)
    static func resolveScanned(
        _ bytes: ByteView, index: LinkIndex, scan: Scan, slashes: CheckedBuffer<Int>, cost: inout Int
    ) -> Outcome {
        let (hostStart, queryStart, slashCount, hasEscapes) = (scan.hostStart, scan.queryStart, scan.slashCount, scan.hasEscapes)
        let hostEnd = slashCount > 0 ? slashes[0] : queryStart
        guard hostEnd > hostStart else { return reject(.missingFlow) }
        let host = bytes.extracting(hostStart..<hostEnd)
        guard let flow = index.flow(named: host) else { return hostProblem(host, range: hostStart..<hostEnd) }
        // Path segments: counted first, so the limit is checked before anything is stored.
        var segmentCount = 0
        if hostEnd < queryStart {
            segmentCount = bytes[queryStart - 1] == UInt8(ascii: "/") ? slashCount - 1 : slashCount
        }
        guard segmentCount <= RouteGraph.maximumSegments else {
            return reject(.tooManySegments(Int32(segmentCount)), range: hostEnd..<queryStart)
        }
        // Decoded text never outgrows its source, so the rest of the link bounds the text space.
        let size = (
            segments: segmentCount,
            slots: segmentCount + (segmentCount + 1) * index.maximumQueryCount,
            text: hasEscapes ? bytes.count - hostEnd : 0
        )
        return withWorkspace(size) { workspace in
            var written = 0
            for segment in 0..<segmentCount {
                let range = range(segment, slashes: slashes, slashCount: slashCount, queryStart: queryStart)
                guard !range.isEmpty else { return reject(.emptySegment, range: range, segment: segment + 1) }
                // `a/../b` is `/b` to a browser: a value must never hold what it would remove.
                let raw = bytes.extracting(range)
                if raw.withSpan(PercentEncoding.isDotSegment) {
                    return reject(.dotSegment, range: range, segment: segment + 1)
                }
                if hasEscapes {
                    var problem = LinkProblem.Kind.valueTooLong
                    guard let value = decodeValue(raw, scratch: workspace.text, written: &written, problem: &problem) else { return reject(problem, range: range, segment: segment + 1) }
                    workspace.segments[segment] = value
                } else if range.count > RouteGraph.maximumValueLength {
                    return reject(.valueTooLong, range: range, segment: segment + 1)
                } else {
                    workspace.segments[segment] = raw
                }
            }
            var resolver = LinkResolver(
                index: index, bytes: bytes, workspace: workspace, slashes: slashes, slashCount: slashCount,
                segmentCount: segmentCount, queryStart: queryStart
            )
            let outcome = resolver.resolvePath(flowIndex: flow, written: written)
            cost = resolver.patternMatches
            return outcome
        }
    }
}
