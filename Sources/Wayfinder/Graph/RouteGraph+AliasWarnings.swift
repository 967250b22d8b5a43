extension RouteGraph {
    /// Warnings about aliases whose links another pattern can also read (see ``warnings``):
    /// such a link opens what today's pattern (or the alias declared first) says, as today's
    /// patterns are read first, so the alias never opens it. One warning for each alias and
    /// screen it may follow, naming the patterns read first.
    /// - Complexity: About the size of the table, plus the screens each alias overlaps.
    var aliasWarnings: [RoutesDiagnostic] {
        guard let table = storage.shapes.tables.first(where: { $0.version == nil }) else { return [] }
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
                result.append(table.aliasWarning(candidate, others: others.sorted(), after: screen, aliases: aliases))
            }
        }
        return result
    }
}

extension LinkShapes.Table {
    /// The warning that alias screen `alias` of this table can match the same segments as the
    /// screens `others` after `after`, which are read first.
    fileprivate func aliasWarning(
        _ alias: Int, others: [Int], after: RouteGraph.Screen, aliases: [RouteAlias]
    ) -> RoutesDiagnostic {
        func original(_ name: String) -> String { name.split(separator: "~").first.map(String.init) ?? name }
        func pattern(_ alias: RouteAlias) -> String { alias.pattern.map(\.description).joined(separator: "/") }
        func describe(_ screen: RouteGraph.Screen) -> String {
            aliasScreens[screen.name].map { "alias '\(pattern(aliases[$0]))' of screen '\(aliases[$0].screen)'" }
                ?? "'\(screen.patternText)' (screen '\(screen.name)')"
        }
        let declared = aliases[aliasScreens[graph.screens[alias].name] ?? 0]
        let which = others.count == 1 ? "which is" : "which are"
        return RoutesDiagnostic(
            declared.location,
            "warning: after '\(original(after.name))', alias '\(pattern(declared))' of screen '\(declared.screen)' can match the same segments as \(RouteGraph.naming(others.map { describe(graph.screens[$0]) })), \(which) read first: the alias does not open such links"
        )
    }
}
