import WayfinderSystem

extension ParameterValue {
    /// The value as JSON: a number for `int` and `double`, `true` or `false` for `bool`, an
    /// array of strings for `rest`, a string otherwise.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .string(let value): .string(value)
        case .segments(let values): .array(values.map(JSONValue.string))
        default: .string(text)
        }
    }
}

extension RouteGraph {
    /// `{"screen": name, "params": {…}}` with parameters in declaration order
    /// (path parameters, then query parameters); absent optional ones are left out.
    public func jsonValue(for route: Route) -> JSONValue {
        if let screen = screen(named: route.screen) {
            return screen.jsonValue { name, _ in route.parameters[name] }
        }
        let params = route.parameters.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value.jsonValue) }
        return .object([("screen", .string(route.screen)), ("params", .object(params))])
    }
}

extension RouteGraph.Screen {
    /// `{"screen": name, "params": {…}}`, each parameter's value given by `value(name, slot)`
    /// (`slot`: its place among the path parameters, then the query parameters); the layout
    /// of a route in every JSON the package prints.
    func jsonValue(value: (_ name: String, _ slot: Int) -> ParameterValue?) -> JSONValue {
        var params: [(String, JSONValue)] = []
        params.reserveCapacity(pattern.count + query.count)
        var slot = 0
        for case .parameter(let name, _) in pattern {
            if let parameter = value(name, slot) { params.append((name, parameter.jsonValue)) }
            slot += 1
        }
        for parameter in query {
            if let given = value(parameter.name, slot) { params.append((parameter.name, given.jsonValue)) }
            slot += 1
        }
        return .object([("screen", .string(name)), ("params", .object(params))])
    }
}
