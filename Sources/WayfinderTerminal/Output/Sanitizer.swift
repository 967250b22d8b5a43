import Wayfinder

/// Makes untrusted text safe to print on a terminal.
public enum Sanitizer {
    /// `text` with C0 controls, DEL and C1 controls escaped as `\u{…}` (tabs become a
    /// space), so that it cannot move the cursor, change the title or write escape sequences.
    /// The engine's `escapingControlCharacters`, with tabs kept readable.
    public static func escape(_ text: String) -> String {
        guard text.containsControlCharacters else { return text }
        var spaced = ""
        spaced.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "\t" ? " " : $0 })
        return spaced.escapingControlCharacters
    }
}
