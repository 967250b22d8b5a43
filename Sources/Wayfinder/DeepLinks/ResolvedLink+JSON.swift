extension ResolvedLink {
    /// `{"url", "web_url" (when the table declares a web origin), "flow", "tab", "stack",
    /// "presentation"}`, and `"alias"` or `"migrated"` for a link in another shape: what
    /// `wayfinder resolve --format json` prints (`jsonValue.serialized`).
    public var jsonValue: JSONValue {
        let web: [(String, JSONValue)] = webURL.map { [("web_url", .string($0))] } ?? []
        return .object([("url", .string(url))] + web + graph.placeMembers(flow: flow, tab: tab, stack: stack, presentation: presentation) + originMembers)
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
        let presented: JSONValue = presentation.map { route, style in
            guard case .object(var members) = jsonValue(for: route) else { return .null }
            members.append(("style", .string(style.rawValue)))
            return .object(members)
        } ?? .null
        return [
            ("flow", .string(flow)),
            ("tab", tab.map(JSONValue.string) ?? .null),
            ("stack", .array(stack.map(jsonValue(for:)))),
            ("presentation", presented),
        ]
    }
}
