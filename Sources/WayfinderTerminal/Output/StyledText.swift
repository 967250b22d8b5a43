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

/// A run of text with one style, within one line. Text is sanitized when the span is made,
/// so that no untrusted text (user names, post titles, echoed input) can write escape
/// sequences; a line break in it is escaped too (`\u{0A}`). Text of several lines goes in
/// through ``StyledText/line(_:_:)`` or ``StyledText/append(_:_:)``, which make a line of each.
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

    /// One plain line per line of `text` (lines end at `\n` or `\r\n`).
    public init(stringLiteral text: String) {
        lines = Self.lines(of: text, .plain)
    }

    /// Text of the given lines.
    public init(lines: [[TextSpan]]) { self.lines = lines }

    /// Text in one style: one line, or one line per line of `text` when it has line
    /// breaks (`\n` or `\r\n`).
    ///
    /// ```swift
    /// StyledText.line("a\nb", .dim).lines.count // 2
    /// ```
    public static func line(_ text: String, _ style: TextStyle = .plain) -> StyledText {
        StyledText(lines: lines(of: text, style))
    }

    /// A line of one span per line of `text`; an empty text is one empty line.
    private static func lines(of text: String, _ style: TextStyle) -> [[TextSpan]] {
        // Both breaks hold a line feed byte: text without one is one line.
        guard text.utf8.contains(0x0A) else { return [[TextSpan(text, style)]] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { [TextSpan(String($0), style)] }
    }


    /// Whether there is nothing to print.
    public var isEmpty: Bool { lines.isEmpty }

    /// Appends one line made of `spans` (a span is within one line: see ``TextSpan``).
    public mutating func append(_ spans: TextSpan...) {
        lines.append(spans)
    }

    /// Appends one line made of `spans`.
    public mutating func append(line spans: [TextSpan]) {
        lines.append(spans)
    }

    /// Appends a line of `text` in `style`, or a line per line of `text` when it has line
    /// breaks (`\n` or `\r\n`).
    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        lines.append(contentsOf: Self.lines(of: text, style))
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
