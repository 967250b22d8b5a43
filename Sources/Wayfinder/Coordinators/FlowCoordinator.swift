/// A coordinator for one flow of the graph, with typed routes: both the read side
/// (``PathRoutable``) and the intent side (``Routable``). Subclass it to handle the
/// flow's own intents; anything it does not handle goes to ``parent``.
///
/// Intents act on the flow only while it is the active flow.
///
/// A flow whose routes are a generated enum (a ``FlowRoute``) needs no subclass and no name:
///
/// ```swift
/// let library = FlowCoordinator<LibraryRoute>(store: store, parent: nil)
/// try library.push(.shelf(slug: "sci-fi", sort: .title))
/// ```
@MainActor
open class FlowCoordinator<RouteType: RouteRepresentable>: Coordinator, PathRoutable, Routable {
    /// The store holding the navigation state.
    public let store: NavigationStore
    /// The flow this coordinator manages.
    public let flow: String
    /// The coordinator receiving unhandled intents.
    public weak var parent: (any Coordinator)?

    /// Creates a coordinator for `flow`.
    /// - Parameters:
    ///   - store: The store holding the navigation state.
    ///   - flow: The flow's name in the route graph; for a ``FlowRoute`` it can be left out
    ///     (see ``init(store:parent:)``).
    ///   - parent: The coordinator receiving unhandled intents.
    public init(store: NavigationStore, flow: String, parent: (any Coordinator)? = nil) {
        self.store = store
        self.flow = flow
        self.parent = parent
    }

    /// Handles nothing by default; override to handle the flow's intents.
    open func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool {
        false
    }

    // MARK: Read side

    /// The flow's selected stack.
    public var stack: RouteStack? { store.state.flows[flow]?.selectedStack }
    /// Whether this flow is on screen.
    public var isActive: Bool { store.state.activeFlow == flow }
    public var root: RouteType? { stack.flatMap { RouteType(route: $0.root) } }
    public var path: [RouteType] { stack?.path.compactMap { RouteType(route: $0.route) } ?? [] }
    public var presented: (route: RouteType, style: PresentationStyle)? {
        guard let presentation = stack?.presentation, let route = RouteType(route: presentation.route) else { return nil }
        return (route, presentation.style)
    }
    public var selectedTab: String? { store.state.flows[flow]?.selectedTab }
    /// The typed route on top of the selected stack (below any presentation).
    public var top: RouteType? { stack.flatMap { RouteType(route: $0.top) } }

    // MARK: Intent side

    /// Makes `steps` in order as one change: all of them, or none when one is refused
    /// (the state is then exactly as it was). One step runs in place; several on a copy.
    public func perform(_ steps: [RouteStep<RouteType>]) throws(NavigationError) {
        try requireActive()
        if steps.count == 1 {
            try store.perform(steps[0].navigationStep)
        } else {
            try store.perform { navigator throws(NavigationError) in
                for step in steps { try navigator.apply(step.navigationStep) }
            }
        }
    }

    public func push(_ route: RouteType) throws(NavigationError) {
        try perform([.push(route)])
    }

    public func pop() throws(NavigationError) {
        try perform([.pop])
    }

    public func popToRoot() throws(NavigationError) {
        try perform([.popToRoot])
    }

    public func present(_ route: RouteType) throws(NavigationError) {
        try perform([.present(route)])
    }

    /// Replaces the root of the selected stack (same screen, other parameters).
    public func replaceRoot(with route: RouteType) throws(NavigationError) {
        try perform([.replaceRoot(route)])
    }

    public func dismiss() throws(NavigationError) {
        try perform([.dismiss])
    }

    public func selectTab(_ tab: String) throws(NavigationError) {
        try perform([.selectTab(tab)])
    }

    private func requireActive() throws(NavigationError) {
        guard isActive else {
            throw NavigationError(.wrongFlow, "flow '\(flow)' is not on screen (the active flow is '\(store.state.activeFlow)')")
        }
    }
}

extension FlowCoordinator where RouteType: FlowRoute {
    /// Creates a coordinator for the flow of `RouteType`, named by its ``FlowRoute/flow``.
    ///
    /// ```swift
    /// let library = FlowCoordinator<LibraryRoute>(store: store, parent: nil)
    /// ```
    /// - Parameters:
    ///   - store: The store holding the navigation state.
    ///   - parent: The coordinator receiving unhandled intents.
    public convenience init(store: NavigationStore, parent: (any Coordinator)? = nil) {
        self.init(store: store, flow: RouteType.flow, parent: parent)
    }
}
