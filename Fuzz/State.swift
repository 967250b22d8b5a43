// libFuzzer target `state`: reading and restoring a saved navigation state on the sample
// app's table (`Routes/app.routes`). Input: JSON bytes, read as the app reads
// `navigation.json`: `JSONValue(parsing:)`, then `NavigationState.decodedLeniently(from:)` on
// the envelope's `navigation` (a bare state is accepted too).
// - Reading never traps, whatever the bytes (nesting, numbers, escapes).
// - The envelope's `routes` (the table version it was saved with; any number, from the
//   future too) applies the table's migrations: the state restored fits the table, and
//   restoring it again as saved with today's version changes nothing.
// - `restoreNearest(to:)` never traps, and the state it restores fits the graph (no
//   problems left); a snapshot without problems is restored exactly as it was, and strict
//   `restore(_:)` agrees.
// - The restored state's canonical link resolves back to its active flow, tab, stack and
//   presentation.
// - Then a few intents (push of an allowed screen with generated values, present, pop,
//   dismiss, tab and flow changes, undo, redo, grant, revoke) never trap; a refused one
//   leaves the state as it was (and, the app's table having no overlap warnings, a push or
//   present is refused as not representable only past the link limits), and after each
//   accepted one the link round-trips again, in other spellings too.

@testable import Wayfinder
@testable import WayfinderSystem
let stateGraph = FuzzSupport.graph("Routes/app.routes")
let stateWords = FuzzSupport.literals(of: stateGraph)
let stateWarnings = stateGraph.warnings

/// The target `state`: loads its table before the first input, then checks each input.
enum StateTarget: FuzzTarget {
    static let name = "state"

    static func load() { _ = stateWords }

    static func test(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let json = try? JSONValue(parsing: Array(bytes)),
              let decoded = NavigationState.decodedLeniently(from: json.member("navigation") ?? json)
        else { return }
        let snapshot = decoded.state
        if case .int(let version)? = json.member("routes") { StateFuzzing.checkMigration(snapshot, savedWith: version, bytes: bytes) }
        StateFuzzing.check(snapshot, bytes: bytes)
    }
}

enum StateFuzzing {
    static func checkMigration(_ snapshot: NavigationState, savedWith version: Int, bytes: UnsafeBufferPointer<UInt8>) {
        let navigator = Navigator(graph: stateGraph)
        let restored = navigator.restoration(of: snapshot, savedWith: version)
        let left = navigator.problems(in: restored.state)
        if !left.isEmpty {
            FuzzSupport.fail("a migrated state does not fit the table:\n  \(left.joined(separator: "\n  "))\n  input: \(FuzzSupport.display(bytes))")
        }
        let again = navigator.restoration(of: restored.state, savedWith: stateGraph.version)
        if again.state != restored.state || !again.migrations.isEmpty || !again.dropped.isEmpty {
            FuzzSupport.fail("restoring a restored state changed it: \(again.dropped)\n  input: \(FuzzSupport.display(bytes))")
        }
    }

    static func check(_ snapshot: NavigationState, bytes: UnsafeBufferPointer<UInt8>) {
        var navigator = Navigator(graph: stateGraph)
        let problems = navigator.restoreNearest(to: snapshot)
        _ = problems.joined(separator: "\n")
        let left = navigator.problems(in: navigator.state)
        if !left.isEmpty {
            FuzzSupport.fail("restoreNearest gave a state that does not fit the graph:\n  \(left.joined(separator: "\n  "))\n  input: \(FuzzSupport.display(bytes))")
        }
        var strict = Navigator(graph: stateGraph)
        do {
            try strict.restore(snapshot)
            if !problems.isEmpty {
                FuzzSupport.fail("restore accepted a snapshot that has problems: \(problems)\n  input: \(FuzzSupport.display(bytes))")
            }
            if strict.state != snapshot || navigator.state != snapshot {
                FuzzSupport.fail("a snapshot without problems was not restored as it was\n  input: \(FuzzSupport.display(bytes))")
            }
        } catch {
            if problems.isEmpty {
                FuzzSupport.fail("restore refused a snapshot without problems: \(error)\n  input: \(FuzzSupport.display(bytes))")
            }
        }
        var steps: [String] = []
        func context() -> String {
            "  steps: restoreNearest\(steps.map { ", " + $0 }.joined())\n  input: \(FuzzSupport.display(bytes))"
        }
        var rng = FuzzSupport.Generator(seed: FuzzSupport.hash(bytes))
        FuzzSupport.checkStateRoundTrip(navigator, using: &rng, context: context())
        for _ in 0..<(1 + rng.below(8)) {
            let before = navigator.state
            let intent: String
            // For a push or a present: the link of the state it would build.
            var wouldBe: String?
            do {
                switch rng.below(12) {
                case 0..<4:
                    let top = navigator.state.activeStack?.top.screen ?? ""
                    let candidates = stateGraph.successors(of: top)
                    guard !candidates.isEmpty else { continue }
                    let screen = candidates[rng.below(candidates.count)]
                    let route = FuzzSupport.route(for: screen, words: stateWords, using: &rng)
                    let stack = before.activeStack?.routes ?? []
                    if screen.kind == .push {
                        intent = "push(\(route))"
                        wouldBe = stateGraph.link(flow: before.activeFlow, tab: before.selectedTab, stack: stack + [route], presentation: nil)
                        try navigator.push(route)
                    } else {
                        intent = "present(\(route))"
                        wouldBe = stateGraph.link(flow: before.activeFlow, tab: before.selectedTab, stack: stack, presentation: route)
                        try navigator.present(route)
                    }
                case 4, 5:
                    intent = "pop"
                    try navigator.pop()
                case 6:
                    intent = "dismiss"
                    try navigator.dismiss()
                case 7:
                    let flow = stateGraph.flow(named: navigator.state.activeFlow)
                    let tabs = flow?.tabs ?? []
                    let tab = tabs.isEmpty ? "feed" : tabs[rng.below(tabs.count)]
                    intent = "selectTab(\(tab))"
                    try navigator.selectTab(tab)
                case 8:
                    let flow = stateGraph.flows[rng.below(stateGraph.flows.count)].name
                    intent = "activate(\(flow))"
                    try navigator.activate(flow: flow)
                case 9:
                    intent = "undo"
                    try navigator.undo()
                case 10:
                    intent = "popToRoot"
                    try navigator.popToRoot()
                default:
                    let name = stateGraph.guards[rng.below(stateGraph.guards.count)].name
                    if navigator.isGranted(name) {
                        intent = "revoke(\(name))"
                        try navigator.revoke(name)
                    } else {
                        intent = "grant(\(name))"
                        try navigator.grant(name)
                    }
                }
            } catch {
                if navigator.state != before {
                    FuzzSupport.fail("a refused intent changed the state: \(error)\n\(context())")
                }
                if error.code == .notRepresentable, stateWarnings.isEmpty, let wouldBe {
                    FuzzSupport.checkRefusal("an intent", link: wouldBe, graph: stateGraph, error: error, context: context())
                }
                continue
            }
            steps.append(intent)
            FuzzSupport.checkStateRoundTrip(navigator, using: &rng, context: context())
        }
    }
}
