/// A line typed at the REPL, split into a command and its arguments, by one rule meant for
/// text as people type it:
///
/// - Words are separated by spaces or tabs.
/// - A word that starts with `"` or `'` is a quoted word: it runs, spaces included, to the
///   same quote where that quote ends a word (before a space, a tab or the end of the line),
///   and the quotes are dropped. A quote that no such quote closes is an ordinary character.
/// - Everything else is kept as typed: an apostrophe or a quote inside a word (`don't`,
///   `it's`), a backslash (`C:\new\dir`).
/// - Free text (``freeText``: a title, a body, search words) is the text after the command as
///   typed; when it is one quoted word, that word without its quotes (`bio "Builds routers."`).
public struct CommandInput: Hashable, Sendable {
    /// The command word (`open`, `like`, …); empty for an empty line.
    public let name: String
    /// The words after the command, quoted words without their quotes.
    public let arguments: [String]
    /// Everything after the command word, with its surrounding spaces trimmed.
    public let rest: String

    /// Free text after the command: the single argument when it was quoted as one
    /// (`bio "Builds routers."`), else the text as typed (`title Notes from the REPL`).
    public var freeText: String {
        arguments.count == 1 ? arguments[0] : rest
    }

    /// Splits `line`; any line splits.
    public init(parsing line: String) {
        let bytes = Array(line.utf8)
        let words = Self.words(of: bytes)
        name = words.first ?? ""
        arguments = Array(words.dropFirst())
        rest = Self.rest(of: bytes)
    }

    /// Quotes, spaces and tabs are ASCII, so every other byte (each byte of a multi-byte
    /// character too) belongs to the word it is in.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The words of a line, by the rule above.
    private static func words(of bytes: [UInt8]) -> [String] {
        var words: [String] = []
        var start = 0
        while start < bytes.count {
            if isBlank(bytes[start]) {
                start += 1
                continue
            }
            if isQuote(bytes[start]), let close = closingQuote(of: start, in: bytes) {
                words.append(String(decoding: bytes[(start + 1)..<close], as: UTF8.self))
                start = close + 1
                continue
            }
            var end = start
            while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
            words.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
        }
        return words
    }

    /// The quote that closes the one at `open`: the same quote, after it, where it ends a word.
    private static func closingQuote(of open: Int, in bytes: [UInt8]) -> Int? {
        var index = open + 1
        while index < bytes.count {
            if bytes[index] == bytes[open], index + 1 == bytes.count || isBlank(bytes[index + 1]) { return index }
            index += 1
        }
        return nil
    }

    /// The trimmed line after its first word and the blanks after it, as typed.
    private static func rest(of bytes: [UInt8]) -> String {
        var end = bytes.count
        while end > 0, isBlank(bytes[end - 1]) { end -= 1 }
        var start = 0
        while start < end, isBlank(bytes[start]) { start += 1 }
        while start < end, !isBlank(bytes[start]) { start += 1 }
        while start < end, isBlank(bytes[start]) { start += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
