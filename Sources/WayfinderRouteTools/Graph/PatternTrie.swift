@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// The patterns of the screens that may follow one screen, as a trie of their segments: what
/// finds the screens whose patterns can match the same segments as a pattern (the route
/// tools' warnings, the parser's round-trip errors) without comparing every pair. The screens are numbers the caller
/// chooses (their place in the list of successors).
public struct PatternTrie {
    private struct Node {
        /// The segment that leads here (the first pattern's, parameter name and all); `nil` at the root.
        var segment: RouteGraph.Segment?
        /// The children by literal word.
        var literals: [String: Int] = [:]
        /// The literal children whose word reads as a value of a type with a shape of its
        /// own (an int, a uuid…): the only ones a parameter of those types can match.
        var valueLiterals: [(word: String, node: Int)] = []
        /// The children by parameter type, in the order they were added, and looked up by type.
        var parameters: [(type: ParameterType, node: Int)] = []
        var parameterChildren: [ParameterType: Int] = [:]
        /// The screens whose pattern ends here.
        var ending: [Int] = []
    }

    private var nodes = [Node()]

    /// An empty trie.
    public init() {}

    /// The root, where every pattern starts.
    public static let root = 0

    /// How many nodes there are (numbered from 0).
    public var count: Int { nodes.count }

    /// The screens whose pattern ends at `node`.
    public func ending(at node: Int) -> [Int] { nodes[node].ending }

    /// Adds the pattern of `screen`; returns the nodes along it, from the root.
    @discardableResult
    public mutating func insert(_ pattern: [RouteGraph.Segment], screen: Int) -> [Int] {
        var path = [PatternTrie.root]
        for segment in pattern {
            path.append(child(of: path[path.count - 1], for: segment))
        }
        nodes[path[path.count - 1]].ending.append(screen)
        return path
    }

    private mutating func child(of node: Int, for segment: RouteGraph.Segment) -> Int {
        switch segment {
        case .literal(let word):
            if let child = nodes[node].literals[word] { return child }
            nodes.append(Node(segment: segment))
            nodes[node].literals[word] = nodes.count - 1
            if PatternTrie.valueTypes.contains(where: { ParameterValue(parsing: word, as: $0) != nil }) {
                nodes[node].valueLiterals.append((word, nodes.count - 1))
            }
        case .parameter(_, let type):
            if let child = nodes[node].parameterChildren[type] { return child }
            nodes.append(Node(segment: segment))
            nodes[node].parameters.append((type, nodes.count - 1))
            nodes[node].parameterChildren[type] = nodes.count - 1
        }
        return nodes.count - 1
    }

    /// The named types whose values have a shape of their own (all but string and rest).
    private static let valueTypes = ParameterType.named.filter { $0 != .string && $0 != .rest }

    /// The screens added whose patterns can match the same segments as `pattern` over the
    /// length they share: at each place, the same literal, a literal that reads as the
    /// other's parameter, or two parameters that can read one segment alike.
    public func overlapping(_ pattern: [RouteGraph.Segment]) -> [Int] {
        var found: [Int] = []
        var frontier = [PatternTrie.root]
        for segment in pattern {
            var next: [Int] = []
            for node in frontier {
                // Shorter patterns that match alike all along: they overlap.
                found += nodes[node].ending
                forEachChild(of: node, matching: segment) { child in
                    next.append(child)
                    return true
                }
            }
            frontier = next
        }
        return found + screens(below: frontier)
    }

    /// The screens added whose patterns can match the same segments as `pattern` and, at
    /// some place they share, read a segment in another spelling than the other prints it
    /// (``RouteGraph/Overlap/literalSpelling`` or ``RouteGraph/Overlap/valueSpelling``):
    /// the pairs a table is refused for.
    /// - Complexity: Only the part of the trie that overlaps `pattern` up to its last segment
    ///   that can overlap another in another spelling is walked: nothing for a pattern without
    ///   an int, double or uuid (as a parameter, a literal or a word of a set).
    func overlappingInAnotherSpelling(_ pattern: [RouteGraph.Segment]) -> [Int] {
        guard let last = pattern.lastIndex(where: RouteGraph.canOverlapInAnotherSpelling) else { return [] }
        var found: [Int] = []
        var frontier: [(node: Int, spelled: Bool)] = [(PatternTrie.root, false)]
        for (place, segment) in pattern.enumerated() {
            var next: [(node: Int, spelled: Bool)] = []
            // Past `last`, a node reached without another spelling cannot get one.
            for (node, spelled) in frontier where spelled || place <= last {
                if spelled { found += nodes[node].ending }
                forEachChild(of: node, matching: segment) { child in
                    let overlap = nodes[child].segment.flatMap { RouteGraph.overlap(segment, $0) }
                    next.append((child, spelled || (overlap ?? .alike) != .alike))
                    return true
                }
            }
            frontier = next
        }
        return found + screens(below: frontier.filter(\.spelled).map(\.node))
    }

    /// The screens whose patterns end at or below the nodes `start`.
    private func screens(below start: [Int]) -> [Int] {
        var found: [Int] = []
        var frontier = start
        while let node = frontier.popLast() {
            found += nodes[node].ending
            frontier += nodes[node].literals.values
            frontier += nodes[node].parameters.map(\.node)
        }
        return found
    }

    /// Calls `body` with each child of `node` whose segment can match what `segment` matches,
    /// until it returns `false`.
    public func forEachChild(of node: Int, matching segment: RouteGraph.Segment, _ body: (Int) -> Bool) {
        let here = nodes[node]
        switch segment {
        case .literal(let word):
            if let child = here.literals[word], !body(child) { return }
            for (type, child) in here.parameters where ParameterValue(parsing: word, as: type) != nil {
                guard body(child) else { return }
            }
        case .parameter(_, let type):
            switch type {
            case .string, .rest:
                for child in here.literals.values where !body(child) { return }
            case .oneOf(let words):
                for word in words {
                    if let child = here.literals[word], !body(child) { return }
                }
            default:
                for (word, child) in here.valueLiterals where ParameterValue(parsing: word, as: type) != nil {
                    guard body(child) else { return }
                }
            }
            for (other, child) in here.parameters where RouteGraph.canShareValue(type, other) {
                guard body(child) else { return }
            }
        }
    }
}
