import Testing
import Wayfinder
import WayfinderTerminal
import WayfinderSystem

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("café · ♥ 😀 \u{A0}nbsp", "café · ♥ 😀 \u{A0}nbsp"),         // C2 A0 is not a control
        ("title\u{1B}]0;owned\u{07}", "title\\u{1B}]0;owned\\u{07}"),   // OSC title sequence
        ("csi\u{9B}31m", "csi\\u{9B}31m"),                              // C1 CSI (C2 9B)
        ("del\u{7F}", "del\\u{7F}"),
        ("a\tb", "a b"),                                                // tabs become a space
        ("nul\u{0}", "nul\\u{00}"),
        ("line\nbreak", "line\\u{0A}break"),
    ])
    func controlsAreEscapedAndEverythingElseKept(text: String, expected: String) {
        #expect(Sanitizer.escape(text) == expected)
        #expect(text.containsControlCharacters == (expected != text))
    }

    /// Bidirectional overrides and isolates are escaped too (they would reorder what follows
    /// them); the marks that only set a direction (U+200E, U+200F) and their neighbours in
    /// UTF-8 (U+2029, U+202F, U+2065, U+206A) are kept.
    @Test(arguments: [
        ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
        ("a\u{2066}b\u{2067}c\u{2068}d\u{2069}", "a\\u{2066}b\\u{2067}c\\u{2068}d\\u{2069}"),
        ("\u{200E}\u{200F}\u{2029}\u{202F}\u{2065}\u{206A} שלום", "\u{200E}\u{200F}\u{2029}\u{202F}\u{2065}\u{206A} שלום"),
        ("\u{1B}[2J\u{202E}", "\\u{1B}[2J\\u{202E}"),
    ])
    func bidirectionalControlsAreEscaped(text: String, expected: String) {
        #expect(Sanitizer.escape(text) == expected)
        #expect(text.escapingControlCharacters == expected)
        #expect(text.containsBidirectionalControls == text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        // Through the renderer, as every screen is.
        #expect(TextRenderer(usesColor: false).render(.line(text)) == expected + "\n")
    }

    /// The check reads eight bytes at a time: a control character (or a lookalike that is
    /// not one) at every offset, every length, across the eight-byte boundaries, against
    /// the definition on scalars.
    @Test func controlCharactersAreFoundAtEveryOffset() {
        let controls: [Unicode.Scalar] = (0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}"]
        let bidirectional: [Unicode.Scalar] = ["\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]
        let lookalikes: [Unicode.Scalar] = ["\u{A0}", "\u{A9}", "·", "\u{C2}", "\u{100}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{2065}", "\u{206A}", "é", "😀", "~", " "]
        func reference(_ text: String) -> Bool {
            text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
        var checked = 0
        for length in 0...19 {
            for offset in 0...length {
                for scalar in controls + bidirectional + lookalikes {
                    var scalars = String.UnicodeScalarView(repeatElement("a", count: length))
                    scalars.insert(scalar, at: scalars.index(scalars.startIndex, offsetBy: offset))
                    let text = String(scalars)
                    #expect(text.containsControlCharacters == reference(text), "\(Array(text.utf8))")
                    #expect(text.containsControlCharacters == controls.contains(scalar))
                    // The one-pass check of both kinds, which the REPL runs on every span it prints.
                    #expect(text.needsEscaping == (controls.contains(scalar) || bidirectional.contains(scalar)), "\(Array(text.utf8))")
                    #expect(text.needsEscaping == (text.escapingControlCharacters != text))
                    checked += 1
                }
            }
        }
        #expect(checked == 210 * 55)
    }

    @Test func theEngineEscapesTheSameControls() {
        #expect("x\u{9B}y\u{1B}".escapingControlCharacters == "x\\u{9B}y\\u{1B}")
        #expect("é\u{A0}".escapingControlCharacters == "é\u{A0}")
    }
}
