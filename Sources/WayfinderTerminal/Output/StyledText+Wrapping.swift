extension StyledText {
    /// The text with every line longer than `width` columns broken at spaces, so that it
    /// fits a terminal of that width: a continuation line keeps the indentation of the line
    /// it continues (when that leaves room for text), and styles stay with their words (a
    /// word in several styles, such as a command and the comma after it, stays whole). A
    /// word longer than a whole line (a link, a line of JSON) gets a line of its own and is
    /// not cut: the terminal folds it, and copying it gives it whole. A column is a
    /// `Character`.
    ///
    /// ```swift
    /// StyledText.line("one two three").wrapped(toWidth: 8).plainText // "one two\nthree\n"
    /// ```
    public func wrapped(toWidth width: Int) -> StyledText {
        guard width > 0 else { return self }
        var result: [[TextSpan]] = []
        for line in lines {
            result.append(contentsOf: Self.wrap(line, width: width))
        }
        return StyledText(lines: result)
    }

    private struct Piece {
        var text: Substring
        var style: TextStyle
        var isSpace: Bool
    }

    private static func wrap(_ line: [TextSpan], width: Int) -> [[TextSpan]] {
        let length = line.reduce(0) { $0 + $1.text.count }
        guard length > width else { return [line] }
        let leading = line.first.map { $0.text.prefix { $0 == " " }.count } ?? 0
        let indent = leading <= width / 2 ? String(repeating: " ", count: leading) : ""
        var output: [[TextSpan]] = []
        var current: [TextSpan] = []
        var column = 0

        func add(_ text: Substring, _ style: TextStyle) {
            guard !text.isEmpty else { return }
            if let last = current.last, last.style == style {
                current[current.count - 1] = TextSpan(last.text + text, style)
            } else {
                current.append(TextSpan(String(text), style))
            }
            column += text.count
        }
        func breakLine() {
            // Spaces at the end of a broken line are dropped.
            while let last = current.last, last.text.last == " " {
                let trimmed = String(last.text.dropLast(last.text.count - last.text.trimmingTrailingSpaces.count))
                if trimmed.isEmpty { current.removeLast() } else { current[current.count - 1] = TextSpan(trimmed, last.style) }
            }
            output.append(current)
            current = []
            column = 0
            add(Substring(indent), .plain)
        }

        let pieces = pieces(of: line)
        for (index, piece) in pieces.enumerated() {
            if piece.isSpace {
                // Spaces at the start of a continuation line are dropped.
                if column > indent.count || output.isEmpty { add(piece.text, piece.style) }
                continue
            }
            // A word may run over several styles (`author` then `,`): it breaks as a whole.
            if index == 0 || pieces[index - 1].isSpace {
                let word = pieces[index...].prefix { !$0.isSpace }.reduce(0) { $0 + $1.text.count }
                if column + word > width, column > indent.count { breakLine() }
            }
            add(piece.text, piece.style)
        }
        if !current.isEmpty { output.append(current) }
        return output
    }

    /// Each span cut into runs of spaces and runs of anything else.
    private static func pieces(of line: [TextSpan]) -> [Piece] {
        var result: [Piece] = []
        for span in line {
            var rest = Substring(span.text)
            while let first = rest.first {
                let isSpace = first == " "
                let run = rest.prefix { ($0 == " ") == isSpace }
                result.append(Piece(text: run, style: span.style, isSpace: isSpace))
                rest = rest.dropFirst(run.count)
            }
        }
        return result
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
