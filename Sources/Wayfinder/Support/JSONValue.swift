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

    /// `text` as a JSON string: quotes, backslashes, C0 and C1 controls, DEL, and U+2028 and
    /// U+2029 (line breaks to JavaScript) escaped; everything else as it is. Works on the
    /// UTF-8 bytes, copying the runs between escapes whole.
    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        var text = text
        text.withUTF8 { bytes in
            var written = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
                // C1 controls, U+0080–U+009F: 0xC2 0x80–0x9F.
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] < 0xA0:
                    escape = unicodeEscape(UInt32(bytes[index + 1]))
                    length = 2
                // U+2028 and U+2029: 0xE2 0x80 0xA8 and 0xA9.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
                    escape = unicodeEscape(0x2000 + UInt32(bytes[index + 2] - 0x80))
                    length = 3
                default:
                    index += 1
                    continue
                }
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[written..<index]), as: UTF8.self)
                output += escape
                index += length
                written = index
            }
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[written...]), as: UTF8.self)
        }
        output += "\""
    }

    /// `\uXXXX` for `value`, in lower-case hex.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
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
    /// `{"url", "web_url" (when the table declares a web origin), "flow", "tab", "stack",
    /// "presentation"}` as printed by `wayfinder resolve --format json`.
    public var jsonValue: JSONValue {
        let presented: JSONValue = presentation.map { route, style in
            guard case .object(var members) = graph.jsonValue(for: route) else { return .null }
            members.append(("style", .string(style.rawValue)))
            return .object(members)
        } ?? .null
        let web: [(String, JSONValue)] = webURL.map { [("web_url", .string($0))] } ?? []
        return .object([("url", .string(url))] + web + [
            ("flow", .string(flow)),
            ("tab", tab.map(JSONValue.string) ?? .null),
            ("stack", .array(stack.map(graph.jsonValue(for:)))),
            ("presentation", presented),
        ])
    }
}
