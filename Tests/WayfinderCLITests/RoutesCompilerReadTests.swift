import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The routes compiler says why it cannot read a table: that it is missing, or the system's
/// reason (permissions, I/O), never only that it cannot.
@Suite struct RoutesCompilerReadTests {
    static let compiler = CLI.binary.deletingLastPathComponent().appendingPathComponent("routes-compiler")

    @Test func aMissingTableIsNamedMissing() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.compiler.path), "no routes-compiler beside \(CLI.binary.path)")
        let directory = try CLI.temporaryDirectory()
        let input = directory + "/none.routes", output = directory + "/Out.swift"
        let result = try CLI.runRedirected([input, output, "none.routes", "T"], executable: Self.compiler)
        #expect(result.status == 66)
        #expect(result.stderr == "\(input): error: cannot read the routes file: no such file\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
    func aTableThatMayNotBeReadSaysWhy() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.compiler.path), "no routes-compiler beside \(CLI.binary.path)")
        let input = try CLI.temporaryFile("scheme s\nflow f\nscreen home f root\n", name: "app.routes")
        let output = URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent("Out.swift").path
        #expect(chmod(input, 0) == 0)
        let command = try Unprivileged.command(running: Self.compiler)
        let result = try CLI.runRedirected(
            Array(command.dropFirst()) + [input, output, "app.routes", "T"], executable: URL(fileURLWithPath: command[0]))
        #expect(result.status == 66)
        #expect(result.stderr == "\(input): error: cannot read the routes file (Permission denied)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
