/// Percent-decoding and -encoding on UTF-8 bytes, without Foundation.
enum PercentEncoding {
    enum DecodeFailure: Error {
        /// A `%` not followed by two hexadecimal digits; the byte offset of the `%`.
        case badEscape(Int)
        /// The decoded bytes are not valid UTF-8.
        case invalidUTF8
        /// The decoded text holds a C0, DEL or C1 control character.
        case controlCharacter
    }

    /// Decodes `source` into `target` (which must be at least as long) exactly once.
    /// - Returns: The number of bytes written.
    static func decode(_ source: Span<UInt8>, into target: inout MutableSpan<UInt8>) -> Result<Int, DecodeFailure> {
        var read = 0
        var written = 0
        while read < source.count {
            let byte = source[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < source.count,
                      let high = UUIDValue.hexValue(source[read + 1]),
                      let low = UUIDValue.hexValue(source[read + 2])
                else { return .failure(.badEscape(read)) }
                target[written] = high << 4 | low
                read += 3
            } else {
                target[written] = byte
                read += 1
            }
            written += 1
        }
        let decoded = target.span.extracting(0..<written)
        guard isValidUTF8(decoded) else { return .failure(.invalidUTF8) }
        guard !containsControlCharacter(decoded) else { return .failure(.controlCharacter) }
        return .success(written)
    }

    /// Whether `bytes` hold C0 controls, DEL, or C1 controls (U+0080–U+009F, `C2 80`–`C2 9F`);
    /// with `orBidirectionalControl`, also bidirectional overrides and isolates (U+202A–U+202E,
    /// `E2 80 AA`–`AE`, and U+2066–U+2069, `E2 81 A6`–`A9`).
    static func containsControlCharacter(_ bytes: Span<UInt8>, orBidirectionalControl bidirectional: Bool = false) -> Bool {
        let count = bytes.count
        for index in 0..<count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            if bidirectional, byte == 0xE2, index + 2 < count, isBidirectionalControl(bytes[index + 1], bytes[index + 2]) {
                return true
            }
        }
        return false
    }

    /// Whether `E2`, `second`, `third` is a bidirectional override or isolate: U+202A–U+202E
    /// (`E2 80 AA`–`AE`) or U+2066–U+2069 (`E2 81 A6`–`A9`).
    static func isBidirectionalControl(_ second: UInt8, _ third: UInt8) -> Bool {
        switch (second, third) {
        case (0x80, 0xAA...0xAE), (0x81, 0xA6...0xA9): true
        default: false
        }
    }

    /// Strict UTF-8 validation: no overlong forms, surrogates or values past U+10FFFF.
    static func isValidUTF8(_ bytes: Span<UInt8>) -> Bool {
        firstInvalidUTF8(bytes) == nil
    }

    /// The bytes of the first sequence in `bytes` that is not valid UTF-8 (an overlong
    /// form, a surrogate, a value past U+10FFFF, a stray or missing continuation byte: the
    /// maximal part of it, as Unicode recommends); `nil` when all of it is valid.
    static func firstInvalidUTF8(_ bytes: Span<UInt8>) -> Range<Int>? {
        do {
            _ = try UTF8Span(validating: bytes)
            return nil
        } catch {
            return error.byteOffsets
        }
    }

    /// Whether `raw` (a segment as written) is a dot segment as URL parsers read one: `.` or
    /// `..`, each dot written as itself or as `%2E` (in either case).
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
