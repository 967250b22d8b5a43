import WayfinderSystem

/// The navigation engine: a ``NavigationState`` and the intents that change it, each
/// checked against a ``RouteGraph``. A refused intent throws ``NavigationError`` and
/// leaves the state exactly as it was.
///
/// ```swift
/// var navigator = Navigator(graph: graph)
/// try navigator.grant("signed-in")
/// try navigator.open("wayfinder://main/feed/post/42")
/// try navigator.push(Route("comments"))
/// navigator.url // "wayfinder://main/feed/post/42/comments"
/// ```
/// Intents act on the active flow's selected stack. Every change is recorded for
/// ``undo()`` and ``redo()`` (at most ``historyLimit`` steps); granting or revoking a
/// guard starts a new history.
public struct Navigator: Sendable {
    /// The graph every intent is checked against.
    public let graph: RouteGraph
    /// The current state.
    public internal(set) var state: NavigationState
    /// Steps to go back, newest last (at most ``historyLimit``).
    var undoSteps = HistoryRing()
    /// Steps undone, most recently undone last.
    var redoSteps = HistoryRing()
    /// How many steps ``undo()`` can go back.
    public var historyLimit = 100
    var ids: StackIDGenerator
    /// The change the last link opened made, for the store to publish (it clears it first).
    var lastEdit: LinkEdit?
    /// The kept links as they were read when kept (see ``pendingLink``).
    var kept = KeptLinks()

    /// A navigator on the initial state: the first flow, every stack at its root.
    /// - Parameters:
    ///   - graph: The route graph.
    ///   - ids: Where element ids come from; inject one for predictable ids in tests.
    public init(graph: RouteGraph, ids: StackIDGenerator = StackIDGenerator()) {
        self.graph = graph
        self.ids = ids
        var flows: [String: FlowState] = [:]
        for flow in graph.flows { flows[flow.name] = Navigator.initialState(of: flow, in: graph) }
        self.state = NavigationState(activeFlow: graph.initialFlow.name, flows: flows)
    }

    static func initialState(of flow: RouteGraph.Flow, in graph: RouteGraph) -> FlowState {
        var stacks: [String: RouteStack] = [:]
        let keys = flow.hasTabs ? flow.tabs : [FlowState.singleStack]
        for key in keys {
            if let root = graph.rootScreen(flow: flow.name, tab: flow.hasTabs ? key : nil) {
                stacks[key] = RouteStack(root: graph.withDefaults(Route(root.name)))
            }
        }
        return FlowState(selectedTab: flow.tabs.first, stacks: stacks)
    }

    // MARK: - Reading

    /// The canonical link of what is on screen (active flow, tab, stack, presentation).
    public var url: String { graph.link(for: state) }

    /// Whether ``undo()`` has a step to go back to.
    public var canUndo: Bool { !undoSteps.isEmpty }

    /// Whether ``redo()`` has a step to go forward to.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// How many steps ``undo()`` can go back (at most ``historyLimit``).
    public var undoCount: Int { undoSteps.count }

    /// How many undone steps ``redo()`` can replay.
    public var redoCount: Int { redoSteps.count }

    /// Whether `guardName` is met.
    public func isGranted(_ guardName: String) -> Bool { state.grantedGuards.contains(guardName) }

    // MARK: - Committing

    /// Applies `change` to a copy of the state; commits it (recording the whole previous
    /// state for undo) only when it succeeds and changes something, and (unless
    /// `checkingRoundTrip` is false) when its active stack prints to a link that reads back
    /// as it (``checkRoundTrip(of:)``).
    mutating func commit(
        checkingRoundTrip: Bool = true,
        _ change: (Navigator, inout NavigationState, inout StackIDGenerator) throws(NavigationError) -> Void
    ) throws(NavigationError) {
        var next = state
        var nextIDs = ids
        try change(self, &next, &nextIDs)
        guard next != state else {
            ids = nextIDs
            return
        }
        if checkingRoundTrip, next.activeStack != state.activeStack { try checkRoundTrip(of: next) }
        ids = nextIDs
        record(.state(state))
        state = next
    }

    /// Records `step` as the way back from a change just made, and forgets what was undone.
    mutating func record(_ step: HistoryStep) {
        undoSteps.append(step, limit: historyLimit)
        redoSteps.removeAll()
    }

    /// Starts a new history: nothing to undo or redo.
    mutating func clearHistory() {
        undoSteps.removeAll()
        redoSteps.removeAll()
    }

    /// The active flow and the key of its selected stack: where the in-place intents (push,
    /// pop, present, dismiss) change the state.
    private var activePlace: (flow: String, stack: String) {
        (state.activeFlow, state.active?.selectedKey ?? FlowState.singleStack)
    }

    /// The active flow's selected stack, for reading inside a change.
    func activeStack(in state: NavigationState) throws(NavigationError) -> RouteStack {
        guard let stack = state.activeStack else {
            throw NavigationError(.invalidState, "the active flow '\(state.activeFlow)' has no selected stack")
        }
        return stack
    }

    // MARK: - Stack intents

    /// Pushes `route` onto the active stack.
    /// - Throws: ``NavigationError`` when the screen is unknown, in another flow, not a
    ///   push screen, not allowed after the top, has bad parameters, or a sheet is shown.
    public mutating func push(_ route: Route) throws(NavigationError) {
        let route = graph.withDefaults(route)
        try check(route, as: .push, after: activeStack(in: state), in: state)
        let (flow, key) = activePlace
        // In place: the path is not copied, and undo records only the way back.
        let previousIDs = ids
        let id = ids()
        state.flows[flow]?.stacks[key]?.push(route, id: id)
        do {
            try checkRoundTrip(of: state)
        } catch {
            state.flows[flow]?.stacks[key]?.pop()
            ids = previousIDs
            throw error
        }
        record(.pop(flow: flow, stack: key))
    }

    /// Pops the top of the active stack.
    /// - Throws: ``NavigationError/Code/atRoot`` at the root, ``NavigationError/Code/presentationActive`` under a sheet.
    public mutating func pop() throws(NavigationError) {
        let stack = try activeStack(in: state)
        if let presented = stack.presentation { throw presentationActive(presented) }
        guard !stack.path.isEmpty else {
            throw NavigationError(.atRoot, "already at the root of \(place(in: state))")
        }
        let (flow, key) = activePlace
        guard let element = state.flows[flow]?.stacks[key]?.pop() else { return }
        do {
            try checkRoundTrip(of: state)
        } catch {
            state.flows[flow]?.stacks[key]?.push(element.route, id: element.id)
            throw error
        }
        record(.push(flow: flow, stack: key, element: element))
    }

    /// Pops until `route` (the nearest one from the top) is on top.
    public mutating func pop(to route: Route) throws(NavigationError) {
        try pop(toLast: { $0 == route }, describing: route.description)
    }

    /// Pops until a route matching `predicate` (the nearest one from the top) is on top;
    /// the root is tried last.
    public mutating func pop(toLast predicate: (Route) -> Bool) throws(NavigationError) {
        try pop(toLast: predicate, describing: "a matching route")
    }

    private mutating func pop(toLast predicate: (Route) -> Bool, describing what: String) throws(NavigationError) {
        try commit { this, state, _ throws(NavigationError) in
            var stack = try this.activeStack(in: state)
            if let presented = stack.presentation { throw this.presentationActive(presented) }
            guard stack.pop(toLast: predicate) else {
                throw NavigationError(.notInStack, "\(what) is not in the stack of \(this.place(in: state))")
            }
            state.flows[state.activeFlow]?.selectedStack = stack
        }
    }

    /// Pops every pushed screen and dismisses any presentation of the active stack.
    public mutating func popToRoot() throws(NavigationError) {
        try commit { this, state, _ throws(NavigationError) in
            _ = try this.activeStack(in: state)
            state.flows[state.activeFlow]?.selectedStack?.popToRoot()
            state.flows[state.activeFlow]?.selectedStack?.presentation = nil
        }
    }

    /// Replaces the screens above the root with `routes` (bottom first), checking each edge.
    public mutating func replacePath(with routes: [Route]) throws(NavigationError) {
        try commit { this, state, ids throws(NavigationError) in
            var stack = try this.activeStack(in: state)
            if let presented = stack.presentation { throw this.presentationActive(presented) }
            stack.popToRoot()
            for route in routes.map(this.graph.withDefaults) {
                try this.check(route, as: .push, after: stack, in: state)
                stack.push(route, id: ids())
            }
            state.flows[state.activeFlow]?.selectedStack = stack
        }
    }

    /// Replaces the root of the active stack with `route`: the same screen with other
    /// parameters (a search root's query, say). The screens above it stay.
    public mutating func replaceRoot(with route: Route) throws(NavigationError) {
        let route = graph.withDefaults(route)
        try commit { this, state, _ throws(NavigationError) in
            let stack = try this.activeStack(in: state)
            guard route.screen == stack.root.screen, let screen = this.graph.screen(named: route.screen) else {
                throw NavigationError(.wrongKind, "the root of \(this.place(in: state)) is '\(stack.root.screen)', not '\(route.screen.escapingControlCharacters)'")
            }
            try this.checkParameters(route, of: screen)
            state.flows[state.activeFlow]?.selectedStack?.root = route
        }
    }

    /// Presents `route` as the sheet or alert its screen declares, over the active stack.
    public mutating func present(_ route: Route) throws(NavigationError) {
        let route = graph.withDefaults(route)
        let stack = try activeStack(in: state)
        guard let screen = graph.screen(named: route.screen) else { throw unknownScreen(route.screen) }
        guard let style = screen.kind.presentationStyle else {
            throw NavigationError(.wrongKind, "'\(screen.name)' is a \(screen.kind.rawValue) screen, not a sheet or alert; use push")
        }
        try check(route, as: screen.kind, after: stack, in: state)
        let previousIDs = ids
        let id = ids()
        do {
            try setPresentation(Presentation(id: id, route: route, style: style))
        } catch {
            ids = previousIDs
            throw error
        }
    }

    /// Sets the presentation over the active stack in place, recording the way back;
    /// puts the previous one back when the result does not make a round trip.
    private mutating func setPresentation(_ presentation: Presentation?) throws(NavigationError) {
        let (flow, key) = activePlace
        let previous = state.flows[flow]?.stacks[key]?.presentation
        state.flows[flow]?.stacks[key]?.presentation = presentation
        do {
            try checkRoundTrip(of: state)
        } catch {
            state.flows[flow]?.stacks[key]?.presentation = previous
            throw error
        }
        record(.presentation(flow: flow, stack: key, previous))
    }

    /// Dismisses the sheet or alert over the active stack.
    public mutating func dismiss() throws(NavigationError) {
        guard try activeStack(in: state).presentation != nil else {
            throw NavigationError(.nothingPresented, "nothing is presented over \(place(in: state))")
        }
        try setPresentation(nil)
    }

    /// Selects `tab` of the active flow; its stack is kept as it was.
    public mutating func selectTab(_ tab: String) throws(NavigationError) {
        guard let flow = graph.flow(named: state.activeFlow), flow.hasTabs else {
            throw NavigationError(.unknownTab, "flow '\(state.activeFlow)' has no tabs")
        }
        guard flow.tabs.contains(tab) else {
            throw NavigationError(.unknownTab, "flow '\(flow.name)' has no tab '\(tab.escapingControlCharacters)'; its tabs are \(flow.tabs.joined(separator: ", "))")
        }
        let previous = state.flows[flow.name]?.selectedTab
        guard previous != tab, state.flows[flow.name] != nil else { return }
        state.flows[flow.name]?.selectedTab = tab
        record(.tab(flow: flow.name, previous))
    }

    // MARK: - Checks

    /// Checks that the active stack of `state` prints to a link that reads back as itself
    /// (its flow, tab, stack and presentation), within the link limits: what keeps every
    /// state reachable by intents a round trip (see the route tools' `RouteGraph.warnings` for the tables
    /// where it can fail).
    /// - Complexity: O(length of the link): the stack is at most ``RouteGraph/maximumSegments`` deep.
    func checkRoundTrip(of state: NavigationState) throws(NavigationError) {
        guard let flow = state.active, let stack = flow.selectedStack else { return }
        let link = graph.link(flow: state.activeFlow, tab: flow.selectedTab, stack: stack)
        let resolved: ResolvedLink
        do {
            // Read back as the state's own link, in today's shape: a check of the printing,
            // not a link resolved for someone (nor counted as one).
            resolved = try graph.resolveInTodaysShape(link)
        } catch {
            throw NavigationError(.notRepresentable, "refused: \(place(in: state)) would no longer fit in a link (\(error.message))")
        }
        let presented = resolved.presentation
        guard resolved.flow == state.activeFlow, resolved.tab == flow.selectedTab,
              resolved.stack.elementsEqual(CollectionOfOne(stack.root) + stack.path.lazy.map(\.route)),
              presented?.route == stack.presentation?.route, presented?.style == stack.presentation?.style
        else {
            let reading = (resolved.stack + (presented.map { [$0.route] } ?? [])).map(\.description).joined(separator: " > ")
            throw NavigationError(.notRepresentable, "refused: \(place(in: state)) would print as '\(link.escapingControlCharacters)', which reads as \(reading.escapingControlCharacters)")
        }
    }

    /// Checks that `route` may be shown as `kind` over `stack` in the active flow.
    func check(_ route: Route, as kind: RouteGraph.ScreenKind, after stack: RouteStack, in state: NavigationState) throws(NavigationError) {
        guard let screen = graph.screen(named: route.screen) else { throw unknownScreen(route.screen) }
        guard screen.flow == state.activeFlow else {
            throw NavigationError(.wrongFlow, "'\(screen.name)' belongs to flow '\(screen.flow)', not the active flow '\(state.activeFlow)'")
        }
        guard screen.kind == kind else {
            let hint = screen.kind.presentationStyle != nil ? "; use present" : (screen.kind == .root ? "; it is a root" : "; use push")
            throw NavigationError(.wrongKind, "'\(screen.name)' is a \(screen.kind.rawValue) screen, not a \(kind.rawValue) screen\(hint)")
        }
        if let presented = stack.presentation { throw presentationActive(presented) }
        guard screen.predecessors.contains(stack.top.screen) else {
            let allowed = screen.predecessors.joined(separator: ", ")
            throw NavigationError(.notAllowed, "'\(screen.name)' cannot follow '\(stack.top.screen)'; it may follow \(allowed)")
        }
        try checkParameters(route, of: screen)
    }

    /// Checks that `route` carries exactly the parameters `screen` declares, with their types.
    func checkParameters(_ route: Route, of screen: RouteGraph.Screen) throws(NavigationError) {
        var expected: [String: (ParameterType, Bool)] = [:]
        for (name, type) in screen.pathParameters { expected[name] = (type, false) }
        for query in screen.query { expected[query.name] = (query.type, query.isOptional) }
        for (name, value) in route.parameters {
            guard let (type, _) = expected[name] else {
                throw NavigationError(.badParameters, "'\(screen.name)' has no parameter '\(name.escapingControlCharacters)'")
            }
            guard type.accepts(value) else {
                throw NavigationError(.badParameters, "'\(name)' of '\(screen.name)' must be \(type.phrase)")
            }
            if case .double = value, value.text.utf8.count > RouteGraph.maximumValueLength {
                throw NavigationError(.badParameters, "'\(name)' of '\(screen.name)' prints as \(value.text.utf8.count) characters; a segment holds \(RouteGraph.maximumValueLength) at most")
            }
            let texts: [String] = switch value {
            case .string(let text): [text]
            case .segments(let segments): segments
            default: []
            }
            for text in texts {
                let bytes = text.utf8.span
                let valid = !bytes.isEmpty && bytes.count <= RouteGraph.maximumValueLength
                    && !bytes.containsControlCharacters
                guard valid else {
                    throw NavigationError(.badParameters, "'\(name)' of '\(screen.name)' must be 1 to \(RouteGraph.maximumValueLength) bytes without control characters\(texts.count > 1 ? " in each segment" : "")")
                }
                // A path segment of "." or ".." is one URL parsers remove: no link holds one.
                if bytes.isDotSegment, screen.pattern.contains(where: { $0.parameterName == name }) {
                    throw NavigationError(.badParameters, "'\(name)' of '\(screen.name)' cannot be '\(text)', a dot segment, which URL parsers remove from a link's path")
                }
            }
        }
        for (name, (_, optional)) in expected where !optional && route.parameters[name] == nil {
            throw NavigationError(.badParameters, "'\(screen.name)' needs parameter '\(name)'")
        }
    }

    func unknownScreen(_ name: String) -> NavigationError {
        NavigationError(.unknownScreen, "unknown screen '\(name.escapingControlCharacters)'")
    }

    func presentationActive(_ presented: Presentation) -> NavigationError {
        NavigationError(.presentationActive, "'\(presented.route.screen)' is shown as \(presented.style == .alert ? "an alert" : "a sheet"); dismiss it first")
    }

    func place(in state: NavigationState) -> String {
        state.selectedTab.map { "\(state.activeFlow).\($0)" } ?? state.activeFlow
    }
}

extension RouteGraph {
    /// The canonical link of what `state` shows: its active flow, tab, stack and presentation.
    public func link(for state: NavigationState) -> String {
        guard let flow = state.active, let stack = flow.selectedStack else { return "\(scheme)://\(state.activeFlow)" }
        return link(flow: state.activeFlow, tab: flow.selectedTab, stack: stack)
    }
}
