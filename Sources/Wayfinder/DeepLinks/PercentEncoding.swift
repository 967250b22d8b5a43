import WayfinderSystem

/// Percent-encoding on UTF-8 bytes, both ways, without Foundation: how links print values
/// (``encode(_:into:)``: a byte that is not unreserved as `%` and two upper-case hex digits)
/// and how they are read (``decode(_:into:)``: digits in either case, then checked).
enum PercentEncoding {
    /// Whether `byte` is RFC 3986 unreserved (`A–Z a–z 0–9 - . _ ~`): written as itself in
    /// links, and all that a pattern's literal segment may hold.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// Appends `bytes` to `target`, each byte that is not unreserved as `%XX`.
    static func encode(_ bytes: some Sequence<UInt8>, into target: inout [UInt8]) {
        for byte in bytes {
            guard !isUnreserved(byte) else { target.append(byte); continue }
            target.append(UInt8(ascii: "%"))
            target.append(Hexadecimal.digit(byte >> 4))
            target.append(Hexadecimal.digit(byte & 0xF))
        }
    }

    /// Decodes `source` into `target` from `start` on (room for `source.count` bytes) exactly once: the
    /// number of bytes written, or `.badEscape`, or for the decoded bytes `.invalidUTF8` or
    /// `.controlCharacter` (C0, DEL or C1).
    static func decode(
        _ source: Span<UInt8>, into target: inout MutableSpan<UInt8>, at start: Int = 0
    ) -> Result<Int, DeepLinkError.Problem.Kind> {
        var read = 0
        var end = start
        while read < source.count {
            if source[read] == UInt8(ascii: "%") {
                guard read + 2 < source.count, let high = Hexadecimal.value(of: source[read + 1]),
                      let low = Hexadecimal.value(of: source[read + 2])
                else { return .failure(.badEscape) }
                target[end] = high << 4 | low
                read += 3
            } else {
                target[end] = source[read]
                read += 1
            }
            end += 1
        }
        let decoded = target.span.extracting(start..<end)
        guard decoded.firstInvalidUTF8 == nil else { return .failure(.invalidUTF8) }
        guard !decoded.containsControlCharacters else { return .failure(.controlCharacter) }
        return .success(end - start)
    }

    /// Whether `raw`, a segment as written, is a dot segment once decoded (`.`, `%2E`, `.%2e`…).
    static func isDotSegment(_ raw: Span<UInt8>) -> Bool {
        var decoded = InlineArray<6, UInt8>(repeating: 0)  // `%2E%2E` at most
        var target = decoded.mutableSpan
        guard raw.count <= 6, case .success(let count) = decode(raw, into: &target) else { return false }
        return target.span.extracting(0..<count).isDotSegment
    }
}
