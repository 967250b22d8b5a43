/// A JSON value with keys kept in insertion order, written compactly on one line.
///
/// Used for the machine-readable output of the tooling and the REPL (`state`,
/// `resolve --format json`, `resolve -`), where key order should be stable and readable.
/// Every JSON text the package prints is written by one writer, the package's `JSONWriter`
/// (through ``serialized`` and ``appendJSON(to:)``), which escapes control and bidirectional
/// characters as `\uXXXX`.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction, written in its shortest decimal form (`null` when not finite).
    case double(Double)
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
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// Appends ``serialized``'s UTF-8 bytes to `output`, with no string made in between.
    public func appendJSON(to output: inout [UInt8]) {
        var writer = JSONWriter(capacity: 0)
        swap(&writer.bytes, &output)
        write(to: &writer)
        swap(&writer.bytes, &output)
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.append("null")
        case .bool(let value): writer.append(value ? "true" : "false")
        case .int(let value): writer.append(value)
        case .double(let value): value.isFinite ? writer.append(text: value.decimalText) : writer.append("null")
        case .string(let value): writer.append(string: value)
        case .array(let values):
            writer.append(byte: UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
                value.write(to: &writer)
            }
            writer.append(byte: UInt8(ascii: "]"))
        case .object(let members):
            writer.append(byte: UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
                writer.append(key: key)
                value.write(to: &writer)
            }
            writer.append(byte: UInt8(ascii: "}"))
        }
    }
}

/// Compact JSON written as UTF-8 bytes: the one place JSON text is made (everything the
/// program prints as JSON is a ``JSONValue`` written through it).
struct JSONWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// One byte of JSON punctuation.
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A literal (`null`, `true`), as it is.
    mutating func append(_ literal: String) {
        bytes.append(contentsOf: literal.utf8)
    }

    mutating func append(_ number: Int) {
        append(text: String(number))
    }

    /// `text` as it is (a number's digits).
    mutating func append(text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `"key":`.
    mutating func append(key: String) {
        append(string: key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `text` as a JSON string: quotes, backslashes, C0 and C1 controls, DEL, the
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and
    /// U+2028 and U+2029 (line breaks to JavaScript) escaped; everything else as it is, the
    /// runs between escapes copied whole. Nothing that reorders or controls a terminal is
    /// left in the text, so the JSON is as safe to show as the text output.
    mutating func append(string text: String) {
        bytes.append(UInt8(ascii: "\""))
        do {
            let source = text.utf8.span
            var written = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                // Most bytes need nothing; only these can start a scalar that is escaped.
                let mayNeedEscape = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
                guard mayNeedEscape, let (escaped, length) = Self.escapedScalar(in: source, at: index) else {
                    index += 1
                    continue
                }
                for position in written..<index { bytes.append(source[position]) }
                appendEscape(escaped)
                index += length
                written = index
            }
            for position in written..<source.count { bytes.append(source[position]) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The scalar starting at `index` and its length in bytes when it is one that
    /// ``append(string:)`` escapes; nil otherwise.
    private static func escapedScalar(in source: Span<UInt8>, at index: Int) -> (UInt32, Int)? {
        let byte = source[index]
        let second = index + 1 < source.count ? source[index + 1] : 0
        let third = index + 2 < source.count ? source[index + 2] : 0
        switch (byte, second, third) {
        case (UInt8(ascii: "\""), _, _), (UInt8(ascii: "\\"), _, _), (0..<0x20, _, _), (0x7F, _, _):
            return (UInt32(byte), 1)
        // C1 controls, U+0080–U+009F: C2 80–C2 9F.
        case (0xC2, 0x80...0x9F, _):
            return (UInt32(second), 2)
        // U+061C, the Arabic letter mark: D8 9C.
        case (0xD8, 0x9C, _):
            return (0x061C, 2)
        // U+200E and U+200F (marks), U+2028 and U+2029 (line breaks), U+202A–U+202E
        // (embeddings and overrides): E2 80 8E, 8F, A8–AE; U+2066–U+2069 (isolates): E2 81 A6–A9.
        case (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xA8...0xAE), (0xE2, 0x81, 0xA6...0xA9):
            return (0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F), 3)
        default:
            return nil
        }
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\uXXXX` (lower-case hex) for the others.
    private mutating func appendEscape(_ value: UInt32) {
        bytes.append(UInt8(ascii: "\\"))
        switch value {
        case UInt32(UInt8(ascii: "\"")), UInt32(UInt8(ascii: "\\")): bytes.append(UInt8(value))
        case UInt32(UInt8(ascii: "\n")): bytes.append(UInt8(ascii: "n"))
        case UInt32(UInt8(ascii: "\r")): bytes.append(UInt8(ascii: "r"))
        case UInt32(UInt8(ascii: "\t")): bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(Hexadecimal.digit(UInt8((value >> UInt32(shift)) & 0xF), uppercase: false))
            }
        }
    }
}

/// A JSON value read from, or written to, any `Codable` format: what lets a type whose form is
/// described as JSON (``SavedStateFormat``) be `Codable` through that description alone.
extension JSONValue: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {  // Not an object: one of the other forms below.
            var members: [(String, JSONValue)] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {  // Not an array: a single value, below.
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            self = try Self.singleValue(try decoder.singleValueContainer())
        }
    }

    private static func singleValue(_ container: any SingleValueDecodingContainer) throws -> JSONValue {
        if container.decodeNil() { return .null }
        // Each `try?` asks whether the value is of that type; the last one says why not.
        if let flag = try? container.decode(Bool.self) { return .bool(flag) }  // Not a bool: an int?
        if let number = try? container.decode(Int.self) { return .int(number) }  // Not an int: a double?
        if let number = try? container.decode(Double.self) { return .double(number) }  // Not a number: a string, or the error.
        return .string(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            if number.isFinite { try container.encode(number) } else { try container.encodeNil() }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
