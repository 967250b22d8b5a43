import Testing
@testable import Wayfinder
@testable import WayfinderSystem

/// The package's byte rules, each defined once: hexadecimal digits, percent-encoding both
/// ways, dot segments and UTF-8 validity. Every site that reads or writes such bytes asks
/// these, so their edges are pinned here.
@Suite struct HexadecimalTests {
    @Test func readsASCIIDigitsInEitherCaseAndNothingElse() {
        for byte in UInt8.min...UInt8.max {
            let character = Character(Unicode.Scalar(byte))
            let expected = byte < 0x80 ? character.hexDigitValue.map { UInt8($0) } : nil
            #expect(Hexadecimal.value(of: byte) == expected, "\(byte)")
            #expect(Hexadecimal.isDigit(byte) == (expected != nil), "\(byte)")
        }
        #expect(Hexadecimal.value(of: UInt8(ascii: "a")) == 10)
        #expect(Hexadecimal.value(of: UInt8(ascii: "F")) == 15)
        #expect(Hexadecimal.value(of: UInt8(ascii: "G")) == nil)
        #expect(Hexadecimal.value(of: UInt8(ascii: "g")) == nil)
        // Full-width digits, which `Character.isHexDigit` takes, are not digits here.
        #expect(!"\u{FF10}".utf8.contains(where: Hexadecimal.isDigit))
    }

    @Test func writesEachNibbleAsTheDigitThatReadsBack() {
        for nibble in UInt8(0)..<16 {
            #expect(Hexadecimal.value(of: Hexadecimal.digit(nibble)) == nibble)
            #expect(Hexadecimal.value(of: Hexadecimal.digit(nibble, uppercase: false)) == nibble)
        }
        #expect(Hexadecimal.digit(9) == UInt8(ascii: "9"))
        #expect(Hexadecimal.digit(10) == UInt8(ascii: "A"))
        #expect(Hexadecimal.digit(15, uppercase: false) == UInt8(ascii: "f"))
    }

    @Test(arguments: [
        (0, 1, true, "0"),
        (0x1B, 2, true, "1B"),
        (0x7, 2, true, "07"),
        (0x1B, 4, true, "001B"),
        (0xFF, 2, false, "ff"),
        (0x10FFFF, 4, true, "10FFFF"),
        (0xDEAD_BEEF, 1, false, "deadbeef"),
        (UInt64.max, 2, true, "FFFFFFFFFFFFFFFF"),
    ] as [(UInt64, Int, Bool, String)])
    func writesNumbersZeroPadded(value: UInt64, digits: Int, uppercase: Bool, expected: String) {
        #expect(Hexadecimal.string(value, minimumDigits: digits, uppercase: uppercase) == expected)
        #expect(UInt64(expected, radix: 16) == value)
    }
}

@Suite struct PercentEncodingTests {
    /// `text` decoded, or the problem decoding it.
    static func decoded(_ text: String) -> Result<String, DeepLinkError.Problem.Kind> {
        let source = Array(text.utf8)
        var target = [UInt8](repeating: 0, count: source.count)
        var span = target.mutableSpan
        let result = PercentEncoding.decode(source.span, into: &span)
        return result.map { String(decoding: target[..<$0], as: UTF8.self) }
    }

    /// `text` percent-encoded.
    static func encoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        PercentEncoding.encode(text.utf8, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesUnreservedBytesAsThemselvesAndEscapesTheRestInUpperCase() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect((UInt8.min...UInt8.max).filter(PercentEncoding.isUnreserved) == Array(unreserved.utf8).sorted())
        #expect(Self.encoded(unreserved) == unreserved)
        #expect(Self.encoded("a b/c%d?é") == "a%20b%2Fc%25d%3F%C3%A9")
        #expect(Self.encoded("\u{1B}\u{7F}") == "%1B%7F")
        #expect(Self.encoded("") == "")
    }

    @Test(arguments: [
        ("a%2fb", "a/b"), ("a%2Fb", "a/b"), ("%C3%a9", "é"), ("%25", "%"), ("%252E", "%2E"),
        ("plain", "plain"), ("", ""), ("%2E%2e", ".."), ("caf%C3%A9%20%F0%9F%99%82", "café 🙂"),
    ])
    func readsEscapesInEitherCase(text: String, expected: String) throws {
        #expect(try Self.decoded(text).get() == expected)
    }

    @Test(arguments: ["%", "a%", "%2", "a%4", "%G0", "%0G", "%%41", "%-1", "% 20", "%+F"])
    func refusesAnEscapeWithoutTwoHexDigits(text: String) {
        guard case .failure(.badEscape) = Self.decoded(text) else {
            Issue.record("\(text) decoded")
            return
        }
    }

    @Test(arguments: ["%FF", "%C0%AF", "%E0%80%AF", "%ED%A0%80", "%ED%BF%BF", "%F4%90%80%80", "%C3", "a%E2%82", "%80"])
    func refusesDecodedBytesThatAreNotUTF8(text: String) {
        guard case .failure(.invalidUTF8) = Self.decoded(text) else {
            Issue.record("\(text) decoded")
            return
        }
    }

    @Test(arguments: ["%00", "%1B", "%7F", "%C2%80", "%C2%9F", "a%0Ab"])
    func refusesDecodedControlCharacters(text: String) {
        guard case .failure(.controlCharacter) = Self.decoded(text) else {
            Issue.record("\(text) decoded")
            return
        }
    }

    @Test func decodingUndoesEncoding() throws {
        var generator = SystemRandomNumberGenerator()
        let pool: [Character] = ["a", "Z", "0", "-", ".", "_", "~", " ", "/", "%", "?", "#", "+", "é", "中", "🙂", "\u{A0}"]
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pool.randomElement(using: &generator) ?? "a"
            })
            #expect(try Self.decoded(Self.encoded(text)).get() == text, "\(text)")
        }
    }
}

@Suite struct DotSegmentRuleTests {
    @Test(arguments: [(".", true), ("..", true), ("", false), ("...", false), (".a", false), ("a.", false),
                      ("%2E", false), ("./", false), ("..\u{0}", false)])
    func aDotSegmentIsOneOrTwoDots(text: String, expected: Bool) {
        #expect(text.utf8.span.isDotSegment == expected)
        #expect(Substring(text).utf8.span.isDotSegment == expected)
    }

    @Test(arguments: [
        (".", true), ("..", true), ("%2E", true), ("%2e", true), ("%2E%2E", true), (".%2e", true), ("%2E.", true),
        ("", false), ("...", false), ("%2E%2E%2E", false), (".%2E.", false), ("%2", false), ("%", false),
        ("%G0", false), ("%252E", false), ("%2F", false), ("%2E%2F", false), ("%C3%A9", false),
    ])
    func aSegmentAsWrittenIsOneOnceDecoded(raw: String, expected: Bool) {
        #expect(PercentEncoding.isDotSegment(raw.utf8.span) == expected)
    }
}

@Suite struct UTF8RuleTests {
    @Test(arguments: [
        ([], nil),
        (Array("café 中文 🙂".utf8), nil),
        ([0xEF, 0xBF, 0xBD], nil),  // U+FFFD itself
        ([0xF4, 0x8F, 0xBF, 0xBF], nil),  // U+10FFFF
        ([0x61, 0xFF], 1..<2),
        ([0x80], 0..<1),  // a lone continuation byte
        ([0xC0, 0xAF], 0..<1),  // overlong "/": C0 never starts a sequence
        ([0xC1, 0xBF], 0..<1),
        ([0xE0, 0x80, 0xAF], 0..<1),  // overlong, three bytes
        ([0xF0, 0x80, 0x80, 0xAF], 0..<1),  // overlong, four bytes
        ([0xED, 0xA0, 0x80], 0..<1),  // a surrogate (U+D800)
        ([0xED, 0xBF, 0xBF], 0..<1),  // a surrogate (U+DFFF)
        ([0xF4, 0x90, 0x80, 0x80], 0..<1),  // U+110000
        ([0xF5, 0x80, 0x80, 0x80], 0..<1),
        ([0x61, 0xE2, 0x82], 1..<3),  // cut short at the end: the part that could start one
        ([0xE2, 0x82, 0x61], 0..<2),  // cut short by an ASCII byte
        ([0xC3, 0xA9, 0xC3], 2..<3),
    ] as [([UInt8], Range<Int>?)])
    func findsTheMaximalPartOfTheFirstInvalidSequence(bytes: [UInt8], expected: Range<Int>?) {
        #expect(bytes.span.firstInvalidUTF8 == expected)
        #expect((bytes.span.utf8ValidationError == nil) == (String(validating: bytes, as: UTF8.self) != nil))
    }

    @Test func tellsASequenceCutShortFromAnInvalidOne() {
        let truncated: [UInt8] = [0xF0, 0x9F, 0x99]
        #expect(truncated.span.utf8ValidationError?.kind == .truncatedScalar)
        let surrogate: [UInt8] = [0xED, 0xA0]
        #expect(surrogate.span.utf8ValidationError?.kind == .surrogateCodePointByte)
        let overlong: [UInt8] = [0xE0, 0x80]
        #expect(overlong.span.utf8ValidationError?.kind == .overlongEncodingByte)
    }

    @Test func showsEachBadByteOfAnInvalidSequenceAsHex() {
        #expect(String(displaying: [0x61, 0xE2, 0x82]) == #"a\xE2\x82"#)
        #expect(String(displaying: [0xE2, 0x82, 0x61, 0x0A]) == #"\xE2\x82a\u{0A}"#)
        #expect(String(displaying: [0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(String(displaying: [0x01, 0xFF, 0x7F]) == #"\u{01}\xFF\u{7F}"#)
        #expect(String(displaying: Array("\u{202E}é".utf8)) == #"\u{202E}é"#)
    }
}
