/// What a deep link opens: a flow, a tab, a stack (root first) and an optional
/// presentation, as found by ``RouteGraph/resolve(_:)``.
///
/// The result is compact: its steps (screen numbers) and typed values are two arrays; the
/// ``Route`` values are built when asked for.
public struct ResolvedLink: Sendable {
    struct Step: Hashable, Sendable {
        var screen: Int32
        var valueStart: Int32
    }

    let graph: RouteGraph
    let flowIndex: Int
    let tabIndex: Int?
    /// Each screen along the link and where its values start in ``values``.
    let steps: [Step]
    /// Each screen's path parameters, then its query parameters; `nil` for one left out.
    let values: [ParameterValue?]
    /// How the link was written, when not in one of today's patterns.
    public internal(set) var origin: LinkOrigin? = nil

    /// The flow the link opens.
    public var flow: String { graph.flows[flowIndex].name }

    /// The tab the link opens, for a flow with tabs.
    public var tab: String? { tabIndex.map { graph.flows[flowIndex].tabs[$0] } }

    /// The guard the flow requires, if any.
    public var guardName: String? { graph.flows[flowIndex].guardName }

    /// The stack the link builds, root first; the synthetic back stack comes for free.
    public var stack: [Route] {
        stepRange(excludingPresentation: true).map(route(at:))
    }

    /// The sheet or alert over the stack, when the link ends in one.
    public var presentation: (route: Route, style: PresentationStyle)? {
        presentationStyle.map { (route(at: count - 1), $0) }
    }

    /// How the last screen is presented, when the link ends in a sheet or alert.
    var presentationStyle: PresentationStyle? {
        guard count > 0 else { return nil }
        return graph.screens[Int(step(count - 1).screen)].kind.presentationStyle
    }

    /// The screen names along the link, root first (presentation last).
    public var screenNames: [String] {
        (0..<count).map(screenName(at:))
    }

    /// The canonical form of the link (see ``RouteGraph/link(flow:tab:stack:presentation:)``).
    public var url: String {
        graph.link(of: self)
    }

    /// The number of screens along the link, presentation included.
    public var count: Int { steps.count }

    /// The `index`-th screen's value for its `slot`-th parameter (path parameters in
    /// pattern order, then query parameters in declaration order); for typed fast paths.
    public func value(step index: Int, slot: Int) -> ParameterValue? {
        if let value = values[Int(step(index).valueStart) + slot] { return value }
        return defaultValue(step: index, slot: slot)
    }

    /// The number of parameter slots of the `index`-th screen (path parameters, then query
    /// parameters): the valid `slot`s of ``value(step:slot:)``.
    public func parameterCount(at index: Int) -> Int {
        let end = index + 1 < count ? Int(step(index + 1).valueStart) : values.count
        return end - Int(step(index).valueStart)
    }

    /// The name of the `index`-th screen along the link.
    public func screenName(at index: Int) -> String {
        graph.linkIndex.screenNames[Int(step(index).screen)]
    }

    /// The `index`-th step.
    @inline(__always)
    private func step(_ index: Int) -> Step { steps[index] }

    private func stepRange(excludingPresentation: Bool) -> Range<Int> {
        if excludingPresentation, presentationStyle != nil { return 0..<(count - 1) }
        return 0..<count
    }

    /// The default of slot `slot` of step `index`, when it is a query parameter with one.
    func defaultValue(step index: Int, slot: Int) -> ParameterValue? {
        guard graph.storage.hasQueryDefaults else { return nil }
        let screen = graph.screens[Int(step(index).screen)]
        let query = slot - screen.pathParameterCount
        return query >= 0 && query < screen.query.count ? screen.query[query].defaultValue : nil
    }

    func route(at index: Int) -> Route {
        let step = step(index)
        let screen = graph.screens[Int(step.screen)]
        var parameters: [String: ParameterValue] = [:]
        var slot = Int(step.valueStart)
        for case .parameter(let name, _) in screen.pattern {
            if let value = values[slot] { parameters[name] = value }
            slot += 1
        }
        for query in screen.query {
            if let value = values[slot] ?? query.defaultValue { parameters[query.name] = value }
            slot += 1
        }
        return Route(screen.name, parameters)
    }
}

extension ResolvedLink: Equatable {
    public static func == (lhs: ResolvedLink, rhs: ResolvedLink) -> Bool {
        lhs.flow == rhs.flow && lhs.tab == rhs.tab && lhs.stack == rhs.stack
            && lhs.presentation?.route == rhs.presentation?.route
            && lhs.presentation?.style == rhs.presentation?.style
    }
}
