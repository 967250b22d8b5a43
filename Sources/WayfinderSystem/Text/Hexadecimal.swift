/// Hexadecimal digits: the package's one rule for reading and writing them, on bytes.
///
/// A digit is ASCII `0–9`, `a–f` or `A–F`, read in either case; nothing else is (not the
/// full-width forms `Character.isHexDigit` also takes). Written digits are upper case
/// unless asked otherwise: percent escapes (`%2F`), `\xFF` and `U+001B` are upper case,
/// UUIDs, session tokens and JSON's `\u001b` lower case.
///
/// ```swift
/// Hexadecimal.value(of: UInt8(ascii: "e")) // 14
/// Hexadecimal.digit(14) // UInt8(ascii: "E")
/// Hexadecimal.string(0x1B, minimumDigits: 4) // "001B"
/// ```
public enum Hexadecimal {
    /// The value (0–15) of the digit `byte`; `nil` when it is not one.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `byte` is a digit, in either case.
    @inlinable
    public static func isDigit(_ byte: UInt8) -> Bool {
        value(of: byte) != nil
    }

    /// The digit for `nibble` (0–15), upper case unless `uppercase` is false.
    @inlinable
    public static func digit(_ nibble: UInt8, uppercase: Bool = true) -> UInt8 {
        precondition(nibble < 16, "a hexadecimal digit is for a value from 0 to 15, not \(nibble)")
        guard nibble >= 10 else { return UInt8(ascii: "0") + nibble }
        return (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + nibble - 10
    }

    /// `value` in hexadecimal, zero-padded to at least `minimumDigits` digits, upper case
    /// unless `uppercase` is false.
    public static func string(_ value: some UnsignedInteger, minimumDigits: Int = 1, uppercase: Bool = true) -> String {
        var bytes: [UInt8] = []
        var rest = UInt64(value)
        repeat {
            bytes.append(digit(UInt8(rest & 0xF), uppercase: uppercase))
            rest >>= 4
        } while rest > 0 || bytes.count < minimumDigits
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}
