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

    /// The bytes as a `String` (invalid UTF-8 repaired).
    var string: String {
        String(decoding: indices.map { self[$0] }, as: UTF8.self)
    }
}

/// A view's bytes as a collection, for the code that reads them with collection algorithms.
extension ByteView: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}
