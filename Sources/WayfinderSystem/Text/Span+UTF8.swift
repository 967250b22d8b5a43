/// The package's one UTF-8 rule, on bytes: Unicode's (Table 3-7), as the standard library
/// validates it. No overlong forms (`C0 AF`, `E0 80 AF`), no surrogates (`ED A0 80`),
/// nothing past U+10FFFF (`F4 90 80 80`, `F5`…`FF`), no lone continuation bytes and no
/// sequence cut short. Bytes from outside (links, lines, arguments, files) that break it
/// are refused, never repaired into U+FFFD; every check of them, whole or a byte at a
/// time, asks this.
///
/// ```swift
/// [0x61, 0xE2, 0x82].span.firstInvalidUTF8 // 1..<3 (cut short)
/// [0xC0, 0xAF].span.firstInvalidUTF8 // 0..<1 (overlong), then 1..<2
/// Array("café".utf8).span.firstInvalidUTF8 // nil
/// ```
extension Span where Element == UInt8 {
    /// Why the bytes are not UTF-8, and where: the first sequence that breaks the rule,
    /// as the maximal part of it that could start a valid one (at least its first byte,
    /// as Unicode recommends); `nil` when all of them are UTF-8.
    /// - Complexity: O(n).
    public var utf8ValidationError: Unicode.UTF8.ValidationError? {
        do { _ = try UTF8Span(validating: self) } catch { return error }
        return nil
    }

    /// The bytes of the first sequence that is not UTF-8 (see ``utf8ValidationError``):
    /// `nil` when all of them are.
    /// - Complexity: O(n).
    public var firstInvalidUTF8: Range<Int>? {
        utf8ValidationError?.byteOffsets
    }
}
