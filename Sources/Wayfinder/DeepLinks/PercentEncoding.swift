/// Percent-decoding on UTF-8 bytes, without Foundation.
enum PercentEncoding {
    /// Decodes `source` into `target` (at least as long) exactly once: the number of bytes written, or
    /// `.badEscape`, or for the decoded bytes `.invalidUTF8` or `.controlCharacter` (C0, DEL or C1).
    static func decode(_ source: Span<UInt8>, into target: inout MutableSpan<UInt8>) -> Result<Int, LinkProblem.Kind> {
        var read = 0
        var written = 0
        while read < source.count {
            if source[read] == UInt8(ascii: "%") {
                guard read + 2 < source.count, let high = UUIDValue.hexValue(source[read + 1]),
                      let low = UUIDValue.hexValue(source[read + 2])
                else { return .failure(.badEscape) }
                target[written] = high << 4 | low
                read += 3
            } else {
                target[written] = source[read]
                read += 1
            }
            written += 1
        }
        let decoded = target.span.extracting(0..<written)
        guard firstInvalidUTF8(decoded) == nil else { return .failure(.invalidUTF8) }
        guard !containsControlCharacter(decoded) else { return .failure(.controlCharacter) }
        return .success(written)
    }

    /// Whether `bytes` hold C0 controls, DEL, or C1 controls (U+0080–U+009F, `C2 80`–`C2 9F`).
    static func containsControlCharacter(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices {
            if bytes[index] < 0x20 || bytes[index] == 0x7F { return true }
            if bytes[index] == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
        }
        return false
    }

    /// The maximal part of the first sequence in `bytes` that is not UTF-8 (as Unicode recommends).
    static func firstInvalidUTF8(_ bytes: Span<UInt8>) -> Range<Int>? {
        do { _ = try UTF8Span(validating: bytes) } catch { return error.byteOffsets }
        return nil
    }

    /// Whether `raw` (a segment as written) is `.` or `..`, each dot as itself or as `%2E` or `%2e`.
    static func isDotSegment(_ raw: Span<UInt8>) -> Bool {
        guard raw.count <= 6 else { return false }
        var dots = 0
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: ".") {
                index += 1
            } else if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
                      raw[index + 1] == UInt8(ascii: "2"), raw[index + 2] | 0x20 == UInt8(ascii: "e") {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }
}
