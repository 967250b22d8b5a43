import Testing
@_spi(Generated) @_spi(RouteTools) @testable import Wayfinder
@testable import WayfinderRouteTools

/// The overlaps of a table are found without comparing every pair of patterns (``OverlapGroups``,
/// ``PatternTrie``): checked here against comparing every pair, on random tables of patterns
/// built from segments that overlap in every way (literals that read as values, sets, typed
/// parameters that share values, strings and rests).
@Suite struct OverlapGroupsTests {
    static let segments: [RouteGraph.Segment] = [
        .literal("a"), .literal("b"), .literal("7"), .literal("1.5"), .literal("true"),
        .literal("0b7a8c1e-4d2f-4a6b-9c3d-2e1f0a9b8c7d"),
        .parameter(name: "s", type: .string), .parameter(name: "n", type: .int),
        .parameter(name: "x", type: .double), .parameter(name: "u", type: .uuid),
        .parameter(name: "b", type: .bool), .parameter(name: "d", type: .date),
        .parameter(name: "w", type: .oneOf(["a", "c"])), .parameter(name: "v", type: .oneOf(["7", "z"])),
        .parameter(name: "t", type: .oneOf(["true", "q"])),
    ]

    /// A table of `count` push screens after a root and after random others of them, with
    /// random patterns of one to three segments (the last possibly a rest).
    static func randomGraph(screens count: Int, using rng: inout SeededGenerator) -> RouteGraph {
        let at = RoutesLocation(file: "r.routes", line: 1, column: 1)
        var screens = [RouteGraph.Screen(
            name: "root", flow: "f", tab: nil, kind: .root, pattern: [], query: [], predecessors: [], location: at
        )]
        for index in 0..<count {
            var pattern = (0..<Int.random(in: 1...3, using: &rng)).map { _ in segments.randomElement(using: &rng) ?? .literal("a") }
            if Int.random(in: 0..<6, using: &rng) == 0 { pattern.append(.parameter(name: "r", type: .rest)) }
            let others = (0..<count).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }.map { "p\($0)" }
            let predecessors = Int.random(in: 0..<3, using: &rng) == 0 && !others.isEmpty ? others : ["root"] + others
            screens.append(RouteGraph.Screen(
                name: "p\(index)", flow: "f", tab: nil, kind: .push, pattern: pattern, query: [],
                predecessors: predecessors, location: RoutesLocation(file: "r.routes", line: index + 2, column: 1)
            ))
        }
        return RouteGraph(
            checkedScheme: "r", guards: [], flows: [RouteGraph.Flow(name: "f", guardName: nil, tabs: [])], screens: screens
        )
    }

    /// What every pair says: for each list of successors (once), the groups joined by
    /// overlapping pairs, unless all of a group was in an earlier list; and the pairs that
    /// overlap in another spelling, each with the first screen both follow.
    static func byEveryPair(_ graph: RouteGraph) -> (groups: [String], spelled: [String]) {
        var groups: [String] = []
        var spelled: [String] = []
        var searched: Set<[Int]> = []
        var lists: [Set<Int>] = []
        var pairs: Set<[Int]> = []
        for (position, screen) in graph.screens.enumerated() {
            let next = graph.successors[position]
            guard next.count > 1, searched.insert(next).inserted else { continue }
            var group = Dictionary(uniqueKeysWithValues: next.map { ($0, $0) })
            func find(_ member: Int) -> Int { group[member] == member ? member : find(group[member] ?? member) }
            for first in next {
                for second in next where first < second {
                    guard let overlap = RouteGraph.overlap(graph.screens[first].pattern, graph.screens[second].pattern) else { continue }
                    group[find(second)] = find(first)
                    if overlap != .alike, pairs.insert([first, second]).inserted {
                        spelled.append("\(screen.name): \(graph.screens[first].name) \(graph.screens[second].name) \(overlap)")
                    }
                }
            }
            for members in Dictionary(grouping: next, by: find).values where members.count > 1 {
                guard !lists.contains(where: { $0.isSuperset(of: members) }) else { continue }
                groups.append("\(screen.name): " + members.sorted().map { graph.screens[$0].name }.joined(separator: " "))
            }
            lists.append(Set(next))
        }
        return (groups.sorted(), spelled.sorted())
    }

    @Test(arguments: 0..<200)
    func groupsAndSpellingsAreThoseOfEveryPair(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let graph = Self.randomGraph(screens: Int.random(in: 2...14, using: &rng), using: &rng)
        var groups: [String] = []
        graph.forEachOverlapGroup { after, members in
            groups.append("\(after.name): " + members.map(\.name).joined(separator: " "))
        }
        var spelled: [String] = []
        graph.forEachOverlapInAnotherSpelling { first, second, after, overlap in
            spelled.append("\(after.name): \(first.name) \(second.name) \(overlap)")
        }
        let expected = Self.byEveryPair(graph)
        #expect(groups.sorted() == expected.groups, "seed \(seed)")
        #expect(spelled.sorted() == expected.spelled, "seed \(seed)")
    }
}
