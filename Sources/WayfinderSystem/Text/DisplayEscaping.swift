extension String {
    /// Whether the text holds a C0 control, DEL or a C1 control (read on the string's own
    /// bytes: no copy, unlike `withUTF8` on a `var`).
    public var containsControlCharacters: Bool {
        utf8.span.containsControlCharacters
    }

    /// Whether ``escapingControlCharacters`` would change the text: whether it holds a
    /// control character or a bidirectional override or isolate.
    public var needsEscaping: Bool {
        containsControlCharacters || containsBidirectionalControls
    }

    /// Whether the text holds a bidirectional override or isolate (U+202A–U+202E,
    /// `E2 80 AA`–`AE`, and U+2066–U+2069, `E2 81 A6`–`A9`), which would reorder what is
    /// shown after it.
    public var containsBidirectionalControls: Bool {
        let bytes = utf8.span
        for index in bytes.indices where bytes[index] == 0xE2 && index + 2 < bytes.count {
            switch (bytes[index + 1], bytes[index + 2]) {
            case (0x80, 0xAA...0xAE), (0x81, 0xA6...0xA9): return true
            default: continue
            }
        }
        return false
    }

    /// The text with C0 controls, DEL, C1 controls and bidirectional overrides and isolates
    /// escaped as `\u{…}`, so that untrusted text can be shown on a terminal without writing
    /// escape sequences or reordering what follows it.
    public var escapingControlCharacters: String {
        guard needsEscaping else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter || scalar.isBidirectionalControl {
                result += "\\u{" + Hexadecimal.string(scalar.value, minimumDigits: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// `bytes` (a link, an argument, a line, as they arrived) as text to show in a message:
    /// valid UTF-8 with its control characters escaped as ``escapingControlCharacters``
    /// escapes them (`\u{1B}`), and every byte of a sequence that is not UTF-8 written
    /// `\xFF`. The one place bytes from outside are made fit to show, so that a message
    /// never repairs them into U+FFFD nor writes a terminal's escape sequence.
    public init(displaying bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var result = ""
        var start = 0
        while start < bytes.count {
            // The valid part, and the invalid sequence after it as the UTF-8 rule finds it
            // (at least its first byte; never a byte that starts a valid sequence).
            let found = bytes.span.extracting(start...).firstInvalidUTF8
            let invalid = found.map { (start + $0.lowerBound)..<(start + $0.upperBound) } ?? bytes.count..<bytes.count
            result += String(decoding: bytes[start..<invalid.lowerBound], as: UTF8.self).escapingControlCharacters
            for byte in bytes[invalid] {
                result += "\\x" + Hexadecimal.string(byte, minimumDigits: 2)
            }
            start = invalid.upperBound
        }
        self = result
    }
}

extension Span where Element == UInt8 {
    /// Whether the bytes (UTF-8) hold a control character as ``Unicode/Scalar/isControlCharacter``
    /// has it: C0 or DEL (one byte each), or C1 (`C2 80`–`C2 9F`).
    public var containsControlCharacters: Bool {
        for index in indices {
            if self[index] < 0x20 || self[index] == 0x7F { return true }
            if self[index] == 0xC2, index + 1 < count, (0x80...0x9F).contains(self[index + 1]) { return true }
        }
        return false
    }
}

extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F): the one control-character
    /// rule of the package (what is escaped on screen and refused in typed text).
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// U+202A–U+202E (embeddings and overrides) or U+2066–U+2069 (isolates).
    public var isBidirectionalControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
