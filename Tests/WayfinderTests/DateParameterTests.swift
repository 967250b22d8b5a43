import Foundation
import Testing
import Wayfinder
import WayfinderSystem

/// The `date` parameter type: `YYYY-MM-DD` exactly, in paths, queries and defaults; printed,
/// written as JSON and saved in its canonical form.
@Suite struct DateParameterTests {
    static let table = """
        scheme diary
        flow book
        screen home book root
        screen day  book push day/{day:date} after home  query until:date=2024-12-31
        screen list book push list after home            query from:date?
        """

    let graph = Fixtures.parse(table, file: "diary.routes")

    @Test func aDateInThePathAndTheDefaultResolveAndPrintBack() throws {
        let resolved = try graph.resolve("diary://book/day/2024-02-29")
        let day = try #require(CalendarDate(year: 2024, month: 2, day: 29))
        let until = try #require(CalendarDate(year: 2024, month: 12, day: 31))
        #expect(resolved.stack == [Route("home"), Route("day", ["day": .date(day), "until": .date(until)])])
        #expect(resolved.url == "diary://book/day/2024-02-29")
        #expect(try graph.resolve("diary://book/day/2024-02-29?until=2024-12-31").url == "diary://book/day/2024-02-29")
        let later = try graph.resolve("diary://book/day/2024-02-29?until=2025-01-01")
        #expect(later.url == "diary://book/day/2024-02-29?until=2025-01-01")
        #expect(later.stack.last?["until"]?.dateValue == CalendarDate(year: 2025, month: 1, day: 1))
    }

    @Test func anOptionalDateInTheQueryIsLeftOutOrKept() throws {
        #expect(try graph.resolve("diary://book/list").stack.last == Route("list"))
        let resolved = try graph.resolve("diary://book/list?from=0001-01-01")
        #expect(resolved.stack.last?["from"] == .date(try #require(CalendarDate(year: 1, month: 1, day: 1))))
        #expect(resolved.url == "diary://book/list?from=0001-01-01")
    }

    @Test func aPercentEncodedDateReadsAsTheDateAndPrintsPlain() throws {
        let resolved = try graph.resolve("diary://book/day/2024%2D02%2D29?until=9999%2d12-31")
        #expect(resolved.url == "diary://book/day/2024-02-29?until=9999-12-31")
    }

    @Test(arguments: [
        ("2024-2-9", nil),
        ("20240209", nil),
        ("2024-02-29T00:00", nil),
        ("2024-02-29Z", nil),
        ("+2024-02-29", nil),
        ("24-02-29", nil),
        ("2024/02/29", nil),
        ("2023-02-29", "2023-02-29 is not a day of 2023 (2023 is not a leap year)"),
        ("1900-02-29", "1900-02-29 is not a day of 1900 (1900 is not a leap year)"),
        ("2024-04-31", "2024-04-31 is not a day of 2024 (month 04 has 30 days)"),
        ("2024-02-30", "2024-02-30 is not a day of 2024 (month 02 has 29 days)"),
        ("2024-13-01", "2024-13-01 has no month 13"),
        ("2024-00-10", "2024-00-10 has no month 00"),
        ("2024-01-00", "2024-01-00 is not a day of 2024 (month 01 has 31 days)"),
        ("0000-01-01", "there is no year 0000"),
    ] as [(String, String?)])
    func anythingButAValidDateIsRefusedSayingWhy(text: String, detail: String?) {
        let expected = "'day' of screen 'day' must be a date (YYYY-MM-DD)" + (detail.map { ": " + $0 } ?? "")
        #expect {
            _ = try graph.resolve("diary://book/day/\(text)")
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            return error.code == .typeMismatch && error.message.hasSuffix(expected)
        }
    }

    @Test func aBadDateInTheQueryIsRefusedToo() {
        #expect {
            _ = try graph.resolve("diary://book/list?from=2023-02-29")
        } throws: { error in
            (error as? DeepLinkError)?.message.hasSuffix("'from' of screen 'list' must be a date (YYYY-MM-DD): 2023-02-29 is not a day of 2023 (2023 is not a leap year)") == true
        }
    }

    @Test func leapYearsAreThoseOfTheGregorianCalendar() {
        #expect(CalendarDate.isLeapYear(2024) && CalendarDate.isLeapYear(2000) && CalendarDate.isLeapYear(4))
        #expect(!CalendarDate.isLeapYear(2023) && !CalendarDate.isLeapYear(1900) && !CalendarDate.isLeapYear(2100))
        #expect(CalendarDate("2000-02-29") != nil && CalendarDate("2400-02-29") != nil)
        #expect(CalendarDate("2100-02-29") == nil && CalendarDate("2023-02-29") == nil)
        #expect((1...12).map { CalendarDate.days(inMonth: $0, of: 2023) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(CalendarDate.days(inMonth: 2, of: 2024) == 29)
        #expect(CalendarDate(year: 0, month: 1, day: 1) == nil && CalendarDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(CalendarDate(year: 9999, month: 12, day: 31) != nil)
    }

    @Test func theCanonicalFormIsZeroPaddedAndDatesCompareByDay() throws {
        let early = try #require(CalendarDate(year: 7, month: 3, day: 5))
        #expect(early.description == "0007-03-05")
        #expect(ParameterValue.date(early).text == "0007-03-05")
        #expect(ParameterValue(parsing: "0007-03-05", as: .date) == .date(early))
        let dates = ["2024-02-29", "2023-12-31", "2024-01-01", "2024-02-01"].compactMap(CalendarDate.init)
        #expect(dates.sorted().map(\.description) == ["2023-12-31", "2024-01-01", "2024-02-01", "2024-02-29"])
        #expect(ParameterType(declaration: "date") == .date)
        #expect(ParameterType.date.phrase == "a date (YYYY-MM-DD)")
        #expect(ParameterType.named.contains(.date))
    }

    @Test func aDateIsAJSONStringAndSavedTaggedSoAStringStaysAString() throws {
        let resolved = try graph.resolve("diary://book/day/2024-02-29")
        #expect(resolved.jsonValue.serialized.contains(#"{"screen":"day","params":{"day":"2024-02-29","until":"2024-12-31"}}"#))
        let date = ParameterValue.date(try #require(CalendarDate("2024-02-29")))
        #expect(date.jsonValue == .string("2024-02-29"))
        let json = String(decoding: try JSONEncoder().encode(date), as: UTF8.self)
        #expect(json == #"{"date":"2024-02-29"}"#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: Data(json.utf8)) == date)
        let string = ParameterValue.string("2024-02-29")
        #expect(try JSONDecoder().decode(ParameterValue.self, from: JSONEncoder().encode(string)) == string)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(ParameterValue.self, from: Data(#"{"date":"2023-02-29"}"#.utf8))
        }
        let plain = try #require(CalendarDate("1999-12-31"))
        #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self) == #""1999-12-31""#)
        #expect(try JSONDecoder().decode(CalendarDate.self, from: Data(#""1999-12-31""#.utf8)) == plain)
    }

    @Test func aSavedStateWithDatesRoundTripsStrictlyAndLeniently() throws {
        var navigator = Navigator(graph: graph)
        try navigator.open("diary://book/day/2024-02-29?until=2025-03-01")
        let data = try JSONEncoder().encode(navigator.state)
        #expect(String(decoding: data, as: UTF8.self).contains(#""day":{"date":"2024-02-29"}"#))
        let saved = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(saved == navigator.state)
        let lenient = try #require(NavigationState.decodedLeniently(from: JSONValue(parsing: Array(data))))
        #expect(lenient.state == navigator.state)
        #expect(lenient.problems.isEmpty)
        var back = Navigator(graph: graph)
        try back.restore(saved)
        #expect(back.url == "diary://book/day/2024-02-29?until=2025-03-01")
    }

    @Test func intentsTakeADateValueAndRefuseAString() throws {
        var navigator = Navigator(graph: graph)
        let day = try #require(CalendarDate("2000-02-29"))
        try navigator.push(Route("day", ["day": .date(day)]))
        #expect(navigator.url == "diary://book/day/2000-02-29")
        #expect(navigator.state.activeStack?.top["until"] == .date(try #require(CalendarDate("2024-12-31"))))
        var fresh = Navigator(graph: graph)
        #expect {
            try fresh.push(Route("day", ["day": .string("2000-02-29")]))
        } throws: { error in
            (error as? NavigationError)?.message.contains("must be a date (YYYY-MM-DD)") == true
        }
    }
}
