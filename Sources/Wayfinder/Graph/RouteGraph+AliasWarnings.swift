extension RouteGraph {
    /// Warnings about aliases whose links another pattern can also read (see ``warnings``):
    /// such a link opens what today's pattern (or the alias declared first) says, as today's
    /// patterns are read first, so the alias never opens it.
    var aliasWarnings: [RoutesDiagnostic] {
        guard let table = storage.shapes.tables.first(where: { $0.version == nil }) else { return [] }
        func original(_ name: String) -> String { name.split(separator: "~").first.map(String.init) ?? name }
        func describe(_ screen: Screen) -> String {
            table.aliasScreens[screen.name].map { "alias '\(aliases[$0].pattern.map(\.description).joined(separator: "/"))' of screen '\(aliases[$0].screen)'" }
                ?? "'\(screen.patternText)' (screen '\(screen.name)')"
        }
        var result: [RoutesDiagnostic] = []
        table.graph.forEachOverlap { first, second, after, _ in
            // The alias reported is the later one: the other reads the link first.
            guard let number = table.aliasScreens[second.name] ?? table.aliasScreens[first.name] else { return }
            let alias = aliases[number]
            let other = table.aliasScreens[second.name] == number ? first : second
            result.append(RoutesDiagnostic(
                alias.location,
                "warning: after '\(original(after.name))', alias '\(alias.pattern.map(\.description).joined(separator: "/"))' of screen '\(alias.screen)' can match the same segments as \(describe(other)), which is read first: the alias does not open such links"
            ))
        }
        return result
    }
}
