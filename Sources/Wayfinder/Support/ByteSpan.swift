/// What the engine asks of a span of UTF-8 bytes beyond what `Span` offers.
extension Span where Element == UInt8 {
    /// The first byte, if any.
    var first: UInt8? { isEmpty ? nil : self[0] }

    /// Whether the span holds `byte`.
    func contains(_ byte: UInt8) -> Bool {
        for index in indices where self[index] == byte { return true }
        return false
    }

    /// Whether the bytes are those of `text`.
    func isEqual(to text: String) -> Bool {
        guard count == text.utf8.count else { return false }
        for (index, byte) in text.utf8.enumerated() where self[index] != byte { return false }
        return true
    }

    /// Whether the bytes start with those of `prefix`, ASCII capitals in them read as lower case.
    func starts(withFoldingCase prefix: String) -> Bool {
        guard count >= prefix.utf8.count else { return false }
        for (index, byte) in prefix.utf8.enumerated() where LinkIndex.byte(self[index], true) != byte { return false }
        return true
    }

    /// The bytes as a `String` (invalid UTF-8 repaired).
    var string: String {
        if let text = try? UTF8Span(validating: self) { return String(copying: text) }
        return String(decoding: indices.map { self[$0] }, as: UTF8.self)
    }
}
