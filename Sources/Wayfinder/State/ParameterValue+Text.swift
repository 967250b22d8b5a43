/// Reading and writing the values whose text has rules of its own: bools and doubles.
extension ParameterValue {
    /// `true` or `false`, exactly; `nil` for anything else.
    static func parseBool(_ bytes: Span<UInt8>) -> Bool? {
        if bytes.isEqual(to: "true") { return true }
        if bytes.isEqual(to: "false") { return false }
        return nil
    }

    /// A decimal number: an optional `-`, one or more digits, then optionally `.` and one
    /// or more digits; no exponent, so NaN and infinity cannot be written (and 256 bytes of
    /// digits stay below `Double`'s largest value). Rounded to the nearest double; `-0` is 0.
    /// `nil` too for a value whose printed form would be over the segment limit.
    static func parseDouble(_ bytes: Span<UInt8>) -> Double? {
        var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        guard digits() > 0 else { return nil }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return nil }
            index += 1
            guard digits() > 0, index == bytes.count else { return nil }
        }
        guard let value = Double(bytes.string), value.isFinite else { return nil }
        // Rounding may carry into one more digit (256 nines print as 1 and 256 zeros): a
        // value must print within the segment limit to read back.
        if bytes.count >= RouteGraph.maximumValueLength - 1, decimalText(value).utf8.count > RouteGraph.maximumValueLength {
            return nil
        }
        return value == 0 ? 0 : value
    }

    /// `value` in the shortest decimal form that reads back as the same double, without an
    /// exponent: `7`, `0.00001`, `150000000000000000000`, `-2.5`. `value` must be finite.
    static func decimalText(_ value: Double) -> String {
        guard value != 0 else { return "0" }
        // Swift's description has the shortest digits that read back the same, sometimes
        // with an exponent ("1e-05", "1.5e+20"): move the point instead.
        let shortest = value.magnitude.description
        var mantissa = Substring(shortest)
        var exponent = 0
        if let mark = shortest.firstIndex(of: "e") {
            mantissa = shortest[..<mark]
            exponent = Int(shortest[shortest.index(after: mark)...]) ?? 0
        }
        let whole = mantissa.prefix { $0 != "." }
        let digits = Array(whole + mantissa.dropFirst(whole.count + 1))
        let point = whole.count + exponent
        var integer: [Character]
        var fraction: [Character]
        if point <= 0 {
            integer = ["0"]
            fraction = Array(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            integer = digits + Array(repeating: "0", count: point - digits.count)
            fraction = []
        } else {
            integer = Array(digits[..<point])
            fraction = Array(digits[point...])
        }
        while fraction.last == "0" { fraction.removeLast() }
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        let sign = value < 0 ? "-" : ""
        return sign + String(integer) + (fraction.isEmpty ? "" : "." + String(fraction))
    }
}
