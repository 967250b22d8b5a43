import WayfinderKit
import Foundation
import Wayfinder

/// The drawings printed by `wayfinder routes graph`.
enum GraphDrawing {
    /// Graphviz: one cluster per flow, roots as double boxes, sheets and alerts dashed.
    static func dot(_ graph: RouteGraph) -> String {
        var lines = ["digraph routes {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for (index, flow) in graph.flows.enumerated() {
            let label = flow.name + (flow.guardName.map { " (guard: \($0))" } ?? "")
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quoted(label));")
            for screen in graph.screens where screen.flow == flow.name {
                var attributes = ["label=\(quoted(nodeLabel(screen)))"]
                switch screen.kind {
                case .root: attributes.append("peripheries=2")
                case .sheet, .alert: attributes.append("style=dashed")
                case .push: break
                }
                lines.append("    \(quoted(screen.name)) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        for screen in graph.screens {
            for previous in screen.predecessors {
                let style = screen.kind.presentationStyle.map { " [style=dashed, label=\(quoted($0.rawValue))]" } ?? ""
                lines.append("  \(quoted(previous)) -> \(quoted(screen.name))\(style);")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid flowchart: one subgraph per flow, presentations as dotted edges.
    static func mermaid(_ graph: RouteGraph) -> String {
        var lines = ["flowchart LR"]
        for (index, flow) in graph.flows.enumerated() {
            let label = flow.name + (flow.guardName.map { " (guard: \($0))" } ?? "")
            lines.append("  subgraph flow\(index)[\(mermaidText(label))]")
            for screen in graph.screens where screen.flow == flow.name {
                let text = mermaidText(nodeLabel(screen).replacingOccurrences(of: "\\n", with: " "))
                let node = screen.kind == .root ? "([\(text)])" : "[\(text)]"
                lines.append("    \(id(screen.name, in: graph))\(node)")
            }
            lines.append("  end")
        }
        for screen in graph.screens {
            for previous in screen.predecessors {
                let arrow = screen.kind.presentationStyle.map { "-. \($0.rawValue) .->" } ?? "-->"
                lines.append("  \(id(previous, in: graph)) \(arrow) \(id(screen.name, in: graph))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func nodeLabel(_ screen: RouteGraph.Screen) -> String {
        switch screen.kind {
        case .root: "\(screen.name)\\n(root\(screen.tab.map { " of \($0)" } ?? ""))"
        default: "\(screen.name)\\n\(screen.patternText)"
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func mermaidText(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }

    /// Mermaid ids must avoid keywords such as `end`: screens are numbered.
    private static func id(_ name: String, in graph: RouteGraph) -> String {
        "s\(graph.screens.firstIndex { $0.name == name } ?? 0)"
    }
}
