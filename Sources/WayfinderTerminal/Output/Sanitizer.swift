/// Makes untrusted text safe to print on a terminal.
public enum Sanitizer {
    /// `text` with C0 controls, DEL and C1 controls escaped as `\u{…}` (tabs become a
    /// space), so that it cannot move the cursor, change the title or write escape sequences.
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result += " "
            } else if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a control: a byte below 0x20 or 0x7F, or C1 (0xC2 0x80–0x9F in
    /// UTF-8). One pass over the bytes, as most text holds none.
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, position + 1 < bytes.count, (0x80...0x9F).contains(bytes[position + 1]) { return true }
                position += 1
            }
            return false
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
