/// A small deterministic generator (SplitMix64), so every run sees the same inputs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RouteTable {
    /// Tag values, some percent-encoded (`%20`, UTF-8 escapes).
    static let tags = ["swift", "ios", "server%20side", "caf%C3%A9", "ui", "navigation", "deep%20links", "concurrency"]
    /// The tags whose decoded text is longer than 8 bytes.
    public static var longTags: [String] { ["server%20side", "navigation", "deep%20links", "concurrency"] }
    /// Search queries, some percent-encoded.
    static let queries = ["swift", "hello%20world", "routing", "caf%C3%A9%20au%20lait", "tabs", "a%2Fb"]

    /// `count` deterministic links over this table: 9 in 10 are well-formed links to one
    /// of its routes (uniform over sections and shapes, random ids, some escapes); 1 in 10
    /// is a near miss (unknown section, `post/abc`, an unknown last segment, a bad escape,
    /// one segment too many).
    public func inputs(count: Int = 1024, seed: UInt64 = 42) -> [String] {
        var random = SplitMix64(seed: seed ^ UInt64(routeCount))
        var links: [String] = []
        links.reserveCapacity(count)
        for _ in 0..<count {
            let section = Int.random(in: 0..<sections, using: &random)
            let base = "\(Self.scheme)://main/\(Self.sectionName(section))"
            let id = Int.random(in: 1...999_999, using: &random)
            let other = Int.random(in: 1...99_999, using: &random)
            let page = Int.random(in: 1...50, using: &random)
            let tag = Self.tags.randomElement(using: &random)!
            let query = Self.queries.randomElement(using: &random)!
            if Int.random(in: 0..<10, using: &random) == 0 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: links.append("\(Self.scheme)://main/\(Self.sectionName(sections + section))/post/\(id)")
                case 1: links.append("\(base)/post/\(id)x")
                case 2: links.append("\(base)/post/\(id)/likes")
                case 3: links.append("\(base)/tag/%ZZ\(tag)")
                default: links.append("\(base)/tag/\(tag)/page/\(page)/more")
                }
                continue
            }
            switch Shape(rawValue: Int.random(in: 0..<10, using: &random))! {
            case .section: links.append(base)
            case .post: links.append("\(base)/post/\(id)")
            case .comments: links.append("\(base)/post/\(id)/comments")
            case .comment: links.append("\(base)/post/\(id)/comments/\(other)")
            case .postAuthor: links.append("\(base)/post/\(id)/user/\(other)")
            case .user: links.append("\(base)/user/\(other)")
            case .tag: links.append("\(base)/tag/\(tag)")
            case .tagPage: links.append("\(base)/tag/\(tag)/page/\(page)")
            case .search: links.append("\(base)/search?q=\(query)")
            case .compose: links.append("\(base)/compose")
            }
        }
        return links
    }
}
