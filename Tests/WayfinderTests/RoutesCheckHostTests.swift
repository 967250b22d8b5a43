import Testing
import Wayfinder

/// What `routes check` refuses that URL parsers would read otherwise: `.` and `..` in
/// patterns, web origins whose host a browser rejects or rewrites, a web scheme beside
/// web origins.
@Suite struct RoutesCheckHostTests {
    private func diagnostics(_ text: String) -> [RoutesDiagnostic] {
        do {
            _ = try RouteGraph(parsing: text, file: "t.routes")
            return []
        } catch {
            return error.diagnostics
        }
    }

    private let header = """
        scheme demo
        flow app
        screen home app root

        """

    @Test(arguments: [
        ("screen a app push ../x after home", "t.routes:4:19", "literal segment '..' is a dot segment"),
        ("screen a app push x/. after home", "t.routes:4:21", "literal segment '.' is a dot segment"),
        ("screen a app push /x/.. after home", "t.routes:4:22", "literal segment '..' is a dot segment"),
        ("screen a app push x/{w:a|..} after home", "t.routes:4:21", "word '..' of '{w:a|..}' is a dot segment"),
    ])
    func aDotSegmentInAPatternIsRefusedAtItsColumn(line: String, place: String, message: String) {
        let found = diagnostics(header + line)
        #expect(found.map(\.location.description) == [place])
        #expect(found.first?.message.hasPrefix(message) == true, "\(found)")
        #expect(found.first?.message.contains("no link could match it") == true)
    }

    @Test func dotsInsideAWordAndInAQuerySetAreFine() throws {
        let graph = try RouteGraph(parsing: header + "screen a app push .../x./.y/{w:a|..b} after home query s:a|..")
        #expect(try graph.resolve("demo://app/.../x./.y/..b?s=..").stack.count == 2)
    }
}
