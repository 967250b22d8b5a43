extension Double {
    /// The value in the shortest decimal form that reads back as the same double, without an
    /// exponent: `7`, `0.00001`, `150000000000000000000`, `-2.5`. It must be finite.
    public var decimalText: String {
        let value = self
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
