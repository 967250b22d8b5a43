import WayfinderSystem

/// A calendar date without time or zone, written as ISO 8601 writes one: `YYYY-MM-DD`, a
/// year from 0001 to 9999 (Gregorian: February has a 29th in years divisible by 4 but not
/// by 100, unless by 400).
public struct CalendarDate: Hashable, Sendable, Comparable {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to the month's length.
    public let day: Int

    /// The date, when `day` is a day of `month` of `year` (1 to 9999); `nil` otherwise.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDate.days(inMonth: month, of: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` exactly (no other digit counts, no time, no zone); `nil` otherwise.
    public init?(_ text: String) {
        guard let value = CalendarDate(bytes: text.utf8.span) else { return nil }
        self = value
    }

    init?(bytes: Span<UInt8>) {
        guard let (year, month, day) = CalendarDate.fields(bytes) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Whether `year` has a February 29th.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1 to 12) in `year`.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The three numbers of text shaped `DDDD-DD-DD` (D a decimal digit), whatever they are.
    private static func fields(_ bytes: Span<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// Why text shaped as a date is not one (`2023-02-29 is not a day of 2023`); `nil` for
    /// a date, and for text not shaped `YYYY-MM-DD` (its type's phrase says it all).
    static func refusal(of bytes: Span<UInt8>) -> String? {
        guard let (year, month, day) = fields(bytes), CalendarDate(year: year, month: month, day: day) == nil else { return nil }
        let text = bytes.string
        guard year >= 1 else { return "there is no year 0000" }
        guard (1...12).contains(month) else { return "\(text) has no month \(text.dropFirst(5).prefix(2))" }
        let days = days(inMonth: month, of: year)
        let reason = month == 2 && day == 29 ? "\(year) is not a leap year" : "month \(text.dropFirst(5).prefix(2)) has \(days) days"
        return "\(text) is not a day of \(year) (\(reason))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CalendarDate: CustomStringConvertible {
    /// The canonical `YYYY-MM-DD` form, zero-padded.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }
}

extension CalendarDate: Codable {
    /// Reads the `YYYY-MM-DD` text form; any other text, or a day the month lacks, is a
    /// decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date (YYYY-MM-DD): \(text.escapingControlCharacters)")
        }
        self = value
    }

    /// Writes the `YYYY-MM-DD` text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
