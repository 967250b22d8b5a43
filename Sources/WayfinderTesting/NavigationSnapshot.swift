import Wayfinder

/// The navigation state as tests assert it: every stack as a list of routes (root first),
/// keyed by `flow` or `flow/tab`, without element ids.
///
/// ```swift
/// $0.activeFlow = "main"
/// $0.stacks["main/feed"] = [Route("feed"), Route("post", ["id": .int(3)])]
/// $0.presentations["main/feed"] = Route("compose")
/// ```
public struct NavigationSnapshot: Hashable, Sendable {
    /// The flow on screen.
    public var activeFlow: String
    /// The selected tab of each flow with tabs.
    public var selectedTabs: [String: String]
    /// Each stack, root first, keyed by `flow` or `flow/tab`.
    public var stacks: [String: [Route]]
    /// The sheet or alert over each stack that has one, keyed like ``stacks``.
    public var presentations: [String: Route]
    /// The link waiting for a guard.
    public var pending: String?
    /// The link from outside waiting to be confirmed.
    public var confirming: String?
    /// The guards met.
    public var grantedGuards: Set<String>

    /// The snapshot of `state`.
    public init(_ state: NavigationState) {
        activeFlow = state.activeFlow
        pending = state.pending
        confirming = state.confirming
        grantedGuards = state.grantedGuards
        selectedTabs = [:]
        stacks = [:]
        presentations = [:]
        for (flow, flowState) in state.flows {
            if let tab = flowState.selectedTab { selectedTabs[flow] = tab }
            for (tab, stack) in flowState.stacks {
                let key = tab == FlowState.singleStack ? flow : "\(flow)/\(tab)"
                stacks[key] = stack.routes
                if let presentation = stack.presentation { presentations[key] = presentation.route }
            }
        }
    }

    /// Every difference from `expected`, one per field, naming it: `stacks["main/feed"]: …`.
    public func differences(from expected: NavigationSnapshot) -> [String] {
        var lines: [String] = []
        func compare<T: Equatable>(_ name: String, _ want: T, _ got: T, _ show: (T) -> String) {
            guard want != got else { return }
            lines.append("\(name):\n  − expected \(show(want))\n  + actual   \(show(got))")
        }
        compare("activeFlow", expected.activeFlow, activeFlow) { "\"\($0)\"" }
        compare("pending", expected.pending, pending) { $0.map { "\"\($0)\"" } ?? "nil" }
        compare("confirming", expected.confirming, confirming) { $0.map { "\"\($0)\"" } ?? "nil" }
        compare("grantedGuards", expected.grantedGuards, grantedGuards) { "[" + $0.sorted().joined(separator: ", ") + "]" }
        for key in Set(expected.selectedTabs.keys).union(selectedTabs.keys).sorted() {
            compare("selectedTabs[\"\(key)\"]", expected.selectedTabs[key], selectedTabs[key]) { $0.map { "\"\($0)\"" } ?? "nil" }
        }
        for key in Set(expected.stacks.keys).union(stacks.keys).sorted() {
            compare("stacks[\"\(key)\"]", expected.stacks[key], stacks[key]) { routes in
                routes.map { "[" + $0.map(\.description).joined(separator: ", ") + "]" } ?? "nil"
            }
        }
        for key in Set(expected.presentations.keys).union(presentations.keys).sorted() {
            compare("presentations[\"\(key)\"]", expected.presentations[key], presentations[key]) { $0?.description ?? "nil" }
        }
        return lines
    }
}
