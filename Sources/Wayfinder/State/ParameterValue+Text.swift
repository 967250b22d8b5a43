import WayfinderSystem

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
        if bytes.count >= RouteGraph.maximumValueLength - 1, value.decimalText.utf8.count > RouteGraph.maximumValueLength {
            return nil
        }
        return value == 0 ? 0 : value
    }
}
