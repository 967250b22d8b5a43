import WayfinderSystem

/// The saved form of a navigation state, described once: its keys, and the JSON a state is
/// written as (``json(of:)-(NavigationState)``). The lenient reader (``NavigationState/decodedLeniently(from:)``)
/// reads the same keys, and ``NavigationState``'s `Codable` conformance writes this JSON and
/// reads it back with that reader (refusing what it had to drop), so that the writer and
/// the readers cannot drift apart.
///
/// ```json
/// {"activeFlow":"main","flows":{"main":{"selectedTab":"feed","stacks":{"feed":{"path":[{"id":{"rawValue":1},
///  "route":{"parameters":{"id":4},"screen":"post"}}],"root":{"parameters":{},"screen":"feed"}}}}},
///  "grantedGuards":["signed-in"]}
/// ```
///
/// Keys are written in sorted order; what is absent (no pending link, no link to
/// confirm, no tab, no presentation) is left out. A parameter keeps its type: see ``json(of:)-(ParameterValue)``.
public enum SavedStateFormat {
    /// The keys of the saved form.
    public enum Key {
        public static let activeFlow = "activeFlow"
        public static let flows = "flows"
        public static let pending = "pending"
        public static let confirming = "confirming"
        public static let grantedGuards = "grantedGuards"
        public static let selectedTab = "selectedTab"
        public static let stacks = "stacks"
        public static let root = "root"
        public static let path = "path"
        public static let presentation = "presentation"
        public static let id = "id"
        public static let rawValue = "rawValue"
        public static let route = "route"
        public static let style = "style"
        public static let screen = "screen"
        public static let parameters = "parameters"
        public static let double = "double"
    }

    /// `state` in its saved form: guards sorted, flows and stacks by name.
    public static func json(of state: NavigationState) -> JSONValue {
        var members: [(String, JSONValue)] = [(Key.activeFlow, .string(state.activeFlow))]
        if let confirming = state.confirming { members.append((Key.confirming, .string(confirming))) }
        members += [
            (Key.flows, .object(state.flows.sorted { $0.key < $1.key }.map { ($0.key, json(of: $0.value)) })),
            (Key.grantedGuards, .array(state.grantedGuards.sorted().map(JSONValue.string))),
        ]
        if let pending = state.pending { members.append((Key.pending, .string(pending))) }
        return .object(members)
    }

    /// A flow: its selected tab (when it has tabs) and its stacks by key.
    static func json(of flow: FlowState) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let tab = flow.selectedTab { members.append((Key.selectedTab, .string(tab))) }
        members.append((Key.stacks, .object(flow.stacks.sorted { $0.key < $1.key }.map { ($0.key, json(of: $0.value)) })))
        return .object(members)
    }

    /// A stack: the routes pushed with their ids, the presentation (when there is one), the root.
    static func json(of stack: RouteStack) -> JSONValue {
        var members: [(String, JSONValue)] = [
            (Key.path, .array(stack.path.map { .object([(Key.id, json(of: $0.id)), (Key.route, json(of: $0.route))]) })),
        ]
        if let presented = stack.presentation {
            members.append((Key.presentation, .object([
                (Key.id, json(of: presented.id)), (Key.route, json(of: presented.route)), (Key.style, .string(presented.style.rawValue)),
            ])))
        }
        members.append((Key.root, json(of: stack.root)))
        return .object(members)
    }

    /// An id: `{"rawValue": 3}`.
    static func json(of id: StackID) -> JSONValue {
        .object([(Key.rawValue, .int(id.rawValue))])
    }

    /// A route: its parameters by name, and its screen.
    static func json(of route: Route) -> JSONValue {
        .object([
            (Key.parameters, .object(route.parameters.sorted { $0.key < $1.key }.map { ($0.key, json(of: $0.value)) })),
            (Key.screen, .string(route.screen)),
        ])
    }

    /// A parameter's value, keeping its type: an int is a JSON number, a string a JSON string,
    /// a bool `true` or `false`, a rest value an array of strings, a double an object
    /// `{"double": …}` (so that the double 7 comes back as a double), and a value of the
    /// ``ParameterValue`` text-tagged types an object named by its type, `{"uuid": "…"}` or
    /// `{"date": "2024-02-29"}` (so that a string that looks like a UUID or a date comes back
    /// as a string).
    public static func json(of value: ParameterValue) -> JSONValue {
        switch value {
        case .int(let number): .int(number)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .segments(let segments): .array(segments.map(JSONValue.string))
        case .double(let number): .object([(Key.double, .double(number))])
        default: .object([(value.type.declaration, .string(value.text))])
        }
    }
}
