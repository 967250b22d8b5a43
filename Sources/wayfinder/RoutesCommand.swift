import WayfinderKit
import ArgumentParser
import Wayfinder
import WayfinderSystem
import WayfinderRouteTools

/// `wayfinder routes …`: check, list and draw a route table.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Check, list, draw, compare or export route tables, measure their coverage, or list what outside links reach (the embedded app table by default).",
        subcommands: [Check.self, List.self, Graph.self, Diff.self, Export.self, Coverage.self, Surface.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a .routes file: a summary and exit 0, or every error as file:line:column: message and exit 78.",
            discussion: "Warnings (groups of patterns that give one link several readings, sheets and alerts without an entry tier) go to standard error as file:line:column: warning: message; they do not change the exit status. With --against, compares an apple-app-site-association or assetlinks.json file with the table instead: each disagreement on a line, exit 0 when there is none, 1 when there is, 65 when the file is not one, 66 when it cannot be read."
        )

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .long, help: "text or json (one object: the counts, or the errors, and the warnings).")
        var format: OutputFormat = .text

        @Option(name: .long, help: "An apple-app-site-association or assetlinks.json file to compare with the table.", completion: .file())
        var against: String?

        @Option(name: .long, help: "With --against: the most screens above the root of the links compared (0–32).")
        var depth: Int = RouteGraph.defaultAssociationDepth

        func run() throws {
            if let against { try AssociationCheck.validate(against: against, table: file, depth: depth) }
            let source = RoutesSource(path: file)
            let graph: RouteGraph
            switch try source.parsed() {
            case .success(let parsed):
                graph = parsed
            case .failure(let failure):
                if format == .json {
                    printOutput(JSONValue.object([
                        ("file", .string(source.displayName)), ("ok", .bool(false)),
                        ("errors", .array(failure.diagnostics.map(Self.json))),
                    ]).serialized)
                }
                throw RoutesSource.failure(failure)
            }
            if let against {
                return try AssociationCheck(fileName: against, table: (source.displayName, graph), format: format, depth: depth).run()
            }
            let warnings = (graph.warnings + graph.entryWarnings).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
            for warning in warnings { printError(warning.description.escapingControlCharacters) }
            let tabs = graph.flows.reduce(0) { $0 + $1.tabs.count }
            let counts = [(graph.flows.count, "flow"), (tabs, "tab"), (graph.screens.count, "screen"), (graph.edgeCount, "edge"), (graph.guards.count, "guard")]
            if format == .json {
                printOutput(JSONValue.object([("file", .string(source.displayName)), ("ok", .bool(true))]
                    + counts.map { count, noun in (noun + "s", JSONValue.int(count)) }
                    + [("version", .int(graph.version)), ("migrations", .int(graph.migrations.count)), ("aliases", .int(graph.aliases.count)),
                       ("warnings", .array(warnings.map(Self.json)))]).serialized)
                return
            }
            var summary = counts.map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }.joined(separator: ", ")
            if graph.version > 1 || !graph.migrations.isEmpty || !graph.aliases.isEmpty {
                let history = [(graph.migrations.count, "migration"), (graph.aliases.count, "alias")]
                summary += "; version \(graph.version), " + history.map { count, noun in
                    "\(count) \(noun)\(count == 1 ? "" : noun.hasSuffix("s") ? "es" : "s")"
                }.joined(separator: ", ")
            }
            printOutput("\(source.displayName.escapingControlCharacters): OK (\(summary))")
        }

        /// `{"line", "column", "message"}`.
        static func json(_ diagnostic: RoutesDiagnostic) -> JSONValue {
            .object([
                ("line", .int(diagnostic.location.line)), ("column", .int(diagnostic.location.column)),
                ("message", .string(diagnostic.message)),
            ])
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every screen with its place, kind, pattern, parameters, predecessors and guard."
        )

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .long, help: "text or json (an array of screens).")
        var format: OutputFormat = .text

        func run() throws {
            let graph = try RoutesSource(path: file).graph()
            switch format {
            case .text: printOutput(RoutesTable.render(graph))
            case .json: printOutput(RoutesTable.json(graph).serialized)
            }
        }
    }

    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph",
            abstract: "Print the route graph for Graphviz (dot) or Mermaid."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case dot, mermaid
        }

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .long, help: "dot or mermaid.")
        var format: Format = .dot

        func run() throws {
            let graph = try RoutesSource(path: file).graph()
            switch format {
            case .dot: printOutput(GraphDrawing.dot(graph), terminator: "")
            case .mermaid: printOutput(GraphDrawing.mermaid(graph), terminator: "")
            }
        }
    }
}
