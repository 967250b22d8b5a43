/// Why a text is not JSON, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset of the byte where reading stopped, from 0.
    public let offset: Int
    /// What was wrong there, such as `unexpected end of text`.
    public let reason: String

    /// An error at byte `offset` (from 0) for `reason`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `unexpected end of text at byte 12`.
    public var description: String { "\(reason) at byte \(offset + 1)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects ``init(parsing:)`` reads: deeper text is
    /// refused, so that no input can exhaust the stack.
    public static let maximumDepth = 512

    /// Reads one JSON text (RFC 8259, strictly: no comments, trailing commas, leading zeros,
    /// `NaN`, lone surrogates or bytes that are not UTF-8).
    ///
    /// A number without fraction or exponent that fits `Int` is ``int(_:)``; every other
    /// number is ``double(_:)`` (a whole number too large for `Int` too, and one beyond
    /// `Double`'s range as an infinity), so a reader can tell an integer that fits from
    /// one that does not. Object members keep their order, repeated keys included.
    /// - Throws: ``JSONSyntaxError`` where the text stops being JSON.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        var reader = JSONReader(bytes: bytes)
        self = try reader.document()
    }

    /// The value of the last member named `key`, when this is an object.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("text after the value") }
        return value
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: index < bytes.count ? reason : "unexpected end of text")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw failure("a value expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { (reader: inout JSONReader) throws(JSONSyntaxError) in try reader.object() }
        case UInt8(ascii: "["): return try nested { (reader: inout JSONReader) throws(JSONSyntaxError) in try reader.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("a value expected")
        }
    }

    private mutating func nested(_ read: (inout JSONReader) throws(JSONSyntaxError) -> JSONValue) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw failure("nested deeper than \(JSONValue.maximumDepth) levels") }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = word.utf8
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw failure("a value expected")
        }
        index += expected.count
    }

    /// After `[`.
    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            if try endsList(at: UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// After `{`.
    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        var members: [(String, JSONValue)] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("a key expected") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("':' expected") }
            index += 1
            skipWhitespace()
            members.append((key, try value()))
            if try endsList(at: UInt8(ascii: "}")) { return .object(members) }
        }
    }

    /// After an element of an array or a member of an object: reads the `,` that goes on
    /// (`false`) or the `closing` bracket that ends it (`true`).
    private mutating func endsList(at closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let expected = "',' or '\(Character(Unicode.Scalar(closing)))' expected"
        guard index < bytes.count else { throw failure(expected) }
        let separator = bytes[index]
        if separator == closing || separator == UInt8(ascii: ",") {
            index += 1
            return separator == closing
        }
        throw failure(expected)
    }

    /// At `"`: the string's text, escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                index += 1
            }
            text.append(contentsOf: bytes[start..<index])
            guard index < bytes.count else { throw failure("unterminated string") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    index = start
                    throw failure("a string that is not valid UTF-8")
                }
                return decoded
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            default:
                throw failure("a control character in a string")
            }
        }
    }

    /// After `\`: the escaped character appended as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw failure("unterminated string") }
        let letter = bytes[index]
        index += 1
        if let byte = Self.unescaped(letter) {
            text.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else { index -= 1; throw failure("an unknown escape") }
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone surrogate")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("a lone surrogate")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure("a lone surrogate") }
        UTF8.encode(unicode) { text.append($0) }
    }

    /// The byte a one-letter escape (`\\n`) stands for.
    private static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("four hex digits expected") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Hexadecimal.value(of: bytes[index]) else { throw failure("four hex digits expected") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("a digit expected") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var whole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            whole = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("a digit expected") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            whole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("a digit expected") }
            skipDigits()
        }
        if whole, let integer = Int(decimal: bytes.span.extracting(start..<index)) { return .int(integer) }
        // The grammar above is a subset of what `Double` reads; an overflow reads as infinity.
        return .double(Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .infinity)
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
