extension RouteGraph {
    /// A web link rewritten to the custom-scheme link that resolves alike, the web link being `offset`
    /// bytes longer from its path on, with its flow (its path's first segment) at `flow`; `nil` when
    /// `bytes` are not an `http(s)://` link or the table declares no web origin.
    /// - Throws: The problem with the link's origin.
    func customForm(ofWeb bytes: Span<UInt8>) throws(DeepLinkError.Problem) -> (link: [UInt8], offset: Int, flow: Range<Int>)? {
        guard !webOrigins.isEmpty, let separator = Self.webSchemeLength(bytes) else { return nil }
        let scheme = separator == 5 ? "https" : "http"
        let authorityStart = separator + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
        let authority = bytes.extracting(authorityStart..<authorityEnd)
        if authority.contains(UInt8(ascii: "@")) {
            throw DeepLinkError.Problem(.webUserInfo, range: authorityStart..<authorityEnd)
        }
        let colon = (authorityStart..<authorityEnd).first { bytes[$0] == UInt8(ascii: ":") }
        let host = bytes.extracting(authorityStart..<(colon ?? authorityEnd))
        func sameHost(_ origin: WebOrigin) -> Bool {
            origin.scheme == scheme && host.count == origin.host.utf8.count && host.starts(withFoldingCase: origin.host)
        }
        guard webOrigins.contains(where: sameHost) else { throw DeepLinkError.Problem(.unknownOrigin, range: 0..<authorityEnd) }
        var port: Int?
        if let colon {
            let digits = bytes.extracting((colon + 1)..<authorityEnd)
            guard let number = WebOrigin.port(digits.string.utf8) else {
                throw DeepLinkError.Problem(.webPort, range: digits.isEmpty ? colon..<authorityEnd : (colon + 1)..<authorityEnd)
            }
            port = number == WebOrigin.defaultPort(of: scheme) ? nil : number
        }
        guard webOrigins.contains(where: { sameHost($0) && $0.port == port }) else {
            guard let colon else {
                throw DeepLinkError.Problem(.webDefaultPort(Int32(WebOrigin.defaultPort(of: scheme))), range: 0..<authorityEnd)
            }
            throw DeepLinkError.Problem(.webPort, range: (colon + 1)..<authorityEnd)
        }
        // `https://host/main/feed?q` reads as `scheme://main/feed?q`.
        let pathStart = authorityEnd < bytes.count && bytes[authorityEnd] == UInt8(ascii: "/") ? authorityEnd + 1 : authorityEnd
        var flowEnd = pathStart
        while flowEnd < bytes.count, !Self.endsAuthority(bytes[flowEnd]) { flowEnd += 1 }
        if let problem = Self.flowProblem(bytes, flow: pathStart..<flowEnd, origin: 0..<authorityEnd) { throw problem }
        var link = storage.schemePrefix
        link.reserveCapacity(link.count + bytes.count - pathStart)
        for position in pathStart..<bytes.count { link.append(bytes[position]) }
        return (link, pathStart - storage.schemePrefix.count, pathStart..<flowEnd)
    }

    /// What is wrong with the flow of a web link (the first segment of its path) that its
    /// custom-scheme form, where the flow is the host, would tell otherwise.
    private static func flowProblem(_ bytes: Span<UInt8>, flow: Range<Int>, origin: Range<Int>) -> DeepLinkError.Problem? {
        if flow.isEmpty {
            if flow.upperBound < bytes.count, bytes[flow.upperBound] == UInt8(ascii: "/") {
                return DeepLinkError.Problem(.emptySegment, range: flow, segment: 1)
            }
            let endsOrQuery = flow.upperBound == bytes.count || bytes[flow.upperBound] == UInt8(ascii: "?")
            return endsOrQuery ? DeepLinkError.Problem(.webMissingFlow, range: origin) : nil
        }
        if PercentEncoding.isDotSegment(bytes.extracting(flow)) {
            return DeepLinkError.Problem(.dotSegment, range: flow, segment: 1)
        }
        return nil
    }

    /// Whether `byte` ends a web link's authority (its path, query or fragment begins).
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// The length of the scheme when `bytes` start with `https://` or `http://` (in any case).
    private static func webSchemeLength(_ bytes: Span<UInt8>) -> Int? {
        ["https", "http"].first { bytes.starts(withFoldingCase: $0 + "://") }?.utf8.count
    }
}
