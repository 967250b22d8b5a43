import WayfinderKit
import Wayfinder
import WayfinderSystem

/// The table printed by `wayfinder routes list`.
enum RoutesTable {
    static func render(_ graph: RouteGraph) -> String {
        let header = ["SCREEN", "PLACE", "KIND", "PATTERN", "PARAMS", "AFTER", "GUARD"]
        var rows: [[String]] = [header]
        for screen in graph.screens {
            let flow = graph.flow(named: screen.flow)
            let place = screen.tab.map { "\(screen.flow).\($0)" } ?? screen.flow
            let pattern = screen.kind == .root
                ? "\(screen.flow)\(screen.tab.map { "/\($0)" } ?? "")"
                : ".../" + screen.patternText
            var params = screen.pathParameters.map { "\($0.name):\($0.type.declaration)" }
            params += screen.query.map { "?\($0.name):\($0.type.declaration)\($0.defaultValue.map { "=" + $0.text } ?? ($0.isOptional ? "?" : ""))" }
            rows.append([
                screen.name, place, screen.kind.rawValue, pattern,
                params.isEmpty ? "-" : params.joined(separator: " "),
                screen.predecessors.isEmpty ? "-" : screen.predecessors.joined(separator: ","),
                flow?.guardName ?? "-",
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let lines = rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(widths[index] + 1)
            }.joined()
        }
        let guards = graph.guards.map { "guard \($0.name): falls back to flow \($0.fallbackFlow)" }
        let origins = graph.webOrigins.map { "web \($0)" }
        return (["scheme \(graph.scheme)"] + origins + guards + [""] + lines).joined(separator: "\n")
    }

    /// `routes list --format json`: the table's scheme, web origins and guards, and each
    /// screen with what the text table shows.
    static func json(_ graph: RouteGraph) -> JSONValue {
        let screens: [JSONValue] = graph.screens.map { screen in
            let parameters: [JSONValue] = screen.pathParameters.map { parameter in
                .object([("name", .string(parameter.name)), ("type", .string(parameter.type.declaration)), ("in", .string("path"))])
            } + screen.query.map { parameter in
                .object([
                    ("name", .string(parameter.name)), ("type", .string(parameter.type.declaration)), ("in", .string("query")),
                    ("optional", .bool(parameter.isOptional)), ("default", parameter.defaultValue.map { .string($0.text) } ?? .null),
                ])
            }
            return .object([
                ("screen", .string(screen.name)), ("flow", .string(screen.flow)), ("tab", screen.tab.map(JSONValue.string) ?? .null),
                ("kind", .string(screen.kind.rawValue)), ("pattern", screen.kind == .root ? .null : .string(screen.patternText)),
                ("parameters", .array(parameters)), ("after", .array(screen.predecessors.map(JSONValue.string))),
                ("guard", graph.flow(named: screen.flow)?.guardName.map(JSONValue.string) ?? .null),
                ("reopen", .string(screen.reopen.rawValue)), ("entry", .string(screen.entry.rawValue)),
            ])
        }
        return .object([
            ("scheme", .string(graph.scheme)), ("web", .array(graph.webOrigins.map { .string("\($0)") })),
            ("guards", .array(graph.guards.map { .object([("name", .string($0.name)), ("fallback", .string($0.fallbackFlow))]) })),
            ("screens", .array(screens)),
        ])
    }
}
