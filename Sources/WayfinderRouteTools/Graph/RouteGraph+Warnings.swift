@_spi(RouteTools) import Wayfinder

/// Warnings about a table (`wayfinder routes check`, the routes compiler): links that more
/// than one pattern can read. They never stop a table from loading: links still resolve by
/// precedence, and intents that would build a state whose link reads back as another are
/// refused at run time.
extension RouteGraph {
    /// Warnings about the table: each group of screens whose patterns give one link several
    /// readings (each can match the same segments as another of the group), at the
    /// declaration of its last screen.
    /// - Complexity: About the size of the table, however many pairs of patterns overlap.
    public var warnings: [RoutesDiagnostic] {
        var result: [RoutesDiagnostic] = []
        forEachOverlapGroup { after, members in
            guard let last = members.last else { return }
            let named = Self.naming(members.map { "'\($0.patternText)' (screen '\($0.name)')" })
            // Of three or more, not every two need overlap.
            let overlap = members.count == 2 ? "can match the same segments" : "can each match the same segments as another of them"
            result.append(RoutesDiagnostic(
                last.location,
                "warning: after '\(after.name)', patterns \(named) \(overlap): such a link has several readings, and states that print to one of them are refused"
            ))
        }
        return (result + aliasWarnings).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    /// How many items a warning names before "and N more".
    static let namedInWarning = 10

    /// `a`, `a and b`, `a, b and c`; past ``namedInWarning`` items, the first ones and "and N more".
    static func naming(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        if items.count > namedInWarning {
            let shown = namedInWarning - 2
            return items.prefix(shown).joined(separator: ", ") + " and \(items.count - shown) more"
        }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Calls `body` for each group of two or more screens that may follow the same screen and
    /// are joined by patterns that can match the same segments (see ``OverlapGroups``), with
    /// the first screen they may all follow and the group's screens in declaration order.
    /// A group is reported once: not again after a later screen that all of it may follow.
    /// - Complexity: About the table's size: each list of successors (once, however many
    ///   screens share it) is grouped through a `PatternTrie` without listing its pairs.
    func forEachOverlapGroup(_ body: (_ after: Screen, _ members: [Screen]) -> Void) {
        var searched: Set<[Int]> = []
        // For each screen, the groups reported that it is in.
        var reported: [Int: [Set<Int>]] = [:]
        for (position, screen) in screens.enumerated() {
            let next = successors[position]
            guard next.count > 1, searched.insert(next).inserted else { continue }
            var groups = OverlapGroups(count: next.count)
            for (place, candidate) in next.enumerated() { groups.add(screens[candidate].pattern, screen: place) }
            for group in groups.groups() {
                let members = group.map { next[$0] }.sorted()
                // All in a group reported after an earlier screen: every pair of it was said there.
                guard !(reported[members[0]] ?? []).contains(where: { $0.isSuperset(of: members) }) else { continue }
                let set = Set(members)
                for member in members { reported[member, default: []].append(set) }
                body(screen, members.map { screens[$0] })
            }
        }
    }

}

extension RouteGraph {
    /// Warnings about aliases whose links another pattern can also read (see ``warnings``):
    /// such a link opens what today's pattern (or the alias declared first) says, as today's
    /// patterns are read first, so the alias never opens it. One warning for each alias and
    /// screen it may follow, naming the patterns read first.
    /// - Complexity: About the size of the table, plus the screens each alias overlaps.
    private var aliasWarnings: [RoutesDiagnostic] {
        guard let table = otherShapes.first(where: { $0.version == nil }) else { return [] }
        let graph = table.graph
        func isAlias(_ screen: Int) -> Bool { table.aliasScreens[graph.screens[screen].name] != nil }
        // For each alias screen, the screens already named beside it.
        var named: [Int: Set<Int>] = [:]
        var searched: Set<[Int]> = []
        var result: [RoutesDiagnostic] = []
        for (position, screen) in graph.screens.enumerated() {
            let next = graph.successors[position]
            guard next.count > 1, next.contains(where: isAlias), searched.insert(next).inserted else { continue }
            var trie = PatternTrie()
            for candidate in next { trie.insert(graph.screens[candidate].pattern, screen: candidate) }
            for candidate in next where isAlias(candidate) {
                // Of two aliases, the one reported is the later: the other reads the link first.
                let others = trie.overlapping(graph.screens[candidate].pattern).filter { other in
                    other != candidate && (other < candidate || !isAlias(other)) && named[candidate, default: []].insert(other).inserted
                }
                guard !others.isEmpty else { continue }
                result.append(Self.aliasWarning(candidate, others: others.sorted(), after: screen, in: graph, aliasScreens: table.aliasScreens))
            }
        }
        return result
    }

    /// The warning that alias screen `alias` of `graph` (today's table with its aliases) can
    /// match the same segments as the screens `others` after `after`, which are read first.
    private static func aliasWarning(
        _ alias: Int, others: [Int], after: RouteGraph.Screen, in graph: RouteGraph, aliasScreens: [String: RouteAlias]
    ) -> RoutesDiagnostic {
        func original(_ name: String) -> String { name.split(separator: "~").first.map(String.init) ?? name }
        func pattern(_ alias: RouteAlias) -> String { alias.pattern.map(\.description).joined(separator: "/") }
        func describe(_ screen: RouteGraph.Screen) -> String {
            aliasScreens[screen.name].map { "alias '\(pattern($0))' of screen '\($0.screen)'" }
                ?? "'\(screen.patternText)' (screen '\(screen.name)')"
        }
        let name = graph.screens[alias].name
        let declared = aliasScreens[name] ?? RouteAlias(screen: original(name), pattern: [], location: after.location)
        let which = others.count == 1 ? "which is" : "which are"
        return RoutesDiagnostic(
            declared.location,
            "warning: after '\(original(after.name))', alias '\(pattern(declared))' of screen '\(declared.screen)' can match the same segments as \(naming(others.map { describe(graph.screens[$0]) })), \(which) read first: the alias does not open such links"
        )
    }
}
