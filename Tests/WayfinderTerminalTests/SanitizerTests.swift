import Testing
import Wayfinder
import WayfinderTerminal

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

    @Test func theEngineEscapesTheSameControls() {
        #expect("x\u{9B}y\u{1B}".escapingControlCharacters == "x\\u{9B}y\\u{1B}")
        #expect("é\u{A0}".escapingControlCharacters == "é\u{A0}")
    }
}
