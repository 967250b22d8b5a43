/// How a span of text is shown. Only ``TextRenderer`` turns styles into escape sequences.
public enum TextStyle: Hashable, Sendable {
    /// Ordinary text.
    case plain
    /// A screen or section title.
    case title
    /// Less important text: hints, metadata.
    case dim
    /// Something that went wrong.
    case error
    /// Something that worked.
    case success
    /// A command name or key the user can type.
    case command
    /// A link or an id.
    case link
    /// The marker of the active flow in the header.
    case active
}

/// A run of text with one style. Text is sanitized when the span is made, so that no
/// untrusted text (user names, post titles, echoed input) can write escape sequences.
public struct TextSpan: Hashable, Sendable {
    /// The text, with control characters escaped.
    public let text: String
    /// How it is shown.
    public let style: TextStyle

    /// A span of `text` (control characters are escaped).
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = Sanitizer.escape(text)
        self.style = style
    }
}

/// Lines of styled spans: what views produce and the REPL prints.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The lines, each a list of spans.
    public private(set) var lines: [[TextSpan]]

    /// Empty text.
    public init() { lines = [] }

    /// One plain line per line of `text`.
    public init(stringLiteral text: String) {
        lines = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append([TextSpan(String(line))])
        }
    }

    /// Text of the given lines.
    public init(lines: [[TextSpan]]) { self.lines = lines }

    /// A single line with one style.
    public static func line(_ text: String, _ style: TextStyle = .plain) -> StyledText {
        StyledText(lines: [[TextSpan(text, style)]])
    }

    /// Whether there is nothing to print.
    public var isEmpty: Bool { lines.isEmpty }

    /// Appends one line made of `spans`.
    public mutating func append(_ spans: TextSpan...) {
        lines.append(spans)
    }

    /// Appends one line made of `spans`.
    public mutating func append(line spans: [TextSpan]) {
        lines.append(spans)
    }

    /// Appends a line of `text` in `style`.
    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        lines.append([TextSpan(text, style)])
    }

    /// Appends an empty line.
    public mutating func appendBlank() {
        lines.append([])
    }

    /// Appends every line of `other`.
    public mutating func append(contentsOf other: StyledText) {
        lines.append(contentsOf: other.lines)
    }

    /// The text without styles, one `\n` after each line.
    public var plainText: String {
        lines.map { $0.map(\.text).joined() + "\n" }.joined()
    }
}
