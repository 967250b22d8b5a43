import WayfinderSystem

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
    /// a port out of 1–65535, a host that browsers would refuse or read as another (the host
    /// must be dot-separated labels of letters, digits and `-`, or a dotted-decimal IPv4
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

/// Reading a web origin's text, and its host as browsers read hosts (the WHATWG URL
/// Standard's host parser): a host a browser would refuse, or read as another (an IPv4
/// address in another spelling), is not an origin a table can answer for.
extension WebOrigin {
    /// The origin `text` writes, or why it writes none (a phrase, for `routes check`).
    static func read(_ text: String) -> Result<WebOrigin, OriginProblem> {
        let lowered = text.lowercased()
        let scheme = lowered.hasPrefix("https://") ? "https" : lowered.hasPrefix("http://") ? "http" : ""
        guard !scheme.isEmpty else { return .failure(.shape) }
        var authority = lowered.dropFirst(scheme.count + 3)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains(where: { "/?#".contains($0) }) { return .failure(.shape) }
        if authority.contains("@") { return .failure(.userPart) }
        if authority.hasPrefix("[") { return .failure(.host("'\(authority)' is an IPv6 address, which web origins do not support")) }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = String(parts[0])
        if let problem = hostProblem(host) { return .failure(.host(problem)) }
        var port: Int?
        if parts.count == 2 {
            guard let number = WebOrigin.port(parts[1].utf8) else { return .failure(.port(String(parts[1]))) }
            port = number == WebOrigin.defaultPort(of: scheme) ? nil : number
        }
        return .success(WebOrigin(checkedScheme: scheme, host: host, port: port))
    }

    /// Why a web origin's text is not one.
    enum OriginProblem: Error {
        /// Not `http(s)://HOST[:PORT]` with no path, query or fragment.
        case shape
        /// A user part (`https://user@host`).
        case userPart
        /// A port that is not a number from 1 to 65535.
        case port(String)
        /// What is wrong with the host, as a phrase.
        case host(String)

        var message: String {
            switch self {
            case .shape: "use https://HOST or http://HOST, with an optional :PORT and no path"
            case .userPart: "a web origin has no user part; use https://HOST or http://HOST, with an optional :PORT"
            case .port(let port): "port '\(port)' is not a number from 1 to 65535"
            case .host(let problem): "host \(problem)"
            }
        }
    }

    /// Why browsers would not read `host` (lower case) as the host it writes, as a phrase
    /// starting with the host quoted; `nil` when they would: a name of dot-separated labels
    /// of letters, digits and `-` (not first or last in a label, at most 63 bytes each, 253
    /// in all), or an IPv4 address in its dotted-decimal form.
    static func hostProblem(_ host: String) -> String? {
        let quoted = "'\(host)'"
        guard !host.isEmpty else { return "is empty" }
        if let byte = host.utf8.first(where: { !isHostByte($0) }) {
            let character = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "a character outside ASCII"
            return "\(quoted) holds \(character): a host is letters, digits and '-', in labels separated by '.' (an international name in its xn-- form)"
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) {
            return "\(quoted) has an empty label: a '.' at its start or end, or two in a row"
        }
        if let last = labels.last, endsInANumber(last) {
            return ipv4Problem(host, labels: labels)
        }
        if let label = labels.first(where: { $0.utf8.count > 63 }) {
            return "\(quoted) has a label of \(label.utf8.count) bytes ('\(label.prefix(16))…'); a label holds at most 63"
        }
        guard host.utf8.count <= 253 else { return "\(quoted) is \(host.utf8.count) bytes long; a host holds at most 253" }
        if let label = labels.first(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
            return "\(quoted) has the label '\(label)', which \(label.hasPrefix("-") ? "starts" : "ends") with '-'; a label starts and ends with a letter or digit"
        }
        return nil
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether browsers take a host whose last label is `label` for an IPv4 address: the
    /// label is decimal digits, or `0x` and hexadecimal digits.
    private static func endsInANumber(_ label: Substring) -> Bool {
        if label.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return true }
        guard label.hasPrefix("0x") else { return false }
        return label.utf8.dropFirst(2).allSatisfy(Hexadecimal.isDigit)
    }

    /// Why `host`, which browsers read as an IPv4 address, is not one in its own form.
    private static func ipv4Problem(_ host: String, labels: [Substring]) -> String? {
        let quoted = "'\(host)'"
        let refused = "\(quoted) ends in a number, so browsers read it as an IPv4 address, which it is not"
        guard labels.count <= 4 else { return "\(refused) (more than four parts); they refuse it" }
        var numbers: [UInt64] = []
        for label in labels {
            guard let number = ipv4Number(label) else { return "\(refused) ('\(label)' is not a number); they refuse it" }
            numbers.append(number)
        }
        if let large = numbers.dropLast().first(where: { $0 > 255 }) {
            return "\(refused) (\(large) is over 255); they refuse it"
        }
        let lastLimit = UInt64(1) << (8 * (5 - numbers.count))
        guard let last = numbers.last, last < lastLimit else {
            return "\(refused) (its last part is \(lastLimit - 1) at most); they refuse it"
        }
        var address = last
        for (position, number) in numbers.dropLast().enumerated() { address += number << (8 * (3 - position)) }
        let dotted = (0..<4).map { String((address >> (8 * (3 - $0))) & 0xFF) }.joined(separator: ".")
        return dotted == host ? nil : "\(quoted) is read by browsers as the IPv4 address \(dotted); write that"
    }

    /// One part of an IPv4 address as browsers read it: decimal, octal after a leading `0`,
    /// hexadecimal after `0x`; `nil` when it is none (or is too large to be a part).
    private static func ipv4Number(_ label: Substring) -> UInt64? {
        var digits = label
        var radix: UInt64 = 10
        if digits.hasPrefix("0x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count > 1, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        // Past 2^32 the value is too large whatever follows: it stays there, digits still checked.
        let ceiling = UInt64(1) << 32
        var value: UInt64 = 0
        for byte in digits.utf8 {
            guard let digit = Hexadecimal.value(of: byte), UInt64(digit) < radix else { return nil }
            value = min(value * radix + UInt64(digit), ceiling)
        }
        return value
    }
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
