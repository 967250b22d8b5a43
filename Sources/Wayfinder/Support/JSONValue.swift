/// A JSON value with keys kept in insertion order, written compactly on one line.
///
/// Used for the machine-readable output of the tooling and the REPL (`state`,
/// `resolve --format json`), where key order should be stable and readable.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys in the given order.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized == rhs.serialized
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized)
    }

    /// The compact JSON text.
    public var serialized: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): JSONValue.writeString(value, into: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, into: &output)
                output += ":"
                value.write(into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.isControlCharacter || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension ParameterValue {
    /// The value as JSON: a number for `int`, a string otherwise.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let value): .int(value)
        case .string(let value): .string(value)
        case .uuid(let value): .string(value.description)
        }
    }
}

extension RouteGraph {
    /// `{"screen": name, "params": {…}}` with parameters in declaration order
    /// (path parameters, then query parameters); absent optional ones are left out.
    public func jsonValue(for route: Route) -> JSONValue {
        var params: [(String, JSONValue)] = []
        if let screen = screen(named: route.screen) {
            for (name, _) in screen.pathParameters {
                if let value = route.parameters[name] { params.append((name, value.jsonValue)) }
            }
            for query in screen.query {
                if let value = route.parameters[query.name] { params.append((query.name, value.jsonValue)) }
            }
        } else {
            for (name, value) in route.parameters.sorted(by: { $0.key < $1.key }) {
                params.append((name, value.jsonValue))
            }
        }
        return .object([("screen", .string(route.screen)), ("params", .object(params))])
    }
}

extension ResolvedLink {
    /// `{"url", "flow", "tab", "stack", "presentation"}` as printed by `wayfinder resolve --format json`.
    public var jsonValue: JSONValue {
        let presented: JSONValue = presentation.map { route, style in
            guard case .object(var members) = graph.jsonValue(for: route) else { return .null }
            members.append(("style", .string(style.rawValue)))
            return .object(members)
        } ?? .null
        return .object([
            ("url", .string(url)),
            ("flow", .string(flow)),
            ("tab", tab.map(JSONValue.string) ?? .null),
            ("stack", .array(stack.map(graph.jsonValue(for:)))),
            ("presentation", presented),
        ])
    }
}
