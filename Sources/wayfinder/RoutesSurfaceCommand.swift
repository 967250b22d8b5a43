import WayfinderKit
import ArgumentParser
import Wayfinder
import WayfinderSystem
import WayfinderRouteTools

extension RoutesCommand {
    /// `wayfinder routes surface`: every pattern links from outside the app can reach.
    struct Surface: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "surface",
            abstract: "List every pattern links from outside can reach, with its parameters, guard and entry tier.",
            discussion: """
                One line per shape of link (today's pattern, each alias, each earlier shape) of \
                each screen an outside link can reach: the screen, its flow (and tab), the \
                pattern, the screens it follows, its parameters, its flow's guard, and the tier \
                a link to it meets: outside (opens at once) or confirm (waits for the user to \
                confirm it; so does every screen reached only through one). Then the screens no \
                outside link reaches: the internal ones and those behind them.
                """
        )

        @Argument(help: "The .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var file: String?

        @Option(name: .long, help: "text or json (one object: \"surface\", \"offSurface\").")
        var format: OutputFormat = .text

        func run() throws {
            let graph = try RoutesSource(path: file).graph()
            switch format {
            case .text: printOutput(Self.text(graph))
            case .json: printOutput(Self.json(graph).serialized)
            }
        }

        /// A table: SCREEN, PLACE, LINK, AFTER, PARAMETERS, GUARD, ENTRY; then the screens off the surface.
        static func text(_ graph: RouteGraph) -> String {
            let rows = [["SCREEN", "PLACE", "LINK", "AFTER", "PARAMETERS", "GUARD", "ENTRY"]] + graph.linkSurface.map { entry in
                let shape = entry.shape == .today ? "" : " (\(entry.shape))"
                return [
                    entry.screen.name, place(entry.screen), entry.screen.kind == .root ? "(root)" : entry.patternText + shape,
                    entry.after.isEmpty ? "-" : entry.after.joined(separator: ","),
                    entry.parameters.isEmpty ? "-" : entry.parameters.map(parameterText).joined(separator: " "),
                    entry.guardName ?? "-", entry.tier.rawValue,
                ]
            }
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            var lines = rows.map { row in
                row.enumerated().map { $0.offset == row.count - 1 ? $0.element : $0.element.padding(widths[$0.offset] + 1) }.joined()
            }
            let off = graph.screensOffTheSurface
            lines.append("")
            lines.append(off.isEmpty
                ? "Every screen can be reached by a link from outside."
                : "No link from outside reaches: " + off.map { "\($0.name) (\($0.entry == .internal ? "internal" : "behind an internal screen"))" }.joined(separator: ", "))
            return lines.map(\.escapingControlCharacters).joined(separator: "\n")
        }

        /// `{"surface": [{"screen", "flow", "tab", "kind", "pattern", "shape", "after", "parameters",
        /// "guard", "entry"}], "offSurface": [{"screen", "entry"}]}`.
        static func json(_ graph: RouteGraph) -> JSONValue {
            let entries: [JSONValue] = graph.linkSurface.map { entry in
                .object([
                    ("screen", .string(entry.screen.name)), ("flow", .string(entry.screen.flow)),
                    ("tab", entry.screen.tab.map(JSONValue.string) ?? .null), ("kind", .string(entry.screen.kind.rawValue)),
                    ("pattern", entry.screen.kind == .root ? .null : .string(entry.patternText)),
                    ("shape", .string(entry.shape.description)), ("after", .array(entry.after.map(JSONValue.string))),
                    ("parameters", .array(entry.parameters.map { parameter in
                        .object([
                            ("name", .string(parameter.name)), ("type", .string(parameter.type.declaration)),
                            ("in", .string(parameter.inQuery ? "query" : "path")), ("optional", .bool(parameter.isOptional)),
                        ])
                    })),
                    ("guard", entry.guardName.map(JSONValue.string) ?? .null), ("entry", .string(entry.tier.rawValue)),
                ])
            }
            let off: [JSONValue] = graph.screensOffTheSurface.map { screen in
                .object([("screen", .string(screen.name)), ("entry", .string(screen.entry.rawValue))])
            }
            return .object([("surface", .array(entries)), ("offSurface", .array(off))])
        }

        /// `main.feed`, or `main` for a screen of no tab.
        private static func place(_ screen: RouteGraph.Screen) -> String {
            screen.flow + (screen.tab.map { ".\($0)" } ?? "")
        }

        /// `id:int`, `q:string?` (a query parameter is marked `?q=`).
        private static func parameterText(_ parameter: (name: String, type: ParameterType, inQuery: Bool, isOptional: Bool)) -> String {
            (parameter.inQuery ? "?" : "") + "\(parameter.name):\(parameter.type.declaration)" + (parameter.isOptional ? "?" : "")
        }
    }
}
