import Foundation
import Testing

/// The `date` parameter type through the built programs: `resolve` prints it as a JSON
/// string, `routes check` reports a bad date at its column, and `routes-compiler` gives it
/// the engine's `CalendarDate` in the generated enums.
@Suite struct DateParameterCLITests {
    static let table = """
        scheme diary
        flow book
        screen home book root
        screen day  book push day/{day:date} after home  query until:date=2024-12-31
        """

    @Test func resolvePrintsADateAsAJSONString() throws {
        let path = try CLI.temporaryFile(Self.table, name: "diary.routes")
        let result = try CLI.run(["resolve", "diary://book/day/2024%2D02-29", "--routes", path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"url":"diary://book/day/2024-02-29","flow":"book","tab":null,"stack":[{"screen":"home","params":{}},{"screen":"day","params":{"day":"2024-02-29","until":"2024-12-31"}}],"presentation":null,"entry":"outside"}"# + "\n")
    }

    @Test func resolveRefusesADayTheYearLacks() throws {
        let path = try CLI.temporaryFile(Self.table, name: "diary.routes")
        let result = try CLI.run(["resolve", "diary://book/day/2023-02-29", "--routes", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'day' of screen 'day' must be a date (YYYY-MM-DD): 2023-02-29 is not a day of 2023 (2023 is not a leap year)"), "\(result.stderr)")
    }

    @Test func checkReportsABadDateDefaultAtItsColumn() throws {
        let path = try CLI.temporaryFile("""
            scheme diary
            flow book
            screen home book root
            screen list book push list after home query day:date=2023-02-30
            screen week book push week after home query from:date=2024-W05
            screen day  book push day/{d:dates} after home
            """)
        let result = try CLI.run(["routes", "check", path])
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "\(path):4:54: default '2023-02-30' of query parameter 'day' is not a date (YYYY-MM-DD): 2023-02-30 is not a day of 2023 (month 02 has 28 days)",
            "\(path):5:55: default '2024-W05' of query parameter 'from' is not a date (YYYY-MM-DD)",
            "\(path):6:27: unknown parameter type 'dates'; expected int, string, uuid, bool, double, date, rest, or two or more words separated by '|' (new|top|hot)",
        ])
    }

    @Test func checkAcceptsDatesBesideIntsAndWarnsBesideStrings() throws {
        let path = try CLI.temporaryFile("""
            scheme diary
            flow book
            screen home book root
            screen day  book push on/{d:date} after home
            screen nth  book push on/{n:int} after home
            screen tag  book push on/{t:string} after home
            """)
        let result = try CLI.run(["routes", "check", path])
        #expect(result.status == 0, "\(result.stderr)")
        // One group: the date and the int do not overlap, but each overlaps the string.
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "\(path):6:8: warning: after 'home', patterns 'on/{d:date}' (screen 'day'), 'on/{n:int}' (screen 'nth') and 'on/{t:string}' (screen 'tag') can each match the same segments as another of them: such a link has several readings, and states that print to one of them are refused",
        ])
    }

    @Test func theGeneratedEnumsHoldACalendarDate() throws {
        let compiler = CLI.binary.deletingLastPathComponent().appendingPathComponent("routes-compiler")
        let path = try CLI.temporaryFile(Self.table, name: "diary.routes")
        let output = path + ".swift"
        let process = Process()
        process.executableURL = compiler
        process.arguments = [path, output, "diary.routes", "DiaryRoutes"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let source = try String(contentsOfFile: output, encoding: .utf8)
        #expect(source.contains("    case day(day: CalendarDate, until: CalendarDate)"), "\(source)")
        #expect(source.contains(#"route["until"]?.dateValue ?? ParameterValue(parsing: "2024-12-31", as: .date)?.dateValue"#), "\(source)")
        #expect(source.contains(".date(day)"), "\(source)")
    }
}
