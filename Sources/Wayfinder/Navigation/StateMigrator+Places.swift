/// The migrations that change where screens are: a type that a value may no longer fit, a
/// removed screen, a screen moved to another flow.
extension StateMigrator {
    /// Converts the saved values of `parameter` of `screen` to its type at migration `index`;
    /// a value that does not fit becomes `otherwise`, or is dropped: with its screen (and what
    /// is above it) for a path parameter, alone for an optional query parameter.
    mutating func retype(_ parameter: String, of screen: String, otherwise: String?, index: Int) -> Bool {
        guard let type = type(of: parameter, screen, after: index) else { return false }
        let fallback = otherwise.flatMap { ParameterValue(parsing: $0, as: type) }
        let isOptional = graph.screen(named: todayScreen(screen, after: index))?.query.contains { $0.name == parameter } ?? false
        let migration = migrations[index]
        var changed = false
        func converted(_ route: Route) -> Route? {
            guard route.screen == screen, let value = route.parameters[parameter] else { return route }
            var route = route
            route.parameters[parameter] = ParameterValue(parsing: value.text, as: type) ?? fallback
            changed = true
            guard route.parameters[parameter] == nil else { return route }
            return isOptional ? route : nil
        }
        for (flow, key) in places {
            guard var stack = state.flows[flow]?.stacks[key] else { continue }
            let place = Self.placeName(flow, key)
            let (before, root) = (stack.root, converted(stack.root))
            stack.root = root ?? stack.root
            if root?.parameters[parameter] == nil, before.parameters[parameter] != nil {
                dropped.append("\(place): the value of '\(parameter)' of \(before) is not \(type.phrase) (\(migration.text)), and was left out")
            }
            for position in stack.path.indices {
                let route = stack.path[position].route
                guard let kept = converted(route) else {
                    dropped.append("\(place): \(route) is dropped\(cut(&stack, from: position)): '\(parameter)' is not \(type.phrase) (\(migration.text))")
                    break
                }
                if kept.parameters[parameter] == nil, route.parameters[parameter] != nil {
                    dropped.append("\(place): the value of '\(parameter)' of \(route) is not \(type.phrase) (\(migration.text)), and was left out")
                }
                stack.path[position].route = kept
            }
            if let presented = stack.presentation {
                stack.presentation?.route = converted(presented.route) ?? presented.route
                if converted(presented.route) == nil {
                    stack.presentation = nil
                    dropped.append("\(place): \(presented.route) is dropped: '\(parameter)' is not \(type.phrase) (\(migration.text))")
                }
            }
            state.flows[flow]?.stacks[key] = stack
        }
        return changed
    }

    /// Removes the path of `stack` from `position` on, and its presentation; " with the N
    /// screens above it" when there were any besides the first.
    private func cut(_ stack: inout RouteStack, from position: Int) -> String {
        let above = stack.path.count - position - 1 + (stack.presentation == nil ? 0 : 1)
        stack.path.removeSubrange(position...)
        stack.presentation = nil
        return above == 0 ? "" : " with the \(above == 1 ? "screen" : "\(above) screens") above it"
    }

    /// A fresh id, after every id the state holds.
    private func nextID() -> StackID {
        var largest = -1
        for (flow, key) in places {
            guard let stack = state.flows[flow]?.stacks[key] else { continue }
            for element in stack.path { largest = max(largest, element.id.rawValue) }
            if let presentation = stack.presentation { largest = max(largest, presentation.id.rawValue) }
        }
        return StackID(largest + 1)
    }

    /// Takes the removed screen `old` out of every stack; the place goes to `replacement`:
    /// the stack goes back to it, or it is opened over what is left.
    mutating func remove(_ old: String, replacement: String, index: Int) -> Bool {
        var changed = false
        for (flow, key) in places {
            guard var stack = state.flows[flow]?.stacks[key] else { continue }
            let place = Self.placeName(flow, key)
            if stack.root.screen == old {
                if !stack.path.isEmpty || stack.presentation != nil {
                    dropped.append("\(place): the screens above \(stack.root) are dropped (\(migrations[index].text))")
                }
                stack = RouteStack(root: Route(replacement))
            } else if let position = stack.path.firstIndex(where: { $0.route.screen == old }) {
                let route = stack.path[position].route
                let above = cut(&stack, from: position)
                if !above.isEmpty { dropped.append("\(place): the screens above \(route) are dropped (\(migrations[index].text))") }
                go(to: replacement, in: &stack, place: place, index: index)
            } else if stack.presentation?.route.screen == old {
                stack.presentation = nil
                go(to: replacement, in: &stack, place: place, index: index)
            } else {
                continue
            }
            state.flows[flow]?.stacks[key] = stack
            changed = true
        }
        return changed
    }

    /// Makes `screen` the top of `stack`: already there, opened over it when it may follow
    /// its top and takes no parameters, else the stack goes back to it.
    private mutating func go(to screen: String, in stack: inout RouteStack, place: String, index: Int) {
        guard stack.top.screen != screen else { return }
        if let declared = graph.screen(named: todayScreen(screen, after: index)), allows(screen, after: stack.top.screen, index: index),
           declared.pathParameters.isEmpty, declared.query.allSatisfy(\.isOptional) {
            if let style = declared.kind.presentationStyle {
                stack.presentation = Presentation(id: nextID(), route: Route(screen), style: style)
            } else {
                stack.push(Route(screen), id: nextID())
            }
        } else if !stack.pop(toLast: { $0.screen == screen }) {
            dropped.append("\(place): '\(screen)' cannot be opened here (\(migrations[index].text))")
        }
    }

    /// Takes `screen` (and what is above it) out of the stacks of `oldFlow` (or of its tab)
    /// and opens it in the flow it belongs to now, over the deepest part of a stack there
    /// that it may follow (the selected stack first). When it was what the user saw, the
    /// user sees it there. Moved within its flow, it is taken out only where it may no
    /// longer follow the screen below it.
    mutating func move(_ screen: String, from oldFlow: String, tab: String?, index: Int) -> Bool {
        guard let today = graph.screen(named: todayScreen(screen, after: index)) else { return false }
        let target = flowName(today.flow, after: index)
        guard let source = state.flows[oldFlow], state.flows[target] != nil else { return false }
        let keys = [source.selectedKey] + source.stacks.keys.sorted().filter { $0 != source.selectedKey }
        func outOfPlace(_ route: Route, after previous: Route) -> Bool {
            route.screen == screen && (target != oldFlow || !allows(screen, after: previous.screen, index: index))
        }
        for key in keys where tab == nil || key == tab {
            guard var stack = source.stacks[key] else { continue }
            var moving: (path: [StackElement], presentation: Presentation?)
            let routes = stack.routes
            if let position = stack.path.indices.first(where: { outOfPlace(stack.path[$0].route, after: routes[$0]) }) {
                moving = (Array(stack.path[position...]), stack.presentation)
                stack.path.removeSubrange(position...)
                stack.presentation = nil
            } else if let presented = stack.presentation, outOfPlace(presented.route, after: stack.top) {
                moving = ([], presented)
                stack.presentation = nil
            } else {
                continue
            }
            let wasSeen = state.activeFlow == oldFlow && source.selectedKey == key
            state.flows[oldFlow]?.stacks[key] = stack
            place(moving, screen: screen, in: target, wasSeen: wasSeen, index: index)
            return true
        }
        return false
    }

    private mutating func place(
        _ moving: (path: [StackElement], presentation: Presentation?), screen: String, in target: String, wasSeen: Bool, index: Int
    ) {
        guard let flowState = state.flows[target] else { return }
        let keys = [flowState.selectedKey] + flowState.stacks.keys.sorted().filter { $0 != flowState.selectedKey }
        for key in keys {
            guard var stack = flowState.stacks[key] else { continue }
            let routes = stack.routes
            guard let depth = routes.indices.reversed().first(where: { allows(screen, after: routes[$0].screen, index: index) }) else {
                continue
            }
            if depth < stack.path.count || stack.presentation != nil {
                dropped.append("\(Self.placeName(target, key)): the screens above \(routes[depth]) make way for '\(screen)' (\(migrations[index].text))")
            }
            stack.path.removeSubrange(depth...)
            stack.path += moving.path
            stack.presentation = moving.presentation
            state.flows[target]?.stacks[key] = stack
            if wasSeen {
                state.activeFlow = target
                if key != FlowState.singleStack { state.flows[target]?.selectedTab = key }
            }
            return
        }
        dropped.append("'\(screen)' has no place in flow '\(target)' (\(migrations[index].text))")
    }
}
