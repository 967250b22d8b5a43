extension Navigator {
    /// Replaces the state with `snapshot` after checking every stack against the graph.
    /// Starts a new undo history; later ids continue after the largest one in `snapshot`.
    /// - Throws: ``NavigationError/Code/invalidState`` naming the first problem; the
    ///   state is unchanged then.
    public mutating func restore(_ snapshot: NavigationState) throws(NavigationError) {
        if let problem = problems(in: snapshot).first {
            throw NavigationError(.invalidState, problem)
        }
        var largest = ids.peek - 1
        for flow in snapshot.flows.values {
            for stack in flow.stacks.values {
                for element in stack.path { largest = max(largest, element.id.rawValue) }
                if let presentation = stack.presentation { largest = max(largest, presentation.id.rawValue) }
            }
        }
        ids = StackIDGenerator(startingAt: largest + 1)
        state = snapshot
        undoHistory.removeAll()
        redoHistory.removeAll()
    }

    /// Every way `snapshot` does not fit the graph, as sentences; empty when it fits.
    public func problems(in snapshot: NavigationState) -> [String] {
        var problems: [String] = []
        guard let active = graph.flow(named: snapshot.activeFlow) else {
            return ["unknown active flow '\(snapshot.activeFlow.escapingControlCharacters)'"]
        }
        if let guardName = active.guardName, !snapshot.grantedGuards.contains(guardName) {
            problems.append("active flow '\(active.name)' needs guard '\(guardName)'")
        }
        for name in snapshot.flows.keys where graph.flow(named: name) == nil {
            problems.append("unknown flow '\(name.escapingControlCharacters)'")
        }
        for name in snapshot.grantedGuards where graph.guardNamed(name) == nil {
            problems.append("unknown guard '\(name.escapingControlCharacters)'")
        }
        for flow in graph.flows {
            guard let flowState = snapshot.flows[flow.name] else {
                problems.append("flow '\(flow.name)' is missing")
                continue
            }
            let keys = flow.hasTabs ? flow.tabs : [FlowState.singleStack]
            if flowState.selectedTab != flow.tabs.first && !(flowState.selectedTab.map(flow.tabs.contains) ?? false) {
                problems.append("flow '\(flow.name)' selects unknown tab '\(flowState.selectedTab ?? "")'")
            }
            for key in flowState.stacks.keys where !keys.contains(key) {
                problems.append("flow '\(flow.name)' has a stack for unknown tab '\(key.escapingControlCharacters)'")
            }
            for key in keys {
                guard let stack = flowState.stacks[key] else {
                    problems.append("flow '\(flow.name)' has no stack for '\(key)'")
                    continue
                }
                problems += self.problems(in: stack, flow: flow, tab: flow.hasTabs ? key : nil)
            }
        }
        if let pending = snapshot.pending {
            do {
                _ = try graph.resolve(pending)
            } catch {
                problems.append("pending link: \(error.message)")
            }
        }
        return problems
    }

    private func problems(in stack: RouteStack, flow: RouteGraph.Flow, tab: String?) -> [String] {
        let place = tab.map { "\(flow.name).\($0)" } ?? flow.name
        guard let root = graph.rootScreen(flow: flow.name, tab: tab), root.name == stack.root.screen else {
            return ["\(place) does not start at its root screen"]
        }
        var scratch = NavigationState(activeFlow: flow.name, flows: [:])
        scratch.flows[flow.name] = FlowState(selectedTab: tab, stacks: [tab ?? FlowState.singleStack: RouteStack(root: stack.root)])
        do throws(NavigationError) {
            try checkParameters(stack.root, of: root)
            var current = RouteStack(root: stack.root)
            for element in stack.path {
                try check(element.route, as: .push, after: current, in: scratch)
                current.push(element.route, id: element.id)
            }
            if let presentation = stack.presentation {
                guard let screen = graph.screen(named: presentation.route.screen) else {
                    throw unknownScreen(presentation.route.screen)
                }
                try check(presentation.route, as: screen.kind, after: current, in: scratch)
                guard screen.kind.presentationStyle == presentation.style else {
                    throw NavigationError(.wrongKind, "'\(screen.name)' is not presented as \(presentation.style.rawValue)")
                }
            }
        } catch {
            return ["\(place): \(error.message)"]
        }
        return []
    }
}
