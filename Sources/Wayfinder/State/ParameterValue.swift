import WayfinderSystem

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
        case .double(let value): value.decimalText
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

    /// Decimal integer parsing on bytes (``Swift/Int/init(decimal:)``).
    @inline(__always)
    static func parseInt(_ bytes: Span<UInt8>) -> Int? { Int(decimal: bytes) }

    /// Whether `bytes` are written as an int (an optional `-`, then one or more digits),
    /// whatever their size: an int that ``parseInt(_:)`` refuses is out of range.
    static func isIntSyntax(_ bytes: some Collection<UInt8>) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// A value is written and read in its saved form (``SavedStateFormat/json(of:)-(ParameterValue)``):
/// it keeps its type.
extension ParameterValue: Codable {
    /// The types whose values are saved as an object `{"<type>": "<text>"}`, so that a
    /// string reading as one comes back as a string.
    static let textTaggedTypes: [ParameterType] = [.uuid, .date]

    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard let value = LenientStateReader.parameter(json) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(LenientStateReader.describe(json)) is not a saved parameter value"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        try SavedStateFormat.json(of: self).encode(to: encoder)
    }
}

extension ParameterValue: CustomStringConvertible {
    public var description: String { text }
}
