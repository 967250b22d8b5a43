/// A line typed at the REPL, split into a command and its arguments.
///
/// Words are separated by spaces; `"double"` and `'single'` quotes group words; `\` escapes
/// the next character outside single quotes. ``rest`` keeps the text after the command as typed
/// (for free text such as a post's body).
public struct CommandInput: Hashable, Sendable {
    /// The command word (`open`, `like`, …); empty for an empty line.
    public let name: String
    /// The words after the command, quotes removed.
    public let arguments: [String]
    /// Everything after the command word, with its surrounding spaces trimmed.
    public let rest: String

    /// Free text after the command: the single argument when it was quoted as one
    /// (`bio "Builds routers."`), else the text as typed (`title Notes from the REPL`).
    public var freeText: String {
        arguments.count == 1 ? arguments[0] : rest
    }

    /// Splits `line`.
    /// - Throws: ``CommandInput/UnclosedQuote`` when a quote is not closed.
    public init(parsing line: String) throws(UnclosedQuote) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "\"", "'":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped { throw UnclosedQuote() }
        if inWord { words.append(word) }
        name = words.first ?? ""
        arguments = Array(words.dropFirst())
        let trimmed = line.trimmingWhitespace
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            rest = String(trimmed[space...]).trimmingWhitespace
        } else {
            rest = ""
        }
    }

    /// A quote or a trailing backslash was left open.
    public struct UnclosedQuote: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String { "unclosed quote" }
    }
}
