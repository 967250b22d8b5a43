extension String {
    /// Whether the text holds a C0 control, DEL or a C1 control (read on the string's own
    /// bytes: no copy, unlike `withUTF8` on a `var`).
    package var containsControlCharacters: Bool {
        PercentEncoding.containsControlCharacter(utf8.span)
    }

    /// Whether ``escapingControlCharacters`` would change the text: whether it holds a
    /// control character or a bidirectional override or isolate.
    package var needsEscaping: Bool {
        containsControlCharacters || containsBidirectionalControls
    }

    /// Whether the text holds a bidirectional override or isolate (U+202A–U+202E,
    /// `E2 80 AA`–`AE`, and U+2066–U+2069, `E2 81 A6`–`A9`), which would reorder what is
    /// shown after it.
    package var containsBidirectionalControls: Bool {
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
    package var escapingControlCharacters: String {
        guard needsEscaping else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter || scalar.isBidirectionalControl {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
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
    package init(displaying bytes: some Collection<UInt8>) {
        var result = ""
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            // The valid prefix, and the invalid sequence after it as the parser sees it
            // (at least its first byte; never a byte that starts a valid sequence).
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = rest.makeIterator()
            var valid = 0
            var invalid = 0
            scan: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): valid += encoded.count
                case .emptyInput: break scan
                case .error(let length): invalid = Swift.max(1, length); break scan
                }
            }
            result += String(decoding: rest.prefix(valid), as: UTF8.self).escapingControlCharacters
            for byte in rest.dropFirst(valid).prefix(invalid) {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
            rest = rest.dropFirst(valid + invalid)
        }
        self = result
    }
}

extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F): the one control-character
    /// rule of the package (what is escaped on screen and refused in typed text).
    package var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// U+202A–U+202E (embeddings and overrides) or U+2066–U+2069 (isolates).
    package var isBidirectionalControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
