import WayfinderKit
import Wayfinder
import WayfinderSystem
import WayfinderRouteTools

extension CoverageReport {
    /// The summary line, then one section each: screens never reached, patterns never used,
    /// screens no root reaches, screens with no way on, guard branches never taken, links refused.
    var text: String {
        var lines = [summary]
        func section(_ title: String, _ items: [String]) {
            lines.append(items.isEmpty ? "\(title): none" : "\(title) (\(items.count)):")
            lines += items.map { "  " + $0.escapingControlCharacters }
        }
        section("Screens never reached", unreached.map(Self.place))
        section("Patterns never used", unusedPatterns.map { pattern in
            "\(pattern.screen.padding(16))\(pattern.text)\(pattern.kind == .pattern ? "" : "  (\(pattern.kind.rawValue))")"
        })
        section("Screens no root reaches", graph.unreachableScreens.map(Self.place))
        section("Screens with no way on", graph.deadEndScreens.map(Self.place))
        section("Guard branches never taken", untakenBranches.map { flow, branch in
            "\(flow.flow.padding(16))\(branch == "entered" ? "no link into it" : "no link waited for '\(flow.guardName)'")"
        })
        section("Links refused", refused.map { "\($0.place): \($0.link): \($0.reason)" })
        return lines.joined(separator: "\n")
    }

    /// `COVERED/TOTAL screens (P%), N links (R refused)`.
    var summary: String {
        let links = "\(linkCount) link\(linkCount == 1 ? "" : "s")"
        return "\(coveredCount)/\(graph.screens.count) screens (\(percent)%), \(links) (\(refused.count) refused)"
    }

    /// `NAME  FLOW[.TAB]  KIND`.
    private static func place(_ screen: RouteGraph.Screen) -> String {
        "\(screen.name.padding(16))\((screen.flow + (screen.tab.map { ".\($0)" } ?? "")).padding(14))\(screen.kind.rawValue)"
    }

    /// One object: `screens` (`{"covered", "total", "percent"}`), `links`, `unreached`
    /// (names), `unused_patterns` (`[{"screen", "pattern", "kind"}]`), `unreachable` and
    /// `dead_ends` (names), `guards` (`[{"flow", "guard", "entered", "deferred"}]`), `refused`
    /// (`[{"place", "link", "reason"}]`).
    var json: JSONValue {
        func names(_ screens: [RouteGraph.Screen]) -> JSONValue { .array(screens.map { .string($0.name) }) }
        return .object([
            ("screens", .object([("covered", .int(coveredCount)), ("total", .int(graph.screens.count)), ("percent", .int(percent))])),
            ("links", .int(linkCount)),
            ("unreached", names(unreached)),
            ("unused_patterns", .array(unusedPatterns.map { pattern in
                .object([("screen", .string(pattern.screen)), ("pattern", .string(pattern.text)), ("kind", .string(pattern.kind.rawValue))])
            })),
            ("unreachable", names(graph.unreachableScreens)),
            ("dead_ends", names(graph.deadEndScreens)),
            ("guards", .array(guardedFlows.map { flow in
                .object([
                    ("flow", .string(flow.flow)), ("guard", .string(flow.guardName)),
                    ("entered", .int(flow.entered)), ("deferred", .int(flow.deferred)),
                ])
            })),
            ("refused", .array(refused.map { refusal in
                .object([("place", .string(refusal.place)), ("link", .string(refusal.link)), ("reason", .string(refusal.reason))])
            })),
        ])
    }
}
