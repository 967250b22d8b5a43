import WayfinderSystem

extension ResolvedLink {
    /// `{"url", "web_url" (when the table declares a web origin), "flow", "tab", "stack",
    /// "presentation", "entry"}` (the link's ``entry`` tier), and `"alias"` or `"migrated"`
    /// for a link in another shape: what
    /// `wayfinder resolve --format json` prints (`jsonValue.serialized`).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)
        let canonical = url
        members.append(("url", .string(canonical)))
        if let web = graph.webForm(of: canonical) { members.append(("web_url", .string(web))) }
        let style = presentationStyle
        graph.appendPlaceMembers(
            to: &members, flow: flow, tab: tab, stack: (0..<(style == nil ? count : count - 1)).map(routeJSON(at:)),
            presentation: style.map { (routeJSON(at: count - 1), $0) })
        members.append(("entry", .string(entry.tier.rawValue)))
        members.append(contentsOf: originMembers)
        return .object(members)
    }

    /// The `index`-th screen as ``RouteGraph/jsonValue(for:)`` writes a route, read from the
    /// link's values (no ``Route`` made on the way).
    private func routeJSON(at index: Int) -> JSONValue {
        graph.screens[Int(steps[index].screen)].jsonValue { _, slot in value(step: index, slot: slot) }
    }

    /// `"alias"` or `"migrated"`, for a link in another shape than today's (see ``origin``).
    private var originMembers: [(String, JSONValue)] {
        switch origin {
        case nil: []
        case .alias(let alias)?: [("alias", .string(alias.description))]
        case .migrated(let version, let migrations)?:
            [("migrated", .object([("version", .int(version)), ("migrations", .array(migrations.map { .string($0.text) }))]))]
        }
    }
}

extension RouteGraph {
    /// `"flow"`, `"tab"`, `"stack"` and `"presentation"` (with its `"style"`): a place in the
    /// app as JSON, each route as ``jsonValue(for:)`` writes it. What a resolved link and the
    /// `state` command print.
    public func placeMembers(
        flow: String, tab: String?, stack: [Route], presentation: (route: Route, style: PresentationStyle)?
    ) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        appendPlaceMembers(
            to: &members, flow: flow, tab: tab, stack: stack.map(jsonValue(for:)),
            presentation: presentation.map { (jsonValue(for: $0.route), $0.style) })
        return members
    }

    /// ``placeMembers(flow:tab:stack:presentation:)`` appended to `members`, its routes
    /// already written as JSON.
    func appendPlaceMembers(
        to members: inout [(String, JSONValue)], flow: String, tab: String?, stack: [JSONValue],
        presentation: (route: JSONValue, style: PresentationStyle)?
    ) {
        var presented = JSONValue.null
        if let presentation, case .object(var route) = presentation.route {
            route.append(("style", .string(presentation.style.rawValue)))
            presented = .object(route)
        }
        members.append(("flow", .string(flow)))
        members.append(("tab", tab.map(JSONValue.string) ?? .null))
        members.append(("stack", .array(stack)))
        members.append(("presentation", presented))
    }
}
