import Testing
import Wayfinder
import WayfinderSystem

/// `JSONValue(parsing:)`: strict JSON, numbers told apart by whether they fit `Int`.
@Suite struct JSONReadingTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test func readsEveryKindOfValue() throws {
        let text = #" { "a" : [1, -2, 3.5, 1E2, true, false, null], "b": "x\n\t\"\\\/\u00e9\ud83d\ude00é", "c": {} , "d": [] } "#
        let expected: JSONValue = .object([
            ("a", .array([.int(1), .int(-2), .double(3.5), .double(100), .bool(true), .bool(false), .null])),
            ("b", .string("x\n\t\"\\/é😀é")),
            ("c", .object([])),
            ("d", .array([])),
        ])
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("9223372036854775807", JSONValue.int(.max)),
        ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("99999999999999999999999999", .double(1e26)),
        ("-0", .int(0)),
        ("4.0", .double(4)),
        ("4.5", .double(4.5)),
        ("1e308", .double(1e308)),
        ("1e400", .double(.infinity)),
    ])
    func wholeNumbersThatFitAreIntsAndOthersDoubles(text: String, expected: JSONValue) throws {
        let value = try parse(text)
        switch (value, expected) {
        case (.int(let a), .int(let b)): #expect(a == b)
        case (.double(let a), .double(let b)): #expect(a == b)
        default: Issue.record("\(text) read as \(value)")
        }
    }

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "01", "-", "1.", ".5", "+1", "1e", "NaN", "Infinity", "[1 2]", "{\"a\" 1}",
        "{a:1}", "[1]x", "tru", "nul", "'a'", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\u{1}\"",
        "\"\\x\"", "\"\\u12\"", "\"open", "[", "{", "{\"a\":", "// comment\n1",
    ])
    func refusesWhatIsNotStrictJSON(text: String) {
        #expect(throws: JSONSyntaxError.self, "\(text.debugDescription)") { try parse(text) }
    }

    @Test func refusesStringsThatAreNotUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    @Test func saysWhereItStopped() {
        #expect(throws: JSONSyntaxError(offset: 3, reason: "a value expected")) { try parse("[1,]") }
        #expect(throws: JSONSyntaxError(offset: 4, reason: "unexpected end of text")) { try parse("[1, ") }
    }

    @Test func nestingIsBounded() throws {
        let deepest = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try parse(deepest)
        let deeper = "[" + deepest + "]"
        #expect(throws: JSONSyntaxError.self) { try parse(deeper) }
        // Far deeper than any stack could recurse: refused, not a crash.
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)) }
    }

    @Test func memberIsTheLastOfRepeatedKeys() throws {
        let value = try parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value.member("a") == .int(3))
        #expect(value.member("c") == nil)
        #expect(JSONValue.array([]).member("a") == nil)
    }

    @Test(arguments: [
        "plain", "é 中文 😀", "quote \" backslash \\ slash /", "controls \u{0}\u{1}\n\r\t\u{7F}\u{85}",
        "line separators \u{2028}\u{2029}", "bidi \u{202E}abc",
    ])
    func readsWhatTheWriterWrites(text: String) throws {
        let value: JSONValue = .object([("k", .string(text)), ("n", .array([.int(-7), .double(0.25), .null]))])
        let read = try JSONValue(parsing: Array(value.serialized.utf8))
        #expect(read.member("k") == .string(text))
        #expect(read == value)
    }
}
