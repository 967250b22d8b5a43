import WayfinderSystem

/// Makes untrusted text safe to print on a terminal.
public enum Sanitizer {
    /// `text` with C0 controls, DEL, C1 controls and bidirectional overrides and isolates
    /// escaped as `\u{…}` (tabs become a space), so that it cannot move the cursor, change the
    /// title, write escape sequences or reorder what follows. The engine's
    /// `escapingControlCharacters`, with tabs kept readable.
    public static func escape(_ text: String) -> String {
        guard text.needsEscaping else { return text }
        var spaced = ""
        spaced.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "\t" ? " " : $0 })
        return spaced.escapingControlCharacters
    }
}
