@_spi(RouteTools) import Wayfinder

/// The groups of overlapping patterns among the screens that may follow one screen: the
/// screens joined by patterns that can match the same segments (each of a group can match
/// some of the same segments as another of it), found without listing every such pair.
///
/// Each pattern is looked up in a `PatternTrie` of those added before it, and the screens
/// it overlaps are joined to its group (a union–find). What keeps this near the size of the
/// list rather than of its pairs: each node of the trie keeps a few screens whose groups are
/// the groups of all the screens at or below it, and the walk leaves a node as soon as all of
/// them are in the group of the pattern looked up. So once a pattern has joined the group
/// every earlier one is in (as on a table where all overlap), its walk stops.
struct OverlapGroups {
    private var trie = PatternTrie()
    /// The union–find: each screen's parent, a group's first screen being its own.
    private var parent: [Int]
    /// For each node of `trie`, screens whose groups are those of the screens whose patterns
    /// end at or below it: a stack, whose top screens found in one group are kept as one.
    private var covers: [[Int]] = [[]]

    /// Groups for screens `0..<count`, to be added in that order.
    init(count: Int) {
        parent = Array(0..<count)
    }

    /// Adds `screen` (the next number), with its pattern, to the groups of those it overlaps.
    mutating func add(_ pattern: [RouteGraph.Segment], screen: Int) {
        join(screen, overlapping: pattern, at: PatternTrie.root, place: 0, in: trie)
        let path = trie.insert(pattern, screen: screen)
        covers += Array(repeating: [], count: trie.count - covers.count)
        for node in path { covers[node].append(screen) }
    }

    /// The groups of two or more screens, each in increasing order, by their first screen.
    mutating func groups() -> [[Int]] {
        var members: [[Int]] = Array(repeating: [], count: parent.count)
        for screen in parent.indices { members[group(of: screen)].append(screen) }
        return members.filter { $0.count > 1 }
    }

    /// Joins `screen` to the groups of the screens at or below `node` whose patterns can
    /// match the same segments as `pattern`, whose first `place` segments led to `node`.
    private mutating func join(
        _ screen: Int, overlapping pattern: [RouteGraph.Segment], at node: Int, place: Int, in trie: PatternTrie
    ) {
        guard !isInGroup(below: node, of: screen) else { return }
        // Shorter patterns that match alike all along.
        for other in trie.ending(at: node) { union(screen, other) }
        guard place < pattern.count else {
            // As long or longer, matching alike along `pattern`: everything below.
            for other in covers[node] { union(screen, other) }
            covers[node] = [screen]
            return
        }
        trie.forEachChild(of: node, matching: pattern[place]) { child in
            guard !isInGroup(below: node, of: screen) else { return false }
            join(screen, overlapping: pattern, at: child, place: place + 1, in: trie)
            return true
        }
    }

    /// Whether all the screens at or below `node` are in the group of `screen`.
    /// - Complexity: Amortized constant: the screens looked at from the top of the node's
    ///   cover that are in that group are kept as one.
    private mutating func isInGroup(below node: Int, of screen: Int) -> Bool {
        let root = group(of: screen)
        var kept: Int?
        while let top = covers[node].last, group(of: top) == root {
            kept = covers[node].removeLast()
        }
        guard let kept else { return false }
        covers[node].append(kept)
        return covers[node].count == 1
    }

    /// The first screen of the group of `screen` (halving the path there).
    private mutating func group(of screen: Int) -> Int {
        var screen = screen
        while parent[screen] != screen {
            parent[screen] = parent[parent[screen]]
            screen = parent[screen]
        }
        return screen
    }

    private mutating func union(_ first: Int, _ second: Int) {
        let (left, right) = (group(of: first), group(of: second))
        parent[max(left, right)] = min(left, right)
    }
}
