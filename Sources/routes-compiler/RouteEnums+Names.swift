import Wayfinder

// The table's tab and guard names as Swift constants, so that an app spells none of them as
// a string literal:
//
// - each flow with tabs gets `Tab`, a `String` enum with a case per tab (`LibraryRoute.Tab.shelves`,
//   raw value "shelves"), `tabs` (every tab, in the table's order) and `stackKey(tab:)`, the key of
//   that tab's stack in `NavigationSnapshot.stacks` ("library/shelves");
// - each flow without tabs gets `stackKey`, the key of its one stack (the flow's name);
// - the table's enum (`BookshelfRoutes`) gets `Guard`, a `String` enum with a case per guard
//   (`BookshelfRoutes.Guard.member`), when the table declares guards.
//
// A name becomes a case as a set's word does (`signed-in` → `signedIn`, `1st` → `_1st`).
extension RouteEnums {
    /// The static members a flow's enum declares itself, which no screen's case may be
    /// named (nor `Screen`, nor `Tab` in a flow with tabs).
    static let reservedMembers: Set<String> = ["flow", "tabs", "stackKey"]

    /// The cases of a `String` enum for `names`: `case signedIn = "signed-in"`.
    static func caseLines(_ names: [String], indent: String) -> [String] {
        names.map { name in
            let swiftName = caseName(name)
            return swiftName.filter { $0 != "`" } == name ? "\(indent)case \(swiftName)" : "\(indent)case \(swiftName) = \(name.debugDescription)"
        }
    }

    /// The declarations of `flow`'s tabs and stack keys, inside its enum.
    func tabSource(of flow: RouteGraph.Flow) -> [String] {
        guard flow.hasTabs else {
            return [
                "",
                "    /// The key of the flow's only stack in `NavigationSnapshot.stacks` (WayfinderTesting):",
                "    /// the flow's name.",
                "    public static let stackKey = \(flow.name.debugDescription)",
            ]
        }
        return [
            "",
            "    /// The tabs of flow `\(flow.name)` in `\(name)`; the raw value is the tab's name.",
            "    public enum Tab: String, CaseIterable, Hashable, Codable, Sendable {",
        ] + Self.caseLines(flow.tabs, indent: "        ") + [
            "    }",
            "",
            "    /// The flow's tabs, in the table's order.",
            "    public static let tabs: [Tab] = [" + flow.tabs.map { "." + Self.caseName($0) }.joined(separator: ", ") + "]",
            "",
            "    /// The key of `tab`'s stack in `NavigationSnapshot.stacks` (WayfinderTesting):",
            "    /// `\"\(flow.name)/\(flow.tabs[0])\"` for `.\(Self.caseName(flow.tabs[0]))`.",
            "    public static func stackKey(tab: Tab) -> String {",
            "        flow + \"/\" + tab.rawValue",
            "    }",
        ]
    }

    /// The table's guards as `Guard`, inside the table's enum; nothing for a table without
    /// guards (an enum with a raw type needs a case).
    var guardSource: String {
        guard !graph.guards.isEmpty else { return "" }
        let lines = [
            "",
            "    /// The guards of `\(name)`; the raw value is the guard's name, as `Navigator.grant(_:)` takes it.",
            "    public enum Guard: String, CaseIterable, Hashable, Codable, Sendable {",
        ] + Self.caseLines(graph.guards.map(\.name), indent: "        ") + ["    }"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Tabs, guards and screens whose Swift names would clash with another's. `text` is the
    /// table's text, to find the line declaring a flow or guard (the graph keeps only
    /// screens' locations).
    func nameCollisions(text: String) -> [(location: RoutesLocation, message: String)] {
        var problems: [(location: RoutesLocation, message: String)] = []
        for (first, second, swiftName) in Self.sameCase(graph.guards.map(\.name)) {
            problems.append((declaration(of: second, keyword: "guard", in: text), "guards '\(first)' and '\(second)' are both '\(swiftName)' in Swift"))
        }
        for flow in graph.flows {
            let screens = graph.screens.filter { $0.flow == flow.name }
            for (first, second, swiftName) in Self.sameCase(flow.tabs) {
                problems.append((declaration(of: flow.name, keyword: "flow", in: text), "tabs '\(first)' and '\(second)' of flow '\(flow.name)' are both '\(swiftName)' in Swift"))
            }
            let reserved = Self.reservedMembers.union(flow.hasTabs ? ["Screen", "Tab"] : ["Screen"])
            for screen in screens where reserved.contains(Self.identifier(screen.name)) {
                problems.append((screen.location, "screen '\(screen.name)' would be '\(Self.identifier(screen.name))' in Swift, which the flow's enum declares itself; rename the screen"))
            }
            if flow.hasTabs, let type = Self.wordTypes(of: screens).first(where: { $0.name == "Tab" }) {
                problems.append((type.screen.location, "the set of words of screen '\(type.screen.name)' would be the Swift enum 'Tab', which names the flow's tabs; rename the parameter"))
            }
        }
        return problems
    }

    /// Where the line `KEYWORD NAME …` of `text` starts; the table's first line if none does.
    private func declaration(of declared: String, keyword: String, in text: String) -> RoutesLocation {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 2, words[0] == keyword, words[1] == declared {
                let column = line.prefix { $0 == " " || $0 == "\t" }.count + 1
                return RoutesLocation(file: name, line: index + 1, column: column)
            }
        }
        return RoutesLocation(file: name, line: 1, column: 1)
    }

    /// Each two of `names` that make one Swift case, with that case.
    private static func sameCase(_ names: [String]) -> [(first: String, second: String, swiftName: String)] {
        var seen: [String: String] = [:]
        var clashes: [(first: String, second: String, swiftName: String)] = []
        for name in names {
            let swiftName = caseName(name)
            if let other = seen[swiftName] { clashes.append((other, name, swiftName)) }
            seen[swiftName] = name
        }
        return clashes
    }
}
