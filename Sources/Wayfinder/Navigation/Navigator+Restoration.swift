import WayfinderSystem

extension Navigator {
    /// Replaces the state with `snapshot` after checking every stack against the graph.
    /// Starts a new undo history; later ids continue after the largest one in `snapshot`.
    /// - Throws: ``NavigationError/Code/invalidState`` naming the first problem; the
    ///   state is unchanged then.
    public mutating func restore(_ snapshot: NavigationState) throws(NavigationError) {
        let snapshot = graph.withDefaults(snapshot)
        let nearest = nearestValid(to: snapshot)
        if let problem = nearest.problems.first {
            throw NavigationError(.invalidState, problem)
        }
        replaceState(with: snapshot, kept: nearest.kept)
    }

    /// Replaces the state with the nearest state to `snapshot` that fits the graph (see
    /// ``nearestValidState(to:)``), starting a new undo history.
    /// - Returns: What had to change, as sentences; empty when `snapshot` fitted as it was.
    @discardableResult
    public mutating func restoreNearest(to snapshot: NavigationState) -> [String] {
        let nearest = nearestValid(to: snapshot)
        replaceState(with: nearest.state, kept: nearest.kept)
        return nearest.problems
    }

    /// Makes `snapshot` the state (one application of a state, counted as a link's is), with
    /// its kept links as read.
    private mutating func replaceState(with snapshot: NavigationState, kept: KeptLinks) {
        graph.countApplication()
        self.kept = kept
        var largest = ids.peek - 1
        for flow in snapshot.flows.values {
            for stack in flow.stacks.values {
                for element in stack.path { largest = max(largest, element.id.rawValue) }
                if let presentation = stack.presentation { largest = max(largest, presentation.id.rawValue) }
            }
        }
        ids = StackIDGenerator(startingAt: largest + 1)
        state = snapshot
        clearHistory()
    }

    /// Every way `snapshot` does not fit the graph, as sentences; empty when it fits.
    package func problems(in snapshot: NavigationState) -> [String] {
        nearestValid(to: snapshot).problems
    }

    /// The state nearest to `snapshot` that fits the graph, and what had to change.
    ///
    /// Unknown flows, tabs and guards are dropped; a flow or stack that is missing or does
    /// not start at its root starts afresh; each stack keeps its longest valid prefix (and
    /// its presentation only when nothing below it was dropped); a guarded active flow whose
    /// guard is not granted gives way to the guard's fallback; an unknown active flow, to the
    /// first flow a granted guard lets in (else the first flow); a pending link that no longer
    /// resolves, that reaches an internal screen, or that opens a flow no guard keeps
    /// (nothing for it to wait for), is dropped; so is a link to confirm that does not
    /// resolve or reaches an internal screen.
    public func nearestValidState(to snapshot: NavigationState) -> (state: NavigationState, problems: [String]) {
        let nearest = nearestValid(to: snapshot)
        return (nearest.state, nearest.problems)
    }

    /// ``nearestValidState(to:)``, with the kept links it kept as it read them.
    private func nearestValid(to snapshot: NavigationState) -> (state: NavigationState, problems: [String], kept: KeptLinks) {
        let snapshot = graph.withDefaults(snapshot)
        var kept = KeptLinks()
        var problems: [String] = []
        var result = Navigator(graph: graph).state
        result.grantedGuards = snapshot.grantedGuards.filter { graph.guardNamed($0) != nil }
        for name in snapshot.grantedGuards.sorted() where graph.guardNamed(name) == nil {
            problems.append("unknown guard '\(name.escapingControlCharacters)'")
        }
        for name in snapshot.flows.keys.sorted() where graph.flow(named: name) == nil {
            problems.append("unknown flow '\(name.escapingControlCharacters)'")
        }
        for flow in graph.flows {
            guard let flowState = snapshot.flows[flow.name] else {
                problems.append("flow '\(flow.name)' is missing")
                continue
            }
            let start = result.flows[flow.name] ?? FlowState(selectedTab: nil, stacks: [:])
            result.flows[flow.name] = nearestValidFlow(to: flowState, flow: flow, from: start, problems: &problems)
        }
        if let active = graph.flow(named: snapshot.activeFlow) {
            if let guardName = active.guardName, !result.grantedGuards.contains(guardName) {
                problems.append("active flow '\(active.name)' needs guard '\(guardName)'")
                result.activeFlow = graph.guardNamed(guardName)?.fallbackFlow ?? graph.initialFlow.name
            } else {
                result.activeFlow = active.name
            }
        } else {
            problems.append(Self.unknownActiveFlow(snapshot.activeFlow))
            // Nearest for the session: the first flow a granted guard lets in (where signing
            // in shows), else where the app starts.
            if let granted = graph.flows.first(where: { flow in flow.guardName.map(result.grantedGuards.contains) ?? false }) {
                result.activeFlow = granted.name
            }
        }
        renumberIDs(in: &result, problems: &problems)
        if let pending = snapshot.pending {
            let (link, problem) = keptLinkProblem(pending, "pending link")
            if let link, link.guardName != nil {
                result.pending = pending
                kept.pending = KeptLinks.Kept(text: pending, link: link)
            } else {
                problems.append(problem ?? "pending link: flow '\(link?.flow ?? "")' has no guard for \(pending.escapingControlCharacters) to wait for")
            }
        }
        if let confirming = snapshot.confirming {
            switch keptLinkProblem(confirming, "link to confirm") {
            case (let link?, nil):
                result.confirming = confirming
                kept.confirming = KeptLinks.Kept(text: confirming, link: link)
            case (_, let problem):
                problems.append(problem ?? "link to confirm: \(confirming.escapingControlCharacters)")
            }
        }
        return (result, problems, kept)
    }

    /// The guard the pending link waits for; `nil` when no link is pending. Every pending
    /// link the navigator holds resolves behind a guard: deferring takes it from a guarded
    /// link, and restoring drops any other (``nearestValidState(to:)``).
    var pendingGuard: String? { pendingLink?.guardName }

    /// The problem of a flow with tabs that selects none.
    static func noSelectedTab(_ flow: String) -> String {
        "flow '\(flow)' selects no tab"
    }

    /// The problem of an active flow the graph does not have.
    static func unknownActiveFlow(_ name: String) -> String {
        "unknown active flow '\(name.escapingControlCharacters)'"
    }

    /// `flowState` as it fits `flow`: its tab if the flow has it, each stack's nearest valid
    /// stack (see ``nearestValidStack(to:flow:tab:)``), over `start` (the flow's fresh state).
    private func nearestValidFlow(
        to flowState: FlowState, flow: RouteGraph.Flow, from start: FlowState, problems: inout [String]
    ) -> FlowState {
        var kept = start
        if flow.hasTabs {
            if let tab = flowState.selectedTab, flow.tabs.contains(tab) {
                kept.selectedTab = tab
            } else if let tab = flowState.selectedTab {
                problems.append("flow '\(flow.name)' selects unknown tab '\(tab.escapingControlCharacters)'")
            } else {
                problems.append(Self.noSelectedTab(flow.name))
            }
        } else if flowState.selectedTab != nil {
            problems.append("flow '\(flow.name)' has no tabs but selects one")
        }
        let keys = flow.hasTabs ? flow.tabs : [FlowState.singleStack]
        for key in flowState.stacks.keys.sorted() where !keys.contains(key) {
            problems.append("flow '\(flow.name)' has a stack for unknown tab '\(key.escapingControlCharacters)'")
        }
        for key in keys {
            let place = flow.hasTabs ? "\(flow.name).\(key)" : flow.name
            guard let stack = flowState.stacks[key] else {
                problems.append("\(place) has no stack")
                continue
            }
            let (nearest, stackProblems) = nearestValidStack(to: stack, flow: flow, tab: flow.hasTabs ? key : nil)
            kept.stacks[key] = nearest
            problems += stackProblems.map { "\(place): \($0)" }
        }
        return kept
    }

    /// Gives a fresh id to every stack element and presentation of `state` whose id is out
    /// of range (below 0 or above ``StackID/maximum``) or used twice, after the largest
    /// valid one; one problem says how many were renumbered.
    private func renumberIDs(in state: inout NavigationState, problems: inout [String]) {
        var seen: Set<Int> = []
        var largest = -1
        var needsNewID = false
        var count = 0
        let places = state.flows.keys.sorted().flatMap { flow in
            (state.flows[flow]?.stacks.keys.sorted() ?? []).map { (flow, $0) }
        }
        for (flow, key) in places {
            guard let stack = state.flows[flow]?.stacks[key] else { continue }
            for id in stack.path.map(\.id.rawValue) + (stack.presentation.map { [$0.id.rawValue] } ?? []) {
                count += 1
                if (0...StackID.maximum).contains(id), seen.insert(id).inserted {
                    largest = Swift.max(largest, id)
                } else {
                    needsNewID = true
                }
            }
        }
        guard needsNewID else { return }
        var renumbered = 0
        // New ids follow the largest valid one; when there is no room after it (a valid id
        // at or near the maximum), every id is renumbered from 0.
        let fromZero = largest > StackID.maximum - count
        var next = fromZero ? 0 : largest + 1
        var kept: Set<Int> = []
        func fresh(_ id: StackID) -> StackID {
            if !fromZero, (0...StackID.maximum).contains(id.rawValue), kept.insert(id.rawValue).inserted { return id }
            renumbered += 1
            defer { next += 1 }
            return StackID(next)
        }
        for (flow, key) in places {
            guard var stack = state.flows[flow]?.stacks[key] else { continue }
            for index in stack.path.indices { stack.path[index].id = fresh(stack.path[index].id) }
            if let id = stack.presentation?.id { stack.presentation?.id = fresh(id) }
            state.flows[flow]?.stacks[key] = stack
        }
        problems.append("\(renumbered) stack element id\(renumbered == 1 ? " was" : "s were") out of range (0 to \(StackID.maximum)) or repeated, and renumbered")
    }

    /// The longest valid prefix of `stack`, with its presentation when everything below
    /// it was kept and it fits; a wrong root starts the stack afresh.
    private func nearestValidStack(to stack: RouteStack, flow: RouteGraph.Flow, tab: String?) -> (RouteStack, [String]) {
        guard let root = graph.rootScreen(flow: flow.name, tab: tab) else { return (stack, []) }
        guard root.name == stack.root.screen else {
            return (RouteStack(root: graph.withDefaults(Route(root.name))), ["does not start at its root screen '\(root.name)'"])
        }
        let scratch = NavigationState(activeFlow: flow.name, flows: [:])
        var kept: RouteStack
        do {
            try checkParameters(stack.root, of: root)
            kept = RouteStack(root: stack.root)
        } catch {
            return (RouteStack(root: graph.withDefaults(Route(root.name))), [error.message])
        }
        var problems: [String] = []
        do throws(NavigationError) {
            for element in stack.path {
                try check(element.route, as: .push, after: kept, in: scratch)
                kept.push(element.route, id: element.id)
            }
            if let presentation = stack.presentation {
                guard let screen = graph.screen(named: presentation.route.screen) else {
                    throw unknownScreen(presentation.route.screen)
                }
                try check(presentation.route, as: screen.kind, after: kept, in: scratch)
                guard screen.kind.presentationStyle == presentation.style else {
                    throw NavigationError(.wrongKind, "'\(screen.name)' is not presented as \(presentation.style.rawValue)")
                }
                kept.presentation = presentation
            }
        } catch {
            problems.append(error.message)
        }
        let (representable, problem) = longestRepresentablePrefix(of: kept, flow: flow.name, tab: tab)
        return (representable, problems + (problem.map { [$0] } ?? []))
    }

    /// `stack`, or its longest prefix (its presentation dropped first) that prints to a link
    /// reading back as itself, with why the shortest prefix cut does not. The stack is checked
    /// whole, as ``open(_:from:)-(String,_)`` makes it: on a table with overlap warnings a prefix of
    /// a stack a link opens may read as another state while the whole does not.
    private func longestRepresentablePrefix(of stack: RouteStack, flow: String, tab: String?) -> (RouteStack, String?) {
        var scratch = NavigationState(activeFlow: flow, flows: [flow: FlowState(selectedTab: tab, stacks: [:])])
        var candidate = stack
        var problem: String?
        while true {
            scratch.flows[flow]?.stacks[tab ?? FlowState.singleStack] = candidate
            do {
                try checkRoundTrip(of: scratch)
                return (candidate, problem)
            } catch {
                problem = error.message
            }
            if candidate.presentation != nil {
                candidate.presentation = nil
            } else if candidate.pop() == nil {
                return (candidate, problem)
            }
        }
    }
}
