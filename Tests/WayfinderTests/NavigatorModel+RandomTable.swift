import Foundation
import Testing
import Wayfinder

extension ModelTable {
    // MARK: Random tables

    /// The types of generated query parameters, and of path parameters but the last one of
    /// a sheet or alert, which may also be `rest` (nothing follows a sheet or alert).
    static let queryTypes: [ParameterType] = [.int, .string, .uuid, .bool, .double, .date, .oneOf(["new", "top", "hot"])]

    /// URL words for literals: none reads as an int or a uuid, none is a segment a spoiled
    /// link adds.
    static let words = ["a", "b", "go", "item", "list", "edit", "v1.2", "x_y", "~t", "more-info", "p", "q9", "view", "z"]

    /// A random table: a few flows (some with tabs, some guarded), screens whose patterns
    /// start with a literal that differs from every other successor of each predecessor
    /// (so a printed link reads back unambiguously), cycles, sheets and alerts, and optional
    /// query parameters only on screens no cycle goes through.
    static func random(using rng: inout SeededGenerator) -> ModelTable {
        var builder = RandomTableBuilder(rng: rng)
        let table = builder.table()
        rng = builder.rng
        return table
    }

    /// The table as a `.routes` file.
    var routesText: String {
        var lines = ["scheme \(scheme)"]
        for item in guards { lines.append("guard \(item.name) else \(item.fallback)") }
        for flow in flows {
            var line = "flow \(flow.name)"
            if let guardName = flow.guardName { line += " guard \(guardName)" }
            if !flow.tabs.isEmpty { line += " tabs " + flow.tabs.joined(separator: " ") }
            lines.append(line)
        }
        for screen in screens {
            var line = "screen \(screen.name) \(screen.flow)\(screen.tab.map { ".\($0)" } ?? "") \(screen.kind.rawValue)"
            if !screen.pattern.isEmpty { line += " " + screen.pattern.map(\.description).joined(separator: "/") }
            if !screen.after.isEmpty { line += " after " + screen.after.joined(separator: " ") }
            if !screen.query.isEmpty {
                line += " query " + screen.query.map { "\($0.name):\($0.type.declaration)\($0.optional ? "?" : "")" }.joined(separator: " ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Draws the parts of a random table (see ``ModelTable/random(using:)``) in a fixed order, so
/// that a seed always gives the same table.
struct RandomTableBuilder {
    typealias Screen = ModelTable.Screen
    var rng: SeededGenerator
    /// Query keys drawn so far: each key is new, so no link holds one twice.
    private var queryKeys = 0

    init(rng: SeededGenerator) {
        self.rng = rng
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    mutating func randomQuery() -> ModelTable.Query {
        queryKeys += 1
        return ModelTable.Query(name: "k\(queryKeys)", type: ModelTable.queryTypes.randomElement(using: &rng) ?? .int, optional: true)
    }

    mutating func table() -> ModelTable {
        let guardCount = Int.random(in: 1...2, using: &rng)
        let flowCount = Int.random(in: 2...4, using: &rng)
        var flows: [ModelTable.Flow] = []
        for index in 0..<flowCount {
            let guardName = index == 0 || chance(35) ? nil : "g\(Int.random(in: 0..<guardCount, using: &rng))"
            let tabs = chance(40) ? (0..<Int.random(in: 2...3, using: &rng)).map { "t\($0)" } : []
            flows.append(ModelTable.Flow(name: "f\(index)", guardName: guardName, tabs: tabs))
        }
        let open = flows.filter { $0.guardName == nil }
        let guards = (0..<guardCount).map { ModelTable.Guard(name: "g\($0)", fallback: open.randomElement(using: &rng)?.name ?? "f0") }
        var screens: [Screen] = []
        for (flowIndex, flow) in flows.enumerated() {
            let roots = roots(of: flow, flowIndex: flowIndex)
            let pushes = pushes(of: flow, flowIndex: flowIndex, after: roots)
            let presented = presented(of: flow, flowIndex: flowIndex, after: roots + pushes)
            let successors = withQueries(withPatterns(pushes + presented), cyclesThrough: pushes)
            screens += roots + successors
        }
        return ModelTable(scheme: "gen", guards: guards, flows: flows, screens: screens)
    }

    /// A root per tab (one for a flow without tabs).
    mutating func roots(of flow: ModelTable.Flow, flowIndex: Int) -> [Screen] {
        var roots: [Screen] = []
        let tabs: [String?] = flow.tabs.isEmpty ? [nil] : flow.tabs.map { $0 }
        for tab in tabs {
            var root = Screen(name: "f\(flowIndex)r\(roots.count)", flow: flow.name, tab: tab, kind: .root)
            if chance(30) { root.query = [randomQuery()] }
            roots.append(root)
        }
        return roots
    }

    /// Push screens after roots and earlier pushes; edges back to the same or an earlier
    /// push screen make cycles.
    mutating func pushes(of flow: ModelTable.Flow, flowIndex: Int, after roots: [Screen]) -> [Screen] {
        var pushes: [Screen] = []
        for index in 0..<Int.random(in: 1...6, using: &rng) {
            let earlier = roots + pushes
            var after: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                if let name = earlier.randomElement(using: &rng)?.name, !after.contains(name) { after.append(name) }
            }
            pushes.append(Screen(name: "f\(flowIndex)s\(index)", flow: flow.name, tab: nil, kind: .push, after: after))
        }
        for index in pushes.indices where chance(35) {
            let later = pushes[index...].randomElement(using: &rng)?.name ?? pushes[index].name
            if !pushes[index].after.contains(later) { pushes[index].after.append(later) }
        }
        return pushes
    }

    /// Sheets, then maybe an alert, over roots and pushes.
    mutating func presented(of flow: ModelTable.Flow, flowIndex: Int, after screens: [Screen]) -> [Screen] {
        var presented: [Screen] = []
        let sheets = Int.random(in: 0...2, using: &rng)
        for index in 0..<(sheets + (chance(50) ? 1 : 0)) {
            var after: [String] = []
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                if let name = screens.randomElement(using: &rng)?.name, !after.contains(name) { after.append(name) }
            }
            let kind: RouteGraph.ScreenKind = index < sheets ? .sheet : .alert
            presented.append(Screen(name: "f\(flowIndex)\(kind == .sheet ? "h" : "a")\(index)", flow: flow.name, tab: nil, kind: kind, after: after))
        }
        return presented
    }

    /// Patterns: a first literal no other successor of a shared predecessor starts with.
    mutating func withPatterns(_ screens: [Screen]) -> [Screen] {
        var firstWords: [String: String] = [:]
        var successors = screens
        for index in successors.indices {
            let screen = successors[index]
            let siblings = successors.filter { other in
                other.name != screen.name && !Set(other.after).isDisjoint(with: screen.after)
            }
            let taken = Set(siblings.compactMap { firstWords[$0.name] })
            let word = ModelTable.words.filter { !taken.contains($0) }.randomElement(using: &rng) ?? "u\(index)"
            firstWords[screen.name] = word
            var pattern: [RouteGraph.Segment] = [.literal(word)]
            let extra = screen.kind == .push ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...1, using: &rng)
            var parameterNames = ["a", "b", "c"].makeIterator()
            for _ in 0..<extra {
                if chance(70), let name = parameterNames.next() {
                    pattern.append(.parameter(name: name, type: ModelTable.queryTypes.randomElement(using: &rng) ?? .int))
                } else {
                    pattern.append(.literal(ModelTable.words.randomElement(using: &rng) ?? "a"))
                }
            }
            if screen.kind != .push, chance(40) { pattern.append(.parameter(name: "rest", type: .rest)) }
            successors[index].pattern = pattern
        }
        return successors
    }

    /// Optional query parameters only where no cycle passes (a key twice in one link is an
    /// error): screens that cannot reach themselves through `pushes`.
    mutating func withQueries(_ screens: [Screen], cyclesThrough pushes: [Screen]) -> [Screen] {
        let successorNames = Dictionary(grouping: pushes.flatMap { screen in screen.after.map { ($0, screen.name) } }, by: \.0)
            .mapValues { $0.map(\.1) }
        func onCycle(_ name: String) -> Bool {
            var seen: Set<String> = []
            var queue = successorNames[name] ?? []
            while let next = queue.popLast() {
                if next == name { return true }
                if seen.insert(next).inserted { queue += successorNames[next] ?? [] }
            }
            return false
        }
        var successors = screens
        for index in successors.indices where !onCycle(successors[index].name) && chance(30) {
            successors[index].query = (0..<Int.random(in: 1...2, using: &rng)).map { _ in randomQuery() }
        }
        return successors
    }
}
