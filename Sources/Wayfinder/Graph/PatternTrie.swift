/// The patterns of the screens that may follow one screen, as a trie of their segments: what
/// finds the pairs whose patterns can match the same segments (see ``RouteGraph/warnings``)
/// without comparing every pair, so that checking a table costs about its size, plus the
/// pairs found.
struct PatternTrie {
    private struct Node {
        /// The children by literal word.
        var literals: [String: Int] = [:]
        /// The literal children whose word reads as a value of a type with a shape of its
        /// own (an int, a uuid…): the only ones a parameter of those types can match.
        var valueLiterals: [(word: String, node: Int)] = []
        /// The children by parameter type.
        var parameters: [(type: ParameterType, node: Int)] = []
        /// The screens whose pattern ends here.
        var ending: [Int] = []
    }

    private var nodes = [Node()]

    /// Adds the pattern of `screen`.
    mutating func insert(_ pattern: [RouteGraph.Segment], screen: Int) {
        var node = 0
        for segment in pattern {
            node = child(of: node, for: segment)
        }
        nodes[node].ending.append(screen)
    }

    private mutating func child(of node: Int, for segment: RouteGraph.Segment) -> Int {
        switch segment {
        case .literal(let word):
            if let child = nodes[node].literals[word] { return child }
            nodes.append(Node())
            nodes[node].literals[word] = nodes.count - 1
            if PatternTrie.valueTypes.contains(where: { ParameterValue(parsing: word, as: $0) != nil }) {
                nodes[node].valueLiterals.append((word, nodes.count - 1))
            }
        case .parameter(_, let type):
            if let child = nodes[node].parameters.first(where: { $0.type == type }) { return child.node }
            nodes.append(Node())
            nodes[node].parameters.append((type, nodes.count - 1))
        }
        return nodes.count - 1
    }

    /// The named types whose values have a shape of their own (all but string and rest).
    private static let valueTypes = ParameterType.named.filter { $0 != .string && $0 != .rest }

    /// The screens added whose patterns can match the same segments as `pattern` over the
    /// length they share: at each place, the same literal, a literal that reads as the
    /// other's parameter, or two parameters that can read one segment alike.
    func overlapping(_ pattern: [RouteGraph.Segment]) -> [Int] {
        var found: [Int] = []
        var frontier = [0]
        for segment in pattern {
            var next: [Int] = []
            for node in frontier {
                // Shorter patterns that match alike all along: they overlap.
                found += nodes[node].ending
                children(of: node, matching: segment, into: &next)
            }
            frontier = next
        }
        // As long or longer, matching alike along `pattern`: everything below.
        while let node = frontier.popLast() {
            found += nodes[node].ending
            frontier += nodes[node].literals.values
            frontier += nodes[node].parameters.map(\.node)
        }
        return found
    }

    /// Adds to `next` the children of `node` whose segment can match what `segment` matches.
    private func children(of node: Int, matching segment: RouteGraph.Segment, into next: inout [Int]) {
        let here = nodes[node]
        switch segment {
        case .literal(let word):
            if let child = here.literals[word] { next.append(child) }
            for (type, child) in here.parameters where ParameterValue(parsing: word, as: type) != nil {
                next.append(child)
            }
        case .parameter(_, let type):
            switch type {
            case .string, .rest:
                next += here.literals.values
            case .oneOf(let words):
                next += words.compactMap { here.literals[$0] }
            default:
                next += here.valueLiterals.filter { ParameterValue(parsing: $0.word, as: type) != nil }.map(\.node)
            }
            for (other, child) in here.parameters where RouteGraph.canShareValue(type, other) {
                next.append(child)
            }
        }
    }
}
