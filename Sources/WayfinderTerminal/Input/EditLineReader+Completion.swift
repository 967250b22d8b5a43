import CEditLine
import WayfinderSystem

extension EditLineReader {
    /// Tab: completes the word before the cursor with the ``completer``'s candidates.
    /// Returns libedit's CC_* code for what to do next.
    func complete() -> UInt8 {
        guard let completer, let text = textBeforeCursor() else { return UInt8(CC_ERROR) }
        let word = Array(text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false).last ?? [])
        var seen: Set<String> = []
        let candidates = completer(text).filter { seen.insert($0).inserted }
        switch candidates.count {
        case 0:
            return UInt8(CC_ERROR)
        case 1:
            return replace(word, with: Array(candidates[0].unicodeScalars) + [" "])
        default:
            let prefix = Self.commonPrefix(of: candidates.map { Array($0.unicodeScalars) })
            if prefix.count > word.count, prefix.starts(with: word) {
                return replace(word, with: prefix)
            }
            Terminal.writeAndFlush("\n" + Self.columns(candidates, width: TerminalDevice.columns))
            return UInt8(CC_REDISPLAY)
        }
    }

    private func textBeforeCursor() -> String? {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor,
            cursor >= start
        else { return nil }
        let bytes = UnsafeRawBufferPointer(start: start, count: cursor - start)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Inserts what `replacement` adds to `word`, or replaces `word` when the replacement
    /// does not start with it (a completer may correct case, for instance).
    private func replace(_ word: [Unicode.Scalar], with replacement: [Unicode.Scalar]) -> UInt8 {
        var insertion = replacement[...]
        if replacement.starts(with: word) {
            insertion = replacement.dropFirst(word.count)
        } else {
            // libedit counts characters of its wide-character buffer: Unicode scalars here.
            el_deletestr(editLine, Int32(word.count))
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: insertion)
        guard text.isEmpty || el_insertstr(editLine, text) == 0 else { return UInt8(CC_ERROR) }
        return UInt8(CC_REFRESH)
    }

    private static func commonPrefix(of words: [[Unicode.Scalar]]) -> [Unicode.Scalar] {
        guard var prefix = words.first else { return [] }
        for word in words.dropFirst() {
            let length = zip(prefix, word).prefix { $0 == $1 }.count
            prefix.removeLast(prefix.count - length)
        }
        return prefix
    }

    /// `words` in columns down then across, as `ls` does, each line ending in "\n".
    private static func columns(_ words: [String], width: Int) -> String {
        let columnWidth = (words.map(\.count).max() ?? 0) + 2
        let columnCount = max(1, width / columnWidth)
        let rowCount = (words.count + columnCount - 1) / columnCount
        var output = ""
        for row in 0..<rowCount {
            var line = ""
            for index in stride(from: row, to: words.count, by: rowCount) {
                if !line.isEmpty { line += String(repeating: " ", count: columnWidth - (line.count % columnWidth)) }
                line += words[index]
            }
            output += line + "\n"
        }
        return output
    }
}
