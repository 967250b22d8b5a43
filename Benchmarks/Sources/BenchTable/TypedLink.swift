/// A link read into the table's terms: which route, and its typed path values in order.
public struct TypedLink: Hashable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The shape.
    public var shape: Shape
    /// The int path parameters, in path order.
    public var ints: [Int]
    /// The string path parameters, decoded.
    public var texts: [String]

    /// Creates one.
    public init(section: Int, shape: Shape, ints: [Int], texts: [String]) {
        self.section = section
        self.shape = shape
        self.ints = ints
        self.texts = texts
    }

    public var description: String { "\(RouteTable.sectionName(section)) \(shape) \(ints) \(texts)" }
}

extension TypedLink {
    /// The names of the int path parameters, in path order.
    static let intNames = ["id", "cid", "uid", "n"]

    /// A link a router read as `shape` in `section`, with the tag (decoded) when it has one,
    /// its int values read by name through `text`; `nil` when one is not an int. How every
    /// peer reports its full reading.
    public init?(section: Int, shape: Shape, tag: String?, text: (String) -> String?) {
        var ints: [Int] = []
        for name in Self.intNames {
            guard let value = text(name) else { continue }
            guard let number = Int(value) else { return nil }
            ints.append(number)
        }
        self.init(section: section, shape: shape, ints: ints, texts: tag.map { [$0] } ?? [])
    }
}

extension Shape {
    /// The shape's number plus its int path values, each read by `int` (`nil` when one is
    /// missing or not an int): the checksum of the typed state each peer's `resolve` returns.
    @inline(__always)
    public func checksum(int: (String) -> Int?) -> Int? {
        var sum = rawValue
        switch self {
        case .section, .search, .compose, .tag:
            break
        case .post, .comments:
            guard let id = int("id") else { return nil }
            sum &+= id
        case .comment:
            guard let id = int("id"), let cid = int("cid") else { return nil }
            sum &+= id &+ cid
        case .postAuthor:
            guard let id = int("id"), let uid = int("uid") else { return nil }
            sum &+= id &+ uid
        case .user:
            guard let uid = int("uid") else { return nil }
            sum &+= uid
        case .tagPage:
            guard let n = int("n") else { return nil }
            sum &+= n
        }
        return sum
    }
}
