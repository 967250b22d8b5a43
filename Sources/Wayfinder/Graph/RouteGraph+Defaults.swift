extension RouteGraph {
    /// `route` with the defaults of its screen's query parameters (`query page:int=1`) where
    /// it leaves them out: what a link that leaves them out opens, and what intents store.
    public func withDefaults(_ route: Route) -> Route {
        guard storage.hasQueryDefaults, let screen = screen(named: route.screen) else { return route }
        var filled = route
        for query in screen.query where filled.parameters[query.name] == nil {
            if let value = query.defaultValue { filled.parameters[query.name] = value }
        }
        return filled
    }

    /// `state` with ``withDefaults(_:)`` applied to every route it holds.
    public func withDefaults(_ state: NavigationState) -> NavigationState {
        guard storage.hasQueryDefaults else { return state }
        var filled = state
        for (flow, flowState) in state.flows {
            for (key, stack) in flowState.stacks {
                var stack = stack
                stack.root = withDefaults(stack.root)
                for index in stack.path.indices { stack.path[index].route = withDefaults(stack.path[index].route) }
                if let presented = stack.presentation { stack.presentation?.route = withDefaults(presented.route) }
                filled.flows[flow]?.stacks[key] = stack
            }
        }
        return filled
    }

    /// Whether `value` is the default of the `position`-th query parameter of the link
    /// index's numbering (the printer leaves such a value out).
    func isQueryDefault(_ value: ParameterValue, at position: Int) -> Bool {
        storage.hasQueryDefaults && storage.queryDefaults[position] == value
    }
}
