/// Turns ``StyledText`` into what is written to the terminal: with ANSI colours when
/// `usesColor`, plain otherwise. The only place that writes escape sequences.
public struct TextRenderer: Sendable {
    /// Whether styles become SGR colour sequences.
    public let usesColor: Bool
    /// The width to wrap lines at, asked at each render (so that a resized terminal gets
    /// lines of its new width); `nil` for no wrapping (pipes and files: scripts and
    /// transcripts read whole lines).
    public let width: (@Sendable () -> Int)?

    /// A renderer; pass `Terminal.prefersColor(…)` for `usesColor`, and for `width`
    /// `Terminal.width` when standard output is a terminal.
    public init(usesColor: Bool, width: (@Sendable () -> Int)? = nil) {
        self.usesColor = usesColor
        self.width = width
    }

    /// The text, one `\n` after each line, wrapped at ``width``.
    public func render(_ text: StyledText) -> String {
        let text = width.map { text.wrapped(toWidth: $0()) } ?? text
        // The UTF-8 of every piece into one byte buffer, then one string: no intermediate
        // strings, and none of a string's checks at each append.
        var output: [UInt8] = []
        output.reserveCapacity(text.lines.reduce(0) { total, line in line.reduce(total + 1) { $0 + $1.text.utf8.count + 12 } })
        for line in text.lines {
            for span in line {
                if usesColor, let code = Self.code(for: span.style) {
                    output.append(contentsOf: "\u{1B}[".utf8)
                    output.append(contentsOf: code.utf8)
                    output.append(UInt8(ascii: "m"))
                    output.append(contentsOf: span.text.utf8)
                    output.append(contentsOf: "\u{1B}[0m".utf8)
                } else {
                    output.append(contentsOf: span.text.utf8)
                }
            }
            output.append(UInt8(ascii: "\n"))
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func code(for style: TextStyle) -> String? {
        switch style {
        case .plain: nil
        case .title: "1"
        case .dim: "2"
        case .error: "31"
        case .success: "32"
        case .command: "36"
        case .link: "34"
        case .active: "1;33"
        }
    }
}
