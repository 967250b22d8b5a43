/// Applies a table's migrations, in order, to a state saved under an earlier version of it.
///
/// Each migration names things as the ones before it left them; what it needs of the table
/// at its point (a parameter's type, the flow a screen belongs to, which screens may follow
/// which) is read from today's table through the names the later migrations give them.
struct StateMigrator {
    let graph: RouteGraph
    /// The migrations that apply, in order.
    let migrations: [RouteMigration]
    var state: NavigationState
    /// The migrations that changed something.
    var applied: [RouteMigration] = []
    /// What could not be kept, as sentences.
    var dropped: [String] = []

    init(graph: RouteGraph, state: NavigationState, savedWith version: Int) {
        self.graph = graph
        self.state = state
        migrations = version > graph.version ? [] : graph.migrations(since: version)
    }

    mutating func run() {
        for index in migrations.indices where apply(at: index) {
            applied.append(migrations[index])
        }
    }

    /// Applies migration `index`; whether it changed the state.
    private mutating func apply(at index: Int) -> Bool {
        let migration = migrations[index]
        switch migration.change {
        case .screenRenamed(let old, let new):
            return mapRoutes { route in
                guard route.screen == old else { return nil }
                return Route(new, route.parameters)
            }
        case .parameterRenamed(let screen, let old, let new):
            return mapRoutes { route in
                guard route.screen == screen, let value = route.parameters[old] else { return nil }
                var renamed = route
                renamed.parameters[old] = nil
                renamed.parameters[new] = value
                return renamed
            }
        case .parameterAdded(let screen, let parameter, let text):
            guard let type = type(of: parameter, screen, after: index), let value = ParameterValue(parsing: text, as: type) else { return false }
            return mapRoutes { route in
                guard route.screen == screen, route.parameters[parameter] == nil else { return nil }
                var added = route
                added.parameters[parameter] = value
                return added
            }
        case .parameterRetyped(let screen, let parameter, _, let otherwise):
            return retype(parameter, of: screen, otherwise: otherwise, index: index)
        case .flowRenamed(let old, let new):
            guard let flow = state.flows.removeValue(forKey: old) else { return false }
            state.flows[new] = flow
            if state.activeFlow == old { state.activeFlow = new }
            return true
        case .tabRenamed(let flow, let old, let new):
            guard var flowState = state.flows[flow], let stack = flowState.stacks.removeValue(forKey: old) else { return false }
            flowState.stacks[new] = stack
            if flowState.selectedTab == old { flowState.selectedTab = new }
            state.flows[flow] = flowState
            return true
        case .guardRenamed(let old, let new):
            guard state.grantedGuards.remove(old) != nil else { return false }
            state.grantedGuards.insert(new)
            return true
        case .screenRemoved(let old, let replacement):
            return remove(old, replacement: replacement, index: index)
        case .screenMoved(let screen, let flow, let tab):
            return move(screen, from: flow, tab: tab, index: index)
        case .linkChanged, .entryChanged:
            return false
        }
    }

    // MARK: - Every route

    /// The places of the state's stacks: (flow, stack key), in a fixed order.
    var places: [(flow: String, key: String)] {
        state.flows.keys.sorted().flatMap { flow in
            (state.flows[flow]?.stacks.keys.sorted() ?? []).map { (flow, $0) }
        }
    }

    /// `flow` or `flow.tab`, as problems name a stack.
    static func placeName(_ flow: String, _ key: String) -> String {
        key == FlowState.singleStack ? flow : "\(flow).\(key)"
    }

    /// Replaces every route for which `transform` gives another; whether any was replaced.
    private mutating func mapRoutes(_ transform: (Route) -> Route?) -> Bool {
        var changed = false
        for (flow, key) in places {
            guard var stack = state.flows[flow]?.stacks[key] else { continue }
            if let root = transform(stack.root) { stack.root = root; changed = true }
            for position in stack.path.indices {
                if let route = transform(stack.path[position].route) { stack.path[position].route = route; changed = true }
            }
            if let presented = stack.presentation, let route = transform(presented.route) {
                stack.presentation?.route = route
                changed = true
            }
            state.flows[flow]?.stacks[key] = stack
        }
        return changed
    }

    // MARK: - Names at a migration's point

    /// The name today's table gives screen `name` as migration `index` leaves it.
    func todayScreen(_ name: String, after index: Int) -> String {
        migrations[(index + 1)...].renaming(screen: name)
    }

    /// The name flow `today` (today's name) has as migration `index` leaves it.
    func flowName(_ today: String, after index: Int) -> String {
        var name = today
        for migration in migrations[(index + 1)...].reversed() {
            if case .flowRenamed(let old, name) = migration.change { name = old }
        }
        return name
    }

    /// The type of `parameter` of `screen` as migration `index` leaves it: the old type of
    /// the next change of its type, or today's.
    func type(of parameter: String, _ screen: String, after index: Int) -> ParameterType? {
        var (screen, parameter) = (screen, parameter)
        for migration in migrations[(index + 1)...] {
            switch migration.change {
            case .screenRenamed(screen, let new): screen = new
            case .parameterRenamed(screen, parameter, let new): parameter = new
            case .parameterRetyped(screen, parameter, let old, _): return old
            default: break
            }
        }
        guard let declared = graph.screen(named: screen) else { return nil }
        return declared.pathParameters.first { $0.name == parameter }?.type
            ?? declared.query.first { $0.name == parameter }?.type
    }

    /// Whether today's screen `next` may follow `previous` (names as migration `index` leaves them).
    func allows(_ next: String, after previous: String, index: Int) -> Bool {
        graph.allows(todayScreen(next, after: index), after: todayScreen(previous, after: index))
    }
}
