import Foundation
import Testing

/// The sections of the man page that `scripts/finish-man-page.py` writes agree with the
/// reference, `WayfinderKit.docc/WayfinderCommand.md`: EXIT STATUS names each exit code of
/// its table, ENVIRONMENT each variable the data and history directories come from, FILES
/// each file of its table. The script is run here on a page of the shape swift-argument-parser's
/// generate-manual writes; `make release` runs it on the real one, which `InstallTests`
/// renders.
@Suite struct ManPageTests {
    static let article = "Sources/WayfinderKit/WayfinderKit.docc/WayfinderCommand.md"

    static func articleText() throws -> String {
        try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(article), encoding: .utf8)
    }

    /// The page the script finishes from a generated one with only the sections it looks for.
    static func finishedPage() throws -> String {
        let directory = try CLI.temporaryDirectory()
        let generated = directory + "/generated.1", finished = directory + "/wayfinder.1"
        let page = """
            .Dd 2025-01-01
            .Dt WAYFINDER 1
            .Os
            .Sh NAME
            .Nm wayfinder
            .Nd navigation
            .Sh SYNOPSIS
            .Nm
            .Sh DESCRIPTION
            text
            .Sh "EXIT STATUS"
            .Ex -std

            """
        try page.write(toFile: generated, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLI.repositoryRoot.appendingPathComponent("scripts/finish-man-page.py").path, generated, finished]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try String(contentsOfFile: finished, encoding: .utf8)
    }

    /// The lines of the section `name` (`.Sh NAME` up to the next `.Sh`) of an mdoc page.
    static func section(_ name: String, of page: String) -> [String] {
        let lines = page.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: ".Sh \(name)") else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".Sh ") })
    }

    /// The rows of the article's table under the heading `heading`: their cells.
    static func tableRows(under heading: String, in text: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { row in
            row.dropFirst().dropLast().components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The numbers in `text` ("129, 143" → [129, 143]).
    static func numbers(_ text: String) -> [Int] {
        text.split { !$0.isNumber }.compactMap { Int($0) }
    }

    @Test func exitStatusNamesEachCodeOfTheReference() throws {
        let rows = Self.tableRows(under: "### Exit codes", in: try Self.articleText())
        let documented = rows.flatMap { Self.numbers($0[0]) }
        #expect(documented == [0, 1, 64, 65, 66, 74, 75, 77, 78, 129, 143, 130, 141])
        let listed = Self.section("EXIT STATUS", of: try Self.finishedPage()).filter { $0.hasPrefix(".It ") }.flatMap { Self.numbers($0) }
        #expect(listed == documented)
    }

    @Test func environmentNamesEachVariableTheReferenceDoes() throws {
        let article = try Self.articleText()
        let items = Self.section("ENVIRONMENT", of: try Self.finishedPage()).filter { $0.hasPrefix(".It Ev ") }
        let variables = items.map { String($0.dropFirst(".It Ev ".count)) }
        #expect(variables.sorted() == ["HOME", "NO_COLOR", "TERM", "WAYFINDER_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"])
        for variable in variables {
            #expect(article.contains("`\(variable)") || article.contains("$\(variable)"), "\(variable) is not in \(Self.article)")
        }
    }

    @Test func filesNamesEachFileOfTheReference() throws {
        let rows = Self.tableRows(under: "### Files", in: try Self.articleText())
        // The first code span of each row's first cell: the file's path.
        let documented = rows.compactMap { $0[0].split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) }
        #expect(documented.count == 7)
        let listed = Self.section("FILES", of: try Self.finishedPage())
            .filter { $0.hasPrefix(".It Pa ") }.map { String($0.dropFirst(".It Pa ".count)) }
        #expect(listed == documented)
    }
}
