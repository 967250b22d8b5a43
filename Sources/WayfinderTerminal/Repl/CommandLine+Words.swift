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
        var line = line
        guard let (words, rest) = line.withUTF8(Self.split) else { throw UnclosedQuote() }
        name = words.first ?? ""
        arguments = Array(words.dropFirst())
        self.rest = rest
    }

    /// The words and the rest of a line, on its UTF-8: quotes, backslashes, spaces and tabs
    /// are ASCII, so every other byte (each byte of a multi-byte character too) belongs to
    /// the word it is in, and an escape keeps the byte after it. `nil` for an open quote or
    /// a trailing backslash.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (words: [String], rest: String)? {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), backslash = UInt8(ascii: "\\")
        let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
        var words: [String] = []
        var word: [UInt8] = []
        var inWord = false
        var quote: UInt8?
        var escaped = false
        for byte in bytes {
            if escaped {
                word.append(byte)
                escaped = false
            } else if let open = quote {
                if byte == open {
                    quote = nil
                } else if byte == backslash && open == doubleQuote {
                    escaped = true
                } else {
                    word.append(byte)
                }
            } else if byte == space || byte == tab {
                if inWord { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
                inWord = false
            } else if byte == doubleQuote || byte == singleQuote {
                quote = byte
                inWord = true
            } else if byte == backslash {
                escaped = true
                inWord = true
            } else {
                word.append(byte)
                inWord = true
            }
        }
        if quote != nil || escaped { return nil }
        if inWord { words.append(String(decoding: word, as: UTF8.self)) }
        // The rest: the trimmed line after its first run of spaces and tabs, as typed.
        func isBlank(_ index: Int) -> Bool { bytes[index] == space || bytes[index] == tab }
        var end = bytes.count
        while end > 0, isBlank(end - 1) { end -= 1 }
        var start = 0
        while start < end, isBlank(start) { start += 1 }
        while start < end, !isBlank(start) { start += 1 }
        while start < end, isBlank(start) { start += 1 }
        return (words, String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }

    /// A quote or a trailing backslash was left open.
    public struct UnclosedQuote: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String { "unclosed quote" }
    }
}
