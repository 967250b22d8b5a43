import WayfinderSystem

/// The type of a screen parameter, as declared in a `.routes` file.
///
/// Written after the parameter's name: `post/{id:int}`, `list/{sort:new|top|hot}`,
/// `files/{path:rest}`, `query page:int=1`.
public enum ParameterType: Hashable, Sendable {
    /// A signed 64-bit decimal integer without sign prefix `+` (`42`, `-7`, `007`).
    case int
    /// Any non-empty text (percent-decoded, no control characters).
    case string
    /// A UUID in its 8-4-4-4-12 hexadecimal form; printed in lower case.
    case uuid
    /// `true` or `false`, exactly.
    case bool
    /// A finite decimal number: an optional `-`, digits, and optionally `.` and more digits
    /// (`3`, `-0.25`; no exponent, NaN or infinity); printed in the shortest form that reads
    /// back the same.
    case double
    /// A calendar date, `YYYY-MM-DD` exactly (ISO 8601, no time or zone; see ``CalendarDate``).
    case date
    /// One word of a closed set, written `new|top|hot`; the value is a ``ParameterValue/string(_:)``.
    case oneOf([String])
    /// The rest of the path: one or more segments, each decoded on its own, kept as their
    /// list (``ParameterValue/segments(_:)``). Last in its pattern, path only.
    case rest

    /// The types written by name, in the order the documentation lists them.
    public static let named: [ParameterType] = [.int, .string, .uuid, .bool, .double, .date, .rest]

    /// Reads a declaration: a type's name (`int`), or two or more distinct words separated
    /// by `|` for ``oneOf(_:)``; `nil` for anything else.
    public init?(declaration: String) {
        if let named = ParameterType.named.first(where: { $0.declaration == declaration }) {
            self = named
            return
        }
        let words = declaration.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 2, words.allSatisfy(RoutesParser.isURLWord), Set(words).count == words.count else { return nil }
        self = .oneOf(words)
    }

    /// How the type is written in a `.routes` file: `int`, `new|top|hot`.
    public var declaration: String {
        switch self {
        case .int: "int"
        case .string: "string"
        case .uuid: "uuid"
        case .bool: "bool"
        case .double: "double"
        case .date: "date"
        case .oneOf(let words): words.joined(separator: "|")
        case .rest: "rest"
        }
    }

    /// The type in a sentence: "an int", "one of new, top or hot".
    public var phrase: String {
        switch self {
        case .int: "an int"
        case .oneOf(let words): "one of " + words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
        case .rest: "a path of one or more segments"
        case .date: "a date (YYYY-MM-DD)"
        default: "a " + declaration
        }
    }

    /// Whether `value` is a value of this type: a word of ``oneOf(_:)`` is a string among
    /// its words, a double is finite, a rest value has at least one segment and no empty
    /// one. (Lengths and control characters are the link's limits, checked apart.)
    public func accepts(_ value: ParameterValue) -> Bool {
        switch (self, value) {
        case (.oneOf(let words), .string(let word)): words.contains(word)
        case (.oneOf, _): false
        case (.double, .double(let number)): number.isFinite
        case (.rest, .segments(let segments)): !segments.isEmpty && !segments.contains(where: \.isEmpty)
        default: value.type == self
        }
    }

    /// What more than ``phrase`` says why `text` (decoded, and not a value of this type) is
    /// refused, for messages; `nil` when the phrase says it all.
    @_spi(RouteTools) public func refusal(of text: Span<UInt8>) -> String? {
        self == .date ? CalendarDate.refusal(of: text) : nil
    }

    /// Precedence when two patterns compete for the same segment: lower wins.
    ///
    /// Literals (precedence 0) beat words of a set, which beat the other typed parameters,
    /// which beat strings; a rest parameter comes last. (Of the typed ones, only an int and
    /// a double can read one segment alike, and tables may not declare both at one place:
    /// their order among themselves only orders diagnoses.)
    var precedence: Int {
        switch self {
        case .oneOf: 1
        case .bool: 2
        case .uuid: 3
        case .date: 4
        case .int: 5
        case .double: 6
        case .string: 7
        case .rest: 8
        }
    }

    /// Whether a value of this type has more than one spelling (`07` is the int 7, `1.50`
    /// the double 1.5), so that a literal reading as one shadows the value's printed form.
    @_spi(RouteTools) public var hasSeveralSpellings: Bool {
        switch self {
        case .int, .uuid, .double: true
        case .string, .bool, .date, .oneOf, .rest: false
        }
    }
}

/// Kept as its declaration (`"int"`, `"new|top|hot"`).
extension ParameterType: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let type = ParameterType(declaration: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.escapingControlCharacters)' is not a parameter type")
        }
        self = type
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(declaration)
    }
}
