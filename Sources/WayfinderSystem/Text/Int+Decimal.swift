extension Int {
    /// Decimal integer parsing on bytes, without overflow traps: an optional `-`, then
    /// digits; any number of leading zeros (`007` is 7). `nil` for anything else, and for
    /// values outside `Int`'s range.
    @inlinable
    public init?(decimal bytes: Span<UInt8>) {
        guard let value = Self.parse(bytes) else { return nil }
        self = value
    }

    @inlinable
    static func parse(_ bytes: Span<UInt8>) -> Int? {
        var index = 0
        let negative = !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { return nil }
        while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
        let digits = bytes.count - index
        if digits <= 18 {
            // Up to 18 digits cannot overflow.
            var magnitude = 0
            while index < bytes.count {
                let digit = UInt(bytes[index]) &- 48
                guard digit <= 9 else { return nil }
                magnitude = magnitude &* 10 &+ Int(digit)
                index += 1
            }
            return negative ? -magnitude : magnitude
        }
        guard digits == 19 else { return nil }
        var result = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative
                ? times.subtractingReportingOverflow(digit)
                : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            result = sum
            index += 1
        }
        return result
    }
}
