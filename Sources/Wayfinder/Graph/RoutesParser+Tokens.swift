/// Splitting a `.routes` file into lines and words (the one tokenizer of the format).
extension RoutesParser {
    /// The lines of `text`, split at every kind of line break ("\r\n" is one).
    static func lines(of text: String) -> [Substring] {
        let bytes = text.utf8
        // ASCII (route tables usually are): the breaks are LF, VT, FF and CR (CR LF is one
        // Character, hence one break), found byte by byte rather than Character by Character.
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        }
        var lines: [Substring] = []
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte >= 0x0A && byte <= 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A {
                index = bytes.index(after: index)
            }
            start = index
        }
        lines.append(text[start..<index])
        return lines
    }

    /// The words of `line` (separated by spaces and tabs, up to a `#` that starts a word),
    /// each with its column counted in Characters.
    static func tokenize(_ line: Substring) -> [Token] {
        let bytes = line.utf8
        // ASCII: each byte is a Character (a line holds no CR LF), so bytes can be counted.
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return tokenizeCharacters(line) }
        var tokens: [Token] = []
        var tokenStart: String.Index?
        var startColumn = 0
        var column = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            column += 1
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                if let start = tokenStart {
                    tokens.append(Token(text: String(line[start..<index]), column: startColumn))
                    tokenStart = nil
                }
            } else if tokenStart == nil {
                if byte == UInt8(ascii: "#") { break }
                tokenStart = index
                startColumn = column
            }
            index = bytes.index(after: index)
        }
        if let start = tokenStart { tokens.append(Token(text: String(line[start..<index]), column: startColumn)) }
        return tokens
    }

    /// ``tokenize(_:)`` Character by Character, for lines that are not ASCII.
    static func tokenizeCharacters(_ line: Substring) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var start = 0
        var column = 0
        for character in line {
            column += 1
            if character == "#" && current.isEmpty { break }
            if character == " " || character == "\t" {
                if !current.isEmpty {
                    tokens.append(Token(text: current, column: start))
                    current = ""
                }
                continue
            }
            if current.isEmpty { start = column }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(Token(text: current, column: start)) }
        return tokens
    }
}
