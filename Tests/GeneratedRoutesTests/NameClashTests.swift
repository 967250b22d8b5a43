import Foundation
import Testing

/// A table whose tab, guard or screen names would clash in the generated Swift fails the
/// build at the declaring line, as the `routes-compiler` the plugin runs reports it.
@Suite struct NameClashTests {
    /// The `routes-compiler` of this build: beside the test bundle, or a directory up.
    private static let compiler: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("routes-compiler")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// Compiles `table`; the exit status and what was written on standard error.
    private func compile(_ table: String) throws -> (status: Int32, errors: String) {
        let compiler = try #require(Self.compiler, "routes-compiler is not beside the test bundle")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-clash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("clash.routes")
        try table.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = compiler
        process.arguments = [input.path, directory.appendingPathComponent("Out.swift").path, "clash.routes", "ClashRoutes"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).replacingOccurrences(of: input.path, with: "clash.routes"))
    }

    @Test func aTableWithoutClashesCompiles() throws {
        let result = try compile("scheme ok\nguard in else a\nflow a\nflow b guard in tabs one two-three\nscreen x a root\nscreen y b.one root\nscreen z b.two-three root\n")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test(arguments: [
        ("guard a-b else acc\nguard aB else acc\nflow acc\nflow lib guard a-b\nflow other guard aB\nscreen s acc root\nscreen t lib root\nscreen o other root\n",
         "clash.routes:3:1: error: guards 'a-b' and 'aB' are both 'aB' in Swift"),
        ("flow acc\nflow lib tabs x-y xY\nscreen s acc root\nscreen t lib.x-y root\nscreen u lib.xY root\n",
         "clash.routes:3:1: error: tabs 'x-y' and 'xY' of flow 'lib' are both 'xY' in Swift"),
        ("flow acc\nscreen flow acc root\n",
         "clash.routes:3:8: error: screen 'flow' would be 'flow' in Swift, which the flow's enum declares itself; rename the screen"),
        ("flow lib tabs a\nscreen stack-key lib.a root\n",
         "clash.routes:3:8: error: screen 'stack-key' would be 'stackKey' in Swift, which the flow's enum declares itself; rename the screen"),
        ("flow lib tabs a\nscreen s lib.a root\nscreen item lib push item/{tab:one|two} after s\n",
         "clash.routes:4:8: error: the set of words of screen 'item' would be the Swift enum 'Tab', which names the flow's tabs; rename the parameter"),
    ])
    func aClashFailsAtItsLine(body: String, message: String) throws {
        let result = try compile("scheme clash\n" + body)
        #expect(result.status == 65)
        #expect(result.errors.split(separator: "\n").map(String.init) == [message])
    }
}
