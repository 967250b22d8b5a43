extension RouteGraph {
    /// A web link rewritten to the custom-scheme link that resolves alike, the web link being `offset`
    /// bytes longer from its path on, with its flow (its path's first segment) at `flow`; `nil` when
    /// `bytes` are not an `http(s)://` link or the table declares no web origin.
    /// - Throws: The problem with the link's origin.
    func customForm(ofWeb bytes: ByteView) throws(LinkProblem) -> (link: [UInt8], offset: Int, flow: Range<Int>)? {
        guard !webOrigins.isEmpty, let separator = Self.webSchemeLength(bytes) else { return nil }
        let scheme = separator == 5 ? "https" : "http"
        let authorityStart = separator + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
        let authority = bytes[authorityStart..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) {
            throw LinkProblem(.webUserInfo, range: authorityStart..<authorityEnd)
        }
        let colon = authority.firstIndex(of: UInt8(ascii: ":"))
        let host = authority[authorityStart..<(colon ?? authorityEnd)]
        let sameHost = { (origin: WebOrigin) in
            origin.scheme == scheme && origin.host.utf8.elementsEqual(host.lazy.map { LinkIndex.byte($0, true) })
        }
        guard webOrigins.contains(where: sameHost) else { throw LinkProblem(.unknownOrigin, range: 0..<authorityEnd) }
        var port: Int?
        if let colon {
            let digits = authority[(colon + 1)..<authorityEnd]
            guard let number = WebOrigin.port(digits) else {
                throw LinkProblem(.webPort, range: digits.isEmpty ? colon..<authorityEnd : (colon + 1)..<authorityEnd)
            }
            port = number == WebOrigin.defaultPort(of: scheme) ? nil : number
        }
        guard webOrigins.contains(where: { sameHost($0) && $0.port == port }) else {
            guard let colon else {
                throw LinkProblem(.webDefaultPort(Int32(WebOrigin.defaultPort(of: scheme))), range: 0..<authorityEnd)
            }
            throw LinkProblem(.webPort, range: (colon + 1)..<authorityEnd)
        }
        // `https://host/main/feed?q` reads as `scheme://main/feed?q`.
        let pathStart = authorityEnd < bytes.count && bytes[authorityEnd] == UInt8(ascii: "/") ? authorityEnd + 1 : authorityEnd
        var flowEnd = pathStart
        while flowEnd < bytes.count, !Self.endsAuthority(bytes[flowEnd]) { flowEnd += 1 }
        if let problem = Self.flowProblem(bytes, flow: pathStart..<flowEnd, origin: 0..<authorityEnd) { throw problem }
        var link = storage.schemePrefix
        link.append(contentsOf: bytes[pathStart...])
        return (link, pathStart - storage.schemePrefix.count, pathStart..<flowEnd)
    }

    /// What is wrong with the flow of a web link (the first segment of its path) that its
    /// custom-scheme form, where the flow is the host, would tell otherwise.
    private static func flowProblem(_ bytes: ByteView, flow: Range<Int>, origin: Range<Int>) -> LinkProblem? {
        if flow.isEmpty {
            if flow.upperBound < bytes.count, bytes[flow.upperBound] == UInt8(ascii: "/") {
                return LinkProblem(.emptySegment, range: flow, segment: 1)
            }
            let endsOrQuery = flow.upperBound == bytes.count || bytes[flow.upperBound] == UInt8(ascii: "?")
            return endsOrQuery ? LinkProblem(.webMissingFlow, range: origin) : nil
        }
        if bytes.extracting(flow).withSpan(PercentEncoding.isDotSegment) {
            return LinkProblem(.dotSegment, range: flow, segment: 1)
        }
        return nil
    }

    /// Whether `byte` ends a web link's authority (its path, query or fragment begins).
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// The length of the scheme when `bytes` start with `https://` or `http://` (in any case).
    private static func webSchemeLength(_ bytes: ByteView) -> Int? {
        ["https", "http"].first { bytes.starts(with: ($0 + "://").utf8) { LinkIndex.byte($0, true) == $1 } }?.utf8.count
    }
}
