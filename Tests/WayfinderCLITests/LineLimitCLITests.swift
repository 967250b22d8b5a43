import Foundation
import Testing

/// One limit on a line of input, 64 KiB, wherever lines are read: a longer line is refused
/// whole, quoted only by its start, and the rest of it is never kept.
@Suite struct LineLimitCLITests {
    static let start = String(repeating: "a", count: 64)

    @Test func aPipedLineOverTheLimitIsRefusedByItsStartAndTheSessionGoesOn() throws {
        let home = try CLI.temporaryDirectory()
        let run = try CLI.run(
            ["--echo"], stdin: String(repeating: "a", count: 200_000) + "\nwhere\n", environment: ["WAYFINDER_HOME": home])
        #expect(run.status == 1, "a refused line is a failed command")
        #expect(run.stdout.hasSuffix("wayfinder://login\n"), "\(run.stdout.prefix(300))")
        #expect(run.stdout.count < 1_000, "the line is not echoed")
        #expect(run.stderr == "wayfinder: error: line is 200000 bytes long, over the limit of 65536: nothing of it was run; it began '\(Self.start)…'\n")
    }

    @Test func aLineJustAtTheLimitIsReadAsAnyOther() throws {
        let home = try CLI.temporaryDirectory()
        let run = try CLI.run([], stdin: "where" + String(repeating: " ", count: 65_536 - 5) + "\n", environment: ["WAYFINDER_HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wayfinder://login\n")
    }

    @Test func aScriptLineOverTheLimitIsRefusedAsAPipedOneIs() throws {
        let home = try CLI.temporaryDirectory()
        let script = home + "/long.wf"
        try (String(repeating: "a", count: 70_000) + "\nwhere\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try CLI.run(["-f", script], environment: ["WAYFINDER_HOME": home])
        #expect(run.status == 1)
        #expect(run.stdout == "wayfinder://login\n")
        #expect(run.stderr.contains("line is 70000 bytes long, over the limit of 65536: nothing of it was run; it began '\(Self.start)…'"), "\(run.stderr)")
        #expect(run.stderr.count < 1_000)
    }

    /// `routes coverage` reads a file of links as `resolve -` reads its lines.
    @Test func coverageRefusesWhatResolveRefuses() throws {
        let home = try CLI.temporaryDirectory()
        let links = home + "/links.txt"
        var bytes = Array("wayfinder://main/feed\n".utf8)
        bytes += Array("wayfinder://main/feed/".utf8) + [0xFF] + Array("\n".utf8)
        bytes += Array(String(repeating: "a", count: 70_000).utf8) + Array("\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: links))
        let coverage = try CLI.run(["routes", "coverage", links])
        #expect(coverage.stdout.contains("3 links (2 refused)"), "\(coverage.stdout)")
        #expect(coverage.stdout.contains("\(links):2: wayfinder://main/feed/\\xFF: "), "\(coverage.stdout)")
        #expect(coverage.stdout.contains("\(links):3: \(Self.start)…: link is 70000 bytes long; the limit is 2048"), "\(coverage.stdout)")
        #expect(coverage.stdout.count < 5_000)
    }
}
