import Wayfinder

/// Makes untrusted text safe to print on a terminal.
public enum Sanitizer {
    /// `text` with C0 controls, DEL and C1 controls escaped as `\u{…}` (tabs become a
    /// space), so that it cannot move the cursor, change the title or write escape sequences.
    public static func escape(_ text: String) -> String {
        guard text.containsControlCharacters else { return text }
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

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
