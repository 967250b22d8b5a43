import Foundation
import Testing
import Wayfinder
import WayfinderSystem

/// `JSONValue.serialized`: compact JSON that any parser reads back as the value it was.
@Suite struct JSONValueTests {
    @Test func valuesAreWrittenCompactlyWithKeysInOrder() {
        let value = JSONValue.object([
            ("z", .int(-3)), ("a", .array([.bool(true), .null, .string("x")])), ("m", .object([])), ("e", .array([])),
        ])
        #expect(value.serialized == #"{"z":-3,"a":[true,null,"x"],"m":{},"e":[]}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
        ("c1 \u{80}\u{9F} not \u{A0}", "\"c1 \\u0080\\u009f not \u{A0}\""),
        ("js \u{2028}\u{2029} not \u{2027}", "\"js \\u2028\\u2029 not \u{2027}\""),
        ("bidi \u{202A}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}", #""bidi \u202a\u202e\u2066\u2069\u200e\u200f\u061c""#),
        ("not bidi \u{202F}\u{2065}\u{206A}\u{200D}\u{061B}\u{061D}", "\"not bidi \u{202F}\u{2065}\u{206A}\u{200D}\u{061B}\u{061D}\""),
        ("Ünïcode 😀 stays", "\"Ünïcode 😀 stays\""),
        ("", #""""#),
    ])
    func stringsEscapeWhatJSONJavaScriptAndTerminalsNeed(text: String, expected: String) {
        #expect(JSONValue.string(text).serialized == expected)
    }

    /// Random strings of the characters that need escaping, their neighbours in UTF-8, and
    /// plain text: each one parses back to itself, and has no raw control, bidirectional
    /// control or line separator.
    /// (Not U+FEFF, written as it is: Foundation's parser drops it from strings.)
    @Test func anyStringParsesBackToItself() throws {
        let pool: [Unicode.Scalar] = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
            "\u{9F}", "\u{A0}", "\u{C2}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}",
            "\u{2066}", "\u{2069}", "\u{206A}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{061D}", "€", "😀",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.append(pool.randomElement(using: &generator) ?? "a")
            }
            let original = String(text)
            let written = JSONValue.array([.string(original)]).serialized
            let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
            #expect(parsed == [original], "\(written.debugDescription)")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value) })
            #expect(!written.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || [0x061C, 0x200E, 0x200F].contains($0.value) })
        }
    }
}
