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
        if let (words, rest) = Self.splitPlain(line) {
            name = words.first ?? ""
            arguments = Array(words.dropFirst())
            self.rest = rest
            return
        }
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

    /// The words and the rest of a line without quotes, backslashes or non-ASCII bytes (what
    /// is typed most), split on its bytes: the same as the general path gives such a line,
    /// without going character by character. `nil` for any other line.
    private static func splitPlain(_ line: String) -> (words: [String], rest: String)? {
        var line = line
        return line.withUTF8 { bytes -> (words: [String], rest: String)? in
            var words: [String] = []
            var start = -1
            var restStart = 0
            var restEnd = 0
            for index in 0..<bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    guard start >= 0 else { continue }
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    restEnd = index
                    start = -1
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), 0x80...:
                    return nil
                default:
                    guard start < 0 else { continue }
                    start = index
                    if words.count == 1 { restStart = index }
                }
            }
            if start >= 0 {
                words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
                restEnd = bytes.count
            }
            let rest = words.count > 1 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[restStart..<restEnd]), as: UTF8.self) : ""
            return (words, rest)
        }
    }

    /// A quote or a trailing backslash was left open.
    public struct UnclosedQuote: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String { "unclosed quote" }
    }
}
