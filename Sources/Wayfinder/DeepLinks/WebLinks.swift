/// A web origin a route table answers links for (universal links, app links), declared
/// in a `.routes` file as `web https://wayfinder.example`.
///
/// A web link to a declared origin resolves exactly as the custom-scheme link with the
/// same path: `https://wayfinder.example/main/feed/post/4` as `wayfinder://main/feed/post/4`
/// (the first path segment is the flow). The scheme and host compare case-insensitively;
/// the scheme's default port (443 for `https`, 80 for `http`) may be written or not.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `https` or `http`.
    public let scheme: String
    /// The host, in lower case.
    public let host: String
    /// The port, or `nil` for the scheme's default.
    public let port: Int?

    /// Reads an origin such as `https://wayfinder.example` or `http://localhost:8080`
    /// (a trailing `/` allowed); `nil` for anything else: another scheme, a path, a user,
    /// a port out of 1–65535, a host that browsers would refuse or read as another (see
    /// ``hostProblem(_:)``: letters, digits, `-` and `.` labels, or a dotted-decimal IPv4
    /// address).
    public init?(parsing text: String) {
        guard case .success(let origin) = WebOrigin.read(text) else { return nil }
        self = origin
    }

    /// An origin of parts already checked (see ``read(_:)``).
    init(checkedScheme scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `https://wayfinder.example`, with the port when it is not the default.
    public var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    static func defaultPort(of scheme: String) -> Int { scheme == "https" ? 443 : 80 }

    /// The port `digits` write (1–65535, no sign), or `nil`.
    static func port(_ digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return (1...65_535).contains(value) ? value : nil
    }
}

/// A web link as the custom-scheme link that resolves alike (what follows the authority is
/// kept, so a problem in it is `offset` bytes further in the web link; `flow` is where the
/// flow, the web path's first segment, is in the web link), or why not.
enum WebForm {
    case link([UInt8], offset: Int, flow: Range<Int>)
    case refused(LinkProblem)
}

extension RouteGraph {
    /// A web link rewritten to the custom-scheme link that resolves alike, or the problem
    /// with its origin; `nil` when `bytes` are not an `http(s)://` link or the table
    /// declares no web origin.
    func customForm(ofWeb bytes: ByteView) -> WebForm? {
        guard !webOrigins.isEmpty, let separator = Self.webSchemeLength(bytes) else { return nil }
        let scheme = separator == 5 ? "https" : "http"
        let authorityStart = separator + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
        let authority = bytes[authorityStart..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) {
            return .refused(LinkProblem(.webUserInfo, range: authorityStart..<authorityEnd))
        }
        let colon = authority.firstIndex(of: UInt8(ascii: ":"))
        let host = authority[authorityStart..<(colon ?? authorityEnd)]
        let sameHost = { (origin: WebOrigin) in
            origin.scheme == scheme && origin.host.utf8.elementsEqual(host.lazy.map(RouteGraph.lowercased))
        }
        guard webOrigins.contains(where: sameHost) else { return .refused(LinkProblem(.unknownOrigin, range: 0..<authorityEnd)) }
        var port: Int?
        if let colon {
            let digits = authority[(colon + 1)..<authorityEnd]
            guard let number = WebOrigin.port(digits) else {
                return .refused(LinkProblem(.webPort, range: digits.isEmpty ? colon..<authorityEnd : (colon + 1)..<authorityEnd))
            }
            port = number == WebOrigin.defaultPort(of: scheme) ? nil : number
        }
        guard webOrigins.contains(where: { sameHost($0) && $0.port == port }) else {
            guard let colon else {
                let defaultPort = Int32(WebOrigin.defaultPort(of: scheme))
                return .refused(LinkProblem(.webDefaultPort(defaultPort), range: 0..<authorityEnd))
            }
            return .refused(LinkProblem(.webPort, range: (colon + 1)..<authorityEnd))
        }
        // `https://host/main/feed?q` reads as `scheme://main/feed?q`.
        let pathStart = authorityEnd < bytes.count && bytes[authorityEnd] == UInt8(ascii: "/") ? authorityEnd + 1 : authorityEnd
        var flowEnd = pathStart
        while flowEnd < bytes.count, !Self.endsAuthority(bytes[flowEnd]) { flowEnd += 1 }
        if let problem = Self.flowProblem(bytes, flow: pathStart..<flowEnd, origin: 0..<authorityEnd) { return .refused(problem) }
        var link = storage.schemePrefix
        link.append(contentsOf: bytes[pathStart...])
        return .link(link, offset: pathStart - storage.schemePrefix.count, flow: pathStart..<flowEnd)
    }

    /// What is wrong with the flow of a web link (`flow`, the first segment of its path)
    /// that its custom-scheme form, where the flow is the host, would tell otherwise: none
    /// (the link ends after `origin`, or has only a query), an empty segment, a dot segment.
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

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// The length of the scheme when `bytes` start with `https://` or `http://` (in any
    /// case), else `nil`.
    private static func webSchemeLength(_ bytes: ByteView) -> Int? {
        for scheme in ["https", "http"] {
            let length = scheme.utf8.count
            guard bytes.count >= length + 3 else { continue }
            let matches = zip(bytes[0..<length], scheme.utf8).allSatisfy { $0 | 0x20 == $1 }
                && bytes[length] == UInt8(ascii: ":") && bytes[length + 1] == UInt8(ascii: "/") && bytes[length + 2] == UInt8(ascii: "/")
            if matches { return length }
        }
        return nil
    }

    /// The web form of the custom-scheme link `link` of this graph, on its first declared
    /// origin; `nil` when the table declares none.
    func webForm(of link: String) -> String? {
        guard let prefix = storage.webPrefix else { return nil }
        // By UTF-8 offset: the scheme and `://` are ASCII (dropping characters walks them).
        return prefix + link[link.utf8.index(link.utf8.startIndex, offsetBy: scheme.utf8.count + 3)...]
    }

    /// The canonical web link of a state, as ``link(flow:tab:stack:presentation:)`` prints
    /// the custom-scheme one, on the first origin the table declares (`web` lines); `nil`
    /// when it declares none.
    public func webLink(flow: String, tab: String?, stack: [Route], presentation: Route?) -> String? {
        webForm(of: link(flow: flow, tab: tab, stack: stack, presentation: presentation))
    }
}

extension ResolvedLink {
    /// The canonical web form of the link (see ``RouteGraph/webLink(flow:tab:stack:presentation:)``),
    /// or `nil` when the table declares no web origin.
    public var webURL: String? { graph.webForm(of: url) }
}

extension RoutesParser {
    /// `web https://wayfinder.example`: an origin whose links the table answers.
    mutating func parseWeb(_ args: [Token], line: Int, at: RoutesLocation) {
        guard args.count == 1 else {
            error(at, "'web' takes exactly one origin, such as 'web https://wayfinder.example'")
            return
        }
        let tokenAt = location(line, args[0].column)
        let origin: WebOrigin
        switch WebOrigin.read(args[0].text) {
        case .success(let read):
            origin = read
        case .failure(let problem):
            error(tokenAt, "invalid web origin '\(args[0].text)': \(problem.message)")
            return
        }
        if let previous = webOrigins.first(where: { $0.0 == origin }) {
            error(tokenAt, "web origin \(origin) declared twice (first at \(previous.1))")
            return
        }
        webOrigins.append((origin, tokenAt))
    }
}
