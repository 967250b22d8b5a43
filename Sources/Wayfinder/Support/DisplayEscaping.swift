extension String {
    /// Whether the text holds a C0 control, DEL or a C1 control (one pass over its UTF-8).
    public var containsControlCharacters: Bool {
        var text = self
        return text.withUTF8 { PercentEncoding.containsControlCharacter($0) }
    }

    /// The text with C0 controls, DEL and C1 controls escaped as `\u{…}`, so that
    /// untrusted text can be shown on a terminal without writing escape sequences.
    public var escapingControlCharacters: String {
        guard containsControlCharacters else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F).
    var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
