// libFuzzer target `routes`: `.routes` parsing. Input: a file's bytes (read as the command
// line and the routes compiler read them: UTF-8, invalid bytes replaced).
// - Parsing and checking (`RouteGraph(checking:)`) never trap; a refused table has at least
//   one diagnostic, and printing them never traps. A table the checks accept parses.
// - For a table that parses (its screens' `entry` tiers included): with every guard granted, each flow (and each of its tabs) is
//   entered; from each root, three walks push or present a few screens allowed after the
//   top, with generated parameter values (a generator seeded from the input's hash; string
//   values include the table's own literal words, and numbers and UUIDs as text). After
//   each accepted intent the state's canonical link must resolve back to the same flow,
//   tab, stack and presentation and print the same, and other spellings of the link (a
//   trailing slash, upper-case scheme and host, a percent-encoded path byte) must read the
//   same; opened from outside, it meets its screens' entry tiers (FuzzSupport.checkOutsideOpen).
//   A refused intent must leave the state as it was. On a table without overlap
//   warnings (`RouteGraph.warnings`), an intent may be refused as not representable only
//   when its link would pass the limits.
// - For a table with migrations or aliases: a table compared with itself has no changes; in
//   each earlier version's table (and the one with the aliases), a few random states and
//   their links: the state restores under today's table (its migrations applied) to a state
//   that fits it, and the link, when today's table reads it, prints a link today's patterns
//   read as the same place.

@testable import Wayfinder
import WayfinderRouteTools

/// The target `routes`: each input is a table of its own, so nothing is loaded first.
enum RoutesTarget: FuzzTarget {
    static let name = "routes"

    static func load() {}

    static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let graph: RouteGraph
        do {
            graph = try RouteGraph(checking: text, file: "fuzz.routes")
        } catch {
            // What the checks refuse may still make a graph (the runtime's parser checks less):
            // it parses without a trap, and every link of it resolves or is refused.
            if let parsed = try? RouteGraph(parsing: text, file: "fuzz.routes") {
                for flow in parsed.flows.prefix(RoutesFuzzing.maximumFlows) { _ = try? parsed.resolve(parsed.scheme + "://" + flow.name) }
            }
            if error.diagnostics.isEmpty {
                FuzzSupport.fail("a table was refused without a diagnostic\n  table: \(FuzzSupport.display(bytes))")
            }
            _ = error.description
            return
        }
        if (try? RouteGraph(parsing: text, file: "fuzz.routes")) == nil {
            FuzzSupport.fail("a table the checks accept does not parse\n  table: \(FuzzSupport.display(bytes))")
        }
        RoutesFuzzing.explore(graph, bytes: bytes)
        RoutesFuzzing.exploreHistory(graph, bytes: bytes)
    }
}

enum RoutesFuzzing {
    static let maximumFlows = 8
    static let maximumTabs = 4
    static let maximumSteps = 6
    static let walksPerRoot = 3

    static func explore(_ graph: RouteGraph, bytes: UnsafeBufferPointer<UInt8>) {
        graph._checkInvariants()
        for screen in graph.screens { _ = screen.patternText }
        let warnings = graph.warnings
        _ = warnings.map(\.description)
        var rng = FuzzSupport.Generator(seed: FuzzSupport.hash(bytes))
        let words = FuzzSupport.literals(of: graph)
        let base = FuzzSupport.grantedNavigator(graph)
        for flow in graph.flows.prefix(maximumFlows) {
            var entered = base
            do {
                try entered.activate(flow: flow.name)
            } catch {
                FuzzSupport.fail("activating flow '\(flow.name)' with every guard granted was refused: \(error)\n  table: \(FuzzSupport.display(bytes))")
            }
            // The flow's own link resolves to its root (its first tab's, for a tabbed flow).
            do {
                let root = try graph.resolve(graph.scheme + "://" + flow.name)
                if root.flow != flow.name || root.stack.count != 1 || root.presentation != nil {
                    FuzzSupport.fail("the link of flow '\(flow.name)' opens \(FuzzSupport.describe(root))\n  table: \(FuzzSupport.display(bytes))")
                }
            } catch {
                FuzzSupport.fail("the link of flow '\(flow.name)' does not resolve: \(error.code): \(error)\n  table: \(FuzzSupport.display(bytes))")
            }
            let tabs: [String?] = flow.hasTabs ? flow.tabs.prefix(maximumTabs).map { $0 } : [nil]
            // A few walks from each root.
            for tab in tabs.flatMap({ Array(repeating: $0, count: walksPerRoot) }) {
                var navigator = entered
                if let tab {
                    do {
                        try navigator.selectTab(tab)
                    } catch {
                        FuzzSupport.fail("selecting tab '\(tab)' of flow '\(flow.name)' was refused: \(error)\n  table: \(FuzzSupport.display(bytes))")
                    }
                }
                var steps: [String] = []
                func context() -> String {
                    "  steps: activate(\(flow.name))\(tab.map { ", selectTab(\($0))" } ?? "")\(steps.map { ", " + $0 }.joined())\n  table: \(FuzzSupport.display(bytes))"
                }
                FuzzSupport.checkStateRoundTrip(navigator, using: &rng, context: context())
                // A root with query parameters: give them values now and then.
                if let root = navigator.state.activeStack?.root, let screen = graph.screen(named: root.screen),
                   !screen.query.isEmpty, rng.chance(50) {
                    let route = FuzzSupport.route(for: screen, words: words, using: &rng)
                    let before = navigator.state
                    do {
                        try navigator.replaceRoot(with: route)
                        steps.append("replaceRoot(\(route))")
                        FuzzSupport.checkStateRoundTrip(navigator, using: &rng, context: context())
                    } catch {
                        if navigator.state != before {
                            FuzzSupport.fail("a refused replaceRoot changed the state: \(error)\n\(context())")
                        }
                        if error.code == .notRepresentable, warnings.isEmpty {
                            let stack = [route] + (before.activeStack?.routes.dropFirst() ?? [])
                            FuzzSupport.checkRefusal(
                                "replaceRoot(\(route))", link: graph.link(flow: before.activeFlow, tab: before.selectedTab, stack: stack, presentation: before.presentation?.route),
                                graph: graph, error: error, context: context()
                            )
                        }
                    }
                }
                for _ in 0..<(1 + rng.below(maximumSteps)) {
                    guard let top = navigator.state.activeStack?.top.screen else { break }
                    let candidates = graph.successors(of: top)
                    guard !candidates.isEmpty else { break }
                    let screen = candidates[rng.below(candidates.count)]
                    let route = FuzzSupport.route(for: screen, words: words, using: &rng)
                    let before = navigator.state
                    let intent = screen.kind == .push ? "push" : "present"
                    do {
                        if screen.kind == .push {
                            try navigator.push(route)
                        } else {
                            try navigator.present(route)
                        }
                    } catch {
                        if navigator.state != before {
                            FuzzSupport.fail("a refused \(intent) changed the state: \(error)\n\(context())")
                        }
                        if error.code == .notRepresentable, warnings.isEmpty {
                            let stack = before.activeStack?.routes ?? []
                            let link = screen.kind == .push
                                ? graph.link(flow: before.activeFlow, tab: before.selectedTab, stack: stack + [route], presentation: nil)
                                : graph.link(flow: before.activeFlow, tab: before.selectedTab, stack: stack, presentation: route)
                            FuzzSupport.checkRefusal("\(intent)(\(route))", link: link, graph: graph, error: error, context: context())
                        }
                        continue
                    }
                    steps.append("\(intent)(\(route))")
                    FuzzSupport.checkStateRoundTrip(navigator, using: &rng, context: context())
                    if navigator.state.presentation != nil { break }
                }
            }
        }
    }

    static func exploreHistory(_ graph: RouteGraph, bytes: UnsafeBufferPointer<UInt8>) {
        guard graph.storage.hasShapes else { return }
        if !graph.changes(since: graph).isEmpty {
            FuzzSupport.fail("a table differs from itself: \(graph.changes(since: graph))\n  table: \(FuzzSupport.display(bytes))")
        }
        var rng = FuzzSupport.Generator(seed: FuzzSupport.hash(bytes) &+ 1)
        for table in graph.storage.shapes.tables {
            table.graph._checkInvariants()
            let words = FuzzSupport.literals(of: table.graph)
            for _ in 0..<walksPerRoot {
                let old = randomState(on: table.graph, words: words, using: &rng)
                let context = "  old state: \(FuzzSupport.describe(old.state))\n  table: \(FuzzSupport.display(bytes))"
                let restored = Navigator(graph: graph).restoration(of: old.state, savedWith: table.version ?? graph.version)
                let left = Navigator(graph: graph).problems(in: restored.state)
                if !left.isEmpty { FuzzSupport.fail("a migrated state does not fit the table: \(left)\n\(context)") }
                guard let link = try? graph.resolve(old.url) else { continue }
                guard let again = try? graph.resolve(link.url), again == link, again.origin == nil, again.url == link.url else {
                    FuzzSupport.fail("an old link's new form does not read back in today's shape\n  old: \(old.url)\n  new: \(link.url)\n\(context)")
                }
            }
        }
    }

    /// A state reached on `graph` by entering a random flow and pushing or presenting a few
    /// screens with generated values, and its link.
    static func randomState(on graph: RouteGraph, words: [String], using rng: inout FuzzSupport.Generator) -> (state: NavigationState, url: String) {
        var navigator = FuzzSupport.grantedNavigator(graph)
        let flow = graph.flows[rng.below(graph.flows.count)]
        _ = try? navigator.activate(flow: flow.name)
        if flow.hasTabs { _ = try? navigator.selectTab(flow.tabs[rng.below(flow.tabs.count)]) }
        for _ in 0..<rng.below(maximumSteps) {
            guard let top = navigator.state.activeStack?.top.screen else { break }
            let candidates = graph.successors(of: top)
            guard !candidates.isEmpty else { break }
            let screen = candidates[rng.below(candidates.count)]
            let route = FuzzSupport.route(for: screen, words: words, using: &rng)
            if screen.kind == .push { _ = try? navigator.push(route) } else { _ = try? navigator.present(route) }
        }
        return (navigator.state, navigator.url)
    }
}
