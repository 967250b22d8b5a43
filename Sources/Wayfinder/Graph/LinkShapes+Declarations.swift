/// A table's declarations while an earlier version of it is rebuilt, or its aliases added.
@_spi(RouteTools) public struct Declarations {
    public var guards: [RouteGraph.Guard]
    public var flows: [RouteGraph.Flow]
    public var screens: [RouteGraph.Screen]

    /// The declarations of a table: its guards, flows and screens.
    public init(guards: [RouteGraph.Guard], flows: [RouteGraph.Flow], screens: [RouteGraph.Screen]) {
        (self.guards, self.flows, self.screens) = (guards, flows, screens)
    }

    /// The graph of these declarations, with no history; `nil` when they do not make one.
    func assemble(scheme: String, webOrigins: [WebOrigin]) -> RouteGraph? {
        GraphBuilder.assemble(
            scheme: scheme, webOrigins: webOrigins, guards: guards, flows: flows, screens: screens, history: RouteGraph.History()
        )
    }

    /// Adds a copy of `screen` with another pattern, called `screen~number`, that may follow
    /// and be followed by what the screen may; its name, or `nil` for an unknown screen.
    mutating func addCopy(of screen: String, pattern: [RouteGraph.Segment], number: Int) -> String? {
        guard let original = screens.first(where: { $0.name == screen }) else { return nil }
        let name = "\(screen)~\(number)"
        screens = screens.map { declared in
            declared.predecessors.contains(screen) ? declared.with(predecessors: declared.predecessors + [name]) : declared
        }
        screens.append(original.with(name: name, pattern: pattern))
        return name
    }

    /// The declarations as they were before `change`.
    public mutating func undo(_ change: RouteMigration.Change) {
        switch change {
        case .screenRenamed(let old, let new):
            screens = screens.map { screen in
                screen.with(name: screen.name == new ? old : screen.name, predecessors: screen.predecessors.map { $0 == new ? old : $0 })
            }
        case .screenMoved(let name, let flow, _):
            guard let moved = screens.first(where: { $0.name == name }) else { return }
            let before = Set(screens.filter { $0.flow == flow }.map(\.name))
            let predecessors = moved.predecessors.filter(before.contains)
            screens = screens.compactMap { screen in
                if screen.name == name { return predecessors.isEmpty ? nil : screen.with(flow: flow, predecessors: predecessors) }
                return screen.flow == flow ? screen : screen.with(predecessors: screen.predecessors.filter { $0 != name })
            }
        case .screenRemoved:
            break
        case .linkChanged(let name, let pattern):
            screens = screens.map { $0.name == name ? $0.with(pattern: pattern) : $0 }
        case .entryChanged(let name, let tier):
            screens = screens.map { $0.name == name ? $0.with(entry: tier) : $0 }
        case .parameterRenamed(let name, let old, let new):
            screens = screens.map { $0.name == name ? $0.renamingParameter(new, to: old) : $0 }
        case .parameterRetyped(let name, let parameter, let type, _):
            screens = screens.map { $0.name == name ? $0.retyping(parameter, to: type) : $0 }
        case .parameterAdded(let name, let parameter, _):
            screens = screens.map { $0.name == name ? $0.with(query: $0.query.filter { $0.name != parameter }) : $0 }
        case .flowRenamed(let old, let new):
            flows = flows.map { $0.name == new ? RouteGraph.Flow(name: old, guardName: $0.guardName, tabs: $0.tabs) : $0 }
            guards = guards.map { $0.fallbackFlow == new ? RouteGraph.Guard(name: $0.name, fallbackFlow: old) : $0 }
            screens = screens.map { $0.flow == new ? $0.with(flow: old) : $0 }
        case .tabRenamed(let flow, let old, let new):
            flows = flows.map { $0.name == flow ? RouteGraph.Flow(name: flow, guardName: $0.guardName, tabs: $0.tabs.map { $0 == new ? old : $0 }) : $0 }
            screens = screens.map { $0.flow == flow && $0.tab == new ? $0.with(tab: old) : $0 }
        case .guardRenamed(let old, let new):
            guards = guards.map { $0.name == new ? RouteGraph.Guard(name: old, fallbackFlow: $0.fallbackFlow) : $0 }
            flows = flows.map { $0.guardName == new ? RouteGraph.Flow(name: $0.name, guardName: old, tabs: $0.tabs) : $0 }
        }
    }
}

extension RouteGraph.Screen {
    /// This screen with some of its declaration changed.
    func with(
        name: String? = nil, flow: String? = nil, tab: String?? = nil, pattern: [RouteGraph.Segment]? = nil,
        query: [RouteGraph.QueryParameter]? = nil, predecessors: [String]? = nil, entry: RouteGraph.EntryTier? = nil
    ) -> RouteGraph.Screen {
        RouteGraph.Screen(
            name: name ?? self.name, flow: flow ?? self.flow, tab: tab ?? self.tab, kind: kind, pattern: pattern ?? self.pattern,
            query: query ?? self.query, predecessors: predecessors ?? self.predecessors, reopen: reopen, entry: entry ?? declaredEntry,
            location: location
        )
    }

    /// This screen with its parameter `old` (path or query) called `new`.
    func renamingParameter(_ old: String, to new: String) -> RouteGraph.Screen {
        with(
            pattern: pattern.map { segment in
                if case .parameter(old, let type) = segment { return .parameter(name: new, type: type) }
                return segment
            },
            query: query.map {
                $0.name == old ? RouteGraph.QueryParameter(name: new, type: $0.type, isOptional: $0.isOptional, defaultValue: $0.defaultValue) : $0
            }
        )
    }

    /// This screen with its parameter `name` of type `type` (a query default that does not
    /// fit it left out).
    func retyping(_ name: String, to type: ParameterType) -> RouteGraph.Screen {
        with(
            pattern: pattern.map { segment in
                if case .parameter(name, _) = segment { return .parameter(name: name, type: type) }
                return segment
            },
            query: query.map { parameter in
                guard parameter.name == name else { return parameter }
                let kept = parameter.defaultValue.flatMap { ParameterValue(parsing: $0.text, as: type) }
                return RouteGraph.QueryParameter(name: name, type: type, isOptional: parameter.isOptional, defaultValue: kept)
            }
        )
    }
}
