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
    ///
    /// Eight bytes at a time: a word with no byte below 0x20, no 0x7F, no 0xC2 (and no 0xE2)
    /// cannot start one, and is passed over whole; the others are looked at byte by byte.
    /// (Every link resolved and every line the REPL prints comes through here.)
    static func containsControlCharacter(_ bytes: Span<UInt8>, orBidirectionalControl bidirectional: Bool = false) -> Bool {
        let count = bytes.count
        func isControl(at index: Int) -> Bool {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2 { return index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]) }
            guard bidirectional, byte == 0xE2, index + 2 < count else { return false }
            return isBidirectionalControl(bytes[index + 1], bytes[index + 2])
        }
        var index = 0
        while index + 8 <= count {
            let word = bytes.load(UInt64.self, at: index)
            if mayStartControl(word, orBidirectional: bidirectional) {
                for offset in index..<(index + 8) where isControl(at: offset) { return true }
            }
            index += 8
        }
        while index < count {
            if isControl(at: index) { return true }
            index += 1
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

    /// Whether one of the eight bytes of `word` is below 0x20, 0x7F or 0xC2 (or, with
    /// `bidirectional`, 0xE2). Exact: a word it says no for has none; one it says yes for is
    /// looked at byte by byte anyway.
    @inline(__always)
    private static func mayStartControl(_ word: UInt64, orBidirectional bidirectional: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte's high bit comes out set when it is below n (n ≤ 0x80), or zero.
        func hasByteBelow(_ word: UInt64, _ n: UInt64) -> Bool {
            (word &- ones &* n) & ~word & highs != 0
        }
        return hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x7F), 1) || hasByteBelow(word ^ (ones &* 0xC2), 1)
            || (bidirectional && hasByteBelow(word ^ (ones &* 0xE2), 1))
    }

    /// Strict UTF-8 validation: no overlong forms, surrogates or values past U+10FFFF.
    static func isValidUTF8(_ bytes: Span<UInt8>) -> Bool {
        firstInvalidUTF8(bytes) == nil
    }

    /// The bytes of the first sequence in `bytes` that is not valid UTF-8 (an overlong
    /// form, a surrogate, a value past U+10FFFF, a stray or missing continuation byte);
    /// `nil` when all of it is valid.
    static func firstInvalidUTF8(_ bytes: Span<UInt8>) -> Range<Int>? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                // ASCII, most of a link: a run of it in a tight loop.
                index += 1
                while index < count, bytes[index] < 0x80 { index += 1 }
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index..<(index + 1)
            }
            let end = min(index + length, count)
            guard index + 1 < count, bytes[index + 1] >= lower, bytes[index + 1] <= upper else {
                return index..<(index + 1)
            }
            for offset in (index + 2)..<max(index + 2, end) where !(0x80...0xBF).contains(bytes[offset]) {
                return index..<offset
            }
            guard index + length <= count else { return index..<count }
            index += length
        }
        return nil
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

    /// Whether `byte` is an RFC 3986 unreserved character, written as itself in links.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Appends `text` to `output`, percent-encoding every byte that is not unreserved.
    static func encode(_ text: String, into output: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
        }
    }

    /// The upper-case hexadecimal digit of `nibble` (0–15).
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
