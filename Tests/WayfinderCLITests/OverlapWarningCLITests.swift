import Foundation
import Testing

/// `routes check` of a table where every pattern overlaps every other: one warning for the
/// group, not one for each pair, so what it prints grows at most with the table.
@Suite struct OverlapWarningCLITests {
    /// The star table `Benchmarks/scripts/overlap_table.py` writes (the benchmarks' own):
    /// `count` screens after `home`, every two of whose patterns can match the same segments.
    static func star(_ count: Int) throws -> String {
        let script = CLI.repositoryRoot.appendingPathComponent("Benchmarks/scripts/overlap_table.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, String(count)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let table = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: table, as: UTF8.self)
    }

    @Test(arguments: [3, 30, 300])
    func checkPrintsAtMostALineOfWarningsForEachScreen(screens count: Int) throws {
        let path = try CLI.temporaryFile(try Self.star(count), name: "star.routes")
        let text = try CLI.run(["routes", "check", path])
        #expect(text.status == 0)
        #expect(text.stdout == "\(path): OK (1 flow, 0 tabs, \(count + 1) screens, \(count) edges, 0 guards)\n")
        let lines = text.stderr.split(separator: "\n")
        #expect(lines.count <= count)
        #expect(text.stderr.utf8.count <= 300 * count)
        // The one group, at its last screen, naming its first patterns and how many more.
        #expect(lines.count == 1)
        let more = count > 10 ? " and \(count - 8) more" : ""
        #expect(lines.first?.hasPrefix("\(path):\(count + 3):8: warning: after 'home', patterns '{w:a|c0}' (screen 's0'), ") == true, "\(text.stderr)")
        #expect(lines.first?.contains("(screen 's\(min(count, 8) - 1)')\(more) can each match the same segments as another of them") == true)

        let json = try CLI.run(["routes", "check", path, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.split(separator: "\n").count == 1)
        #expect(json.stdout.utf8.count <= 300 * count)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["line"] as? Int == count + 3)
    }
}
