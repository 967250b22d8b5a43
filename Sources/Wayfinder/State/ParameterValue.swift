/// The type of a screen parameter, as declared in a `.routes` file.
///
/// Written `int`, `string` or `uuid` after the parameter's name: `post/{id:int}`.
public enum ParameterType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A signed 64-bit decimal integer without sign prefix `+` (`42`, `-7`).
    case int
    /// Any non-empty text (percent-decoded, no control characters).
    case string
    /// A UUID in its 8-4-4-4-12 hexadecimal form; printed in lower case.
    case uuid

    /// Precedence when two patterns compete for the same segment: lower wins.
    ///
    /// Literals (precedence 0) beat typed parameters, which beat strings.
    var precedence: Int {
        switch self {
        case .uuid: 1
        case .int: 2
        case .string: 3
        }
    }
}

/// A typed parameter value carried by a ``Route``.
public enum ParameterValue: Hashable, Sendable {
    /// An integer value.
    case int(Int)
    /// A text value.
    case string(String)
    /// A UUID value, kept as its canonical lower-case text.
    case uuid(UUIDValue)

    /// The type of this value.
    public var type: ParameterType {
        switch self {
        case .int: .int
        case .string: .string
        case .uuid: .uuid
        }
    }

    /// The value as it appears (before percent-encoding) in a canonical link.
    public var text: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        case .uuid(let value): value.description
        }
    }

    /// The integer, when this is an `int` value.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The text, when this is a `string` value.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The UUID, when this is a `uuid` value.
    public var uuidValue: UUIDValue? {
        if case .uuid(let value) = self { return value }
        return nil
    }

    /// Parses `text` as a value of `type`; `nil` when it does not convert.
    ///
    /// - Parameters:
    ///   - text: The already percent-decoded text.
    ///   - type: The declared parameter type.
    public init?(parsing text: String, as type: ParameterType) {
        var copy = text
        let parsed: ParameterValue? = copy.withUTF8 { ParameterValue(bytes: $0, as: type) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Converts decoded UTF-8 bytes; `nil` when they do not convert.
    init?(bytes: UnsafeBufferPointer<UInt8>, as type: ParameterType) {
        switch type {
        case .int:
            guard let value = ParameterValue.parseInt(bytes) else { return nil }
            self = .int(value)
        case .string:
            guard !bytes.isEmpty else { return nil }
            self = .string(String(decoding: bytes, as: UTF8.self))
        case .uuid:
            guard let value = UUIDValue(bytes: bytes) else { return nil }
            self = .uuid(value)
        }
    }

    /// Decimal integer parsing on bytes, without overflow traps: an optional `-`, then
    /// digits; any number of leading zeros (`007` is 7). `nil` for anything else, and for
    /// values outside `Int`'s range (see ``isIntSyntax(_:)`` to tell the two apart).
    static func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { return nil }
        while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
        let digits = bytes.count - index
        if digits <= 18 {
            // Up to 18 digits cannot overflow.
            var magnitude = 0
            while index < bytes.count {
                let digit = UInt(bytes[index]) &- 48
                guard digit <= 9 else { return nil }
                magnitude = magnitude &* 10 &+ Int(digit)
                index += 1
            }
            return negative ? -magnitude : magnitude
        }
        guard digits == 19 else { return nil }
        var result = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative
                ? times.subtractingReportingOverflow(digit)
                : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            result = sum
            index += 1
        }
        return result
    }

    /// Whether `bytes` are written as an int (an optional `-`, then one or more digits),
    /// whatever their size: an int that ``parseInt(_:)`` refuses is out of range.
    static func isIntSyntax(_ bytes: some Collection<UInt8>) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// The saved form keeps each value's type: an int is a JSON number, a string a JSON string,
/// and a uuid an object `{"uuid": "…"}` (so that a string that looks like a UUID comes
/// back as a string).
extension ParameterValue: Codable {
    private enum UUIDKey: String, CodingKey {
        case uuid
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: UUIDKey.self) {
            let text = try container.decode(String.self, forKey: .uuid)
            guard let uuid = UUIDValue(text) else {
                throw DecodingError.dataCorruptedError(forKey: .uuid, in: container, debugDescription: "'\(text.escapingControlCharacters)' is not a UUID")
            }
            self = .uuid(uuid)
            return
        }
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .uuid(let value):
            var container = encoder.container(keyedBy: UUIDKey.self)
            try container.encode(value.description, forKey: .uuid)
        }
    }
}

extension ParameterValue: CustomStringConvertible {
    public var description: String { text }
}
