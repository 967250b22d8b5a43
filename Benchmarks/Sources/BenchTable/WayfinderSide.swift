import Wayfinder

/// Wayfinder over the generated table: `RouteGraph.resolve(_:)` (scheme, host, limits,
/// escapes, UTF-8 and control-character checks, the walk through the graph with
/// backtracking, typed conversion, the query, the whole back stack), then every typed
/// value read back through `value(step:slot:)` and the top screen's name.
public struct WayfinderSide: Sendable {
    /// The graph.
    public let graph: RouteGraph

    /// Parses `table`'s `.routes` text.
    public init(table: RouteTable) throws {
        graph = try table.graph()
    }

    /// Resolves `link` and reads its typed state. Returns a checksum of it (the number of
    /// screens, the ints and the top screen's name length), or `nil` when it is rejected.
    @inline(__always)
    public func resolve(_ link: String) -> Int? {
        guard let resolved = try? graph.resolve(link) else { return nil }
        var sum = resolved.count
        for step in 0..<resolved.count {
            for slot in 0..<resolved.parameterCount(at: step) {
                if case .int(let value)? = resolved.value(step: step, slot: slot) { sum &+= value }
            }
        }
        sum &+= resolved.screenName(at: resolved.count - 1).utf8.count
        return sum
    }

    /// The full typed reading of `link`, for checking that both routers agree.
    public func typedLink(_ link: String) -> TypedLink? {
        guard let resolved = try? graph.resolve(link) else { return nil }
        let top = resolved.screenName(at: resolved.count - 1)
        let section = resolved.count > 1 ? resolved.screenName(at: 1) : ""
        guard section.hasPrefix("topic"), let index = Int(section.dropFirst(5)) else { return nil }
        let suffix = top.dropFirst(section.count)
        let shape: Shape
        switch top == "search" ? "search" : suffix {
        case "search": shape = .search
        case "": shape = .section
        case "Post": shape = .post
        case "Comments": shape = .comments
        case "Comment": shape = .comment
        case "User": shape = resolved.count == 3 ? .user : .postAuthor
        case "Tag": shape = .tag
        case "TagPage": shape = .tagPage
        case "Compose": shape = .compose
        default: return nil
        }
        var ints: [Int] = []
        var texts: [String] = []
        for route in resolved.stack + (resolved.presentation.map { [$0.route] } ?? []) {
            for name in ["id", "cid", "uid", "n"] {
                if let value = route[name]?.intValue { ints.append(value) }
            }
            if let tag = route["tag"]?.stringValue { texts.append(tag) }
        }
        return TypedLink(section: index, shape: shape, ints: ints, texts: texts)
    }
}
