/// A typed parameter value carried by a ``Route``.
public enum ParameterValue: Hashable, Sendable {
    /// An integer value.
    case int(Int)
    /// A text value.
    case string(String)
    /// A UUID value, kept as its canonical lower-case text.
    case uuid(UUIDValue)
    /// A `bool` value.
    case bool(Bool)
    /// A `double` value: finite, and never negative zero.
    case double(Double)
    /// A `date` value.
    case date(CalendarDate)
    /// A `rest` value: the path's remaining segments, each decoded on its own (so a `/`
    /// inside one, written `%2F` in a link, stays apart from the `/` between them).
    case segments([String])

    /// The type of this value.
    public var type: ParameterType {
        switch self {
        case .int: .int
        case .string: .string
        case .uuid: .uuid
        case .bool: .bool
        case .double: .double
        case .date: .date
        case .segments: .rest
        }
    }

    /// The value as it appears (before percent-encoding) in a canonical link; a `rest`
    /// value's segments joined with `/`.
    public var text: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        case .uuid(let value): value.description
        case .bool(let value): value ? "true" : "false"
        case .double(let value): ParameterValue.decimalText(value)
        case .date(let value): value.description
        case .segments(let values): values.joined(separator: "/")
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

    /// The flag, when this is a `bool` value.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when this is a `double` value.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    /// The date, when this is a `date` value.
    public var dateValue: CalendarDate? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The segments, when this is a `rest` value.
    public var segmentsValue: [String]? {
        if case .segments(let value) = self { return value }
        return nil
    }

    /// Parses `text` as a value of `type`; `nil` when it does not convert.
    ///
    /// - Parameters:
    ///   - text: The already percent-decoded text; for `rest`, segments separated by `/`.
    ///   - type: The declared parameter type.
    public init?(parsing text: String, as type: ParameterType) {
        if type == .rest {
            let segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard segments.allSatisfy({ !$0.isEmpty }) else { return nil }
            self = .segments(segments)
            return
        }
        guard let parsed = ParameterValue(bytes: text.utf8.span, as: type) else { return nil }
        self = parsed
    }

    /// Converts decoded UTF-8 bytes; `nil` when they do not convert.
    init?(bytes: Span<UInt8>, as type: ParameterType) {
        switch type {
        case .int:
            guard let value = ParameterValue.parseInt(bytes) else { return nil }
            self = .int(value)
        case .string:
            guard !bytes.isEmpty else { return nil }
            self = .string(bytes.string)
        case .uuid:
            guard let value = UUIDValue(bytes: bytes) else { return nil }
            self = .uuid(value)
        case .bool:
            guard let value = ParameterValue.parseBool(bytes) else { return nil }
            self = .bool(value)
        case .double:
            guard let value = ParameterValue.parseDouble(bytes) else { return nil }
            self = .double(value)
        case .date:
            guard let value = CalendarDate(bytes: bytes) else { return nil }
            self = .date(value)
        case .oneOf(let words):
            let word = bytes.string
            guard words.contains(word) else { return nil }
            self = .string(word)
        case .rest:
            guard !bytes.isEmpty else { return nil }
            self = .segments([bytes.string])
        }
    }

    /// Decimal integer parsing on bytes, without overflow traps: an optional `-`, then
    /// digits; any number of leading zeros (`007` is 7). `nil` for anything else, and for
    /// values outside `Int`'s range (see ``isIntSyntax(_:)`` to tell the two apart).
    static func parseInt(_ bytes: Span<UInt8>) -> Int? {
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
/// a bool `true` or `false`, a rest value an array of strings, a double an object
/// `{"double": …}` (so that the double 7 comes back as a double), and a value of the
/// ``textTaggedTypes`` an object named by its type, `{"uuid": "…"}` or `{"date": "2024-02-29"}`
/// (so that a string that looks like a UUID or a date comes back as a string).
extension ParameterValue: Codable {
    /// The types whose values are saved as an object `{"<type>": "<text>"}`, so that a
    /// string reading as one comes back as a string.
    static let textTaggedTypes: [ParameterType] = [.uuid, .date]

    private struct TagKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let double = TagKey(stringValue: "double")
        init(_ type: ParameterType) { stringValue = type.declaration }
    }

    public init(from decoder: any Decoder) throws {
        if let container = Self.inForm({ try decoder.container(keyedBy: TagKey.self) }) {
            self = try ParameterValue.decodeTagged(container)
            return
        }
        let container = try decoder.singleValueContainer()
        if let flag = Self.inForm({ try container.decode(Bool.self) }) {
            self = .bool(flag)
        } else if let int = Self.inForm({ try container.decode(Int.self) }) {
            self = .int(int)
        } else if let segments = Self.inForm({ try container.decode([String].self) }) {
            self = .segments(segments)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// What `decode` reads, or `nil` when the value is not of that form: the forms are
    /// tried in turn, and the last (a string) throws the decoder's error when none fits.
    private static func inForm<Value>(_ decode: () throws -> Value) -> Value? {
        try? decode()  // Not this form: the next one is tried.
    }

    private static func decodeTagged(_ container: KeyedDecodingContainer<TagKey>) throws -> ParameterValue {
        if container.contains(.double) {
            let number = try container.decode(Double.self, forKey: .double)
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(forKey: .double, in: container, debugDescription: "a double must be finite")
            }
            return .double(number == 0 ? 0 : number)
        }
        let key = textTaggedTypes.map(TagKey.init).first(where: container.contains) ?? TagKey(.uuid)
        let text = try container.decode(String.self, forKey: key)
        guard let type = ParameterType(declaration: key.stringValue), let value = ParameterValue(parsing: text, as: type) else {
            let noun = key.stringValue == "uuid" ? "a UUID" : "a " + key.stringValue
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text.escapingControlCharacters)' is not \(noun)")
        }
        return value
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .segments(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(value, forKey: .double)
        default:
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(text, forKey: TagKey(type))
        }
    }
}

extension ParameterValue: CustomStringConvertible {
    public var description: String { text }
}
