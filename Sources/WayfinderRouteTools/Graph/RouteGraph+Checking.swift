@_spi(RouteTools) import Wayfinder

extension RouteGraph {
    /// Parses a `.routes` file as `RouteGraph(parsing:file:)` does, and
    /// checks it as `wayfinder routes check` and the `RoutesCompiler` plugin do.
    ///
    /// Beyond what makes a graph, a checked table keeps every link and every state a round
    /// trip (a screen with query parameters that can appear twice in one stack, a literal
    /// that reads as a sibling's typed value, an int beside a double at one place are
    /// refused), and its `version`, `from` and `alias` lines fit it (each migration names what
    /// the table holds at its point; renames make no cycle; an alias holds its screen's path
    /// parameters). Every problem is reported at once, each with `file:line:column`.
    ///
    /// ```swift
    /// let graph = try RouteGraph(checking: text, file: "app.routes")
    /// ```
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The name used in diagnostics (usually the path as the user gave it).
    /// - Throws: `RoutesFileError` listing every problem found.
    public init(checking text: String, file: String = "<routes>") throws(RoutesFileError) {
        let (graph, parser) = try RouteGraph.parsed(text, file: file)
        var checker = MigrationChecker(parser: parser, graph: graph)
        let errors = graph.roundTripErrors() + checker.check()
        guard errors.isEmpty else { throw RoutesFileError(diagnostics: errors) }
        self = graph
    }
}
