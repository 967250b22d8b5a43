import Foundation
import Testing

/// Environment values that are not UTF-8 are never repaired into U+FFFD and used: a
/// directory named by one is refused where it would be used, like the same value given as
/// `--data-dir` (exit 64, one message naming the variable), and no fallback is taken in its
/// place. Through the binary.
@Suite struct EnvironmentUTF8Tests {
    static let commands: [[String]] = [["open", "wayfinder://login"], ["open", "--format", "json", "wayfinder://login"], ["reset"], []]

    @Test(arguments: commands)
    func aDataDirectoryVariableThatIsNotUTF8IsRefused(command: [String]) throws {
        let parent = try CLI.temporaryDirectory()
        let value = Array((parent + "/data").utf8) + [0xFF]
        let result = try Self.run(command, setting: ["WAYFINDER_HOME": value], stdin: "where\n")
        #expect(result.status == 64)
        #expect(result.stderr == "wayfinder: error: WAYFINDER_HOME '\(parent)/data\\xFF' is not valid UTF-8 (byte \(value.count))\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty, "nothing made at a repaired path")

        // The same value as --data-dir: refused alike.
        let flag = try CLI.run(bytes: command.map { Array($0.utf8) } + [Array("--data-dir".utf8), value], stdin: Array("where\n".utf8))
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("is not valid UTF-8"))
    }

    /// The variable is not read when `--data-dir` names the directory.
    @Test func aVariableThatIsNotUsedIsNotRefused() throws {
        let directory = try CLI.temporaryDirectory()
        let result = try Self.run(["open", "wayfinder://login", "--data-dir", directory], setting: ["WAYFINDER_HOME": Array("/tmp/".utf8) + [0xFF]])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theFallbacksAreRefusedWhenTheyWouldBeUsed() throws {
        let parent = try CLI.temporaryDirectory()
        let bad = Array((parent + "/x").utf8) + [0xC3, 0x28]
        let xdg = try Self.run(["open", "wayfinder://login"], setting: ["XDG_DATA_HOME": bad], unsetting: ["WAYFINDER_HOME"])
        #expect(xdg.status == 64)
        #expect(xdg.stderr == "wayfinder: error: XDG_DATA_HOME '\(parent)/x\\xC3(' is not valid UTF-8 (byte \(bad.count - 1))\n")

        let home = try Self.run(["open", "wayfinder://login"], setting: ["HOME": bad], unsetting: ["WAYFINDER_HOME", "XDG_DATA_HOME"])
        #expect(home.status == 64)
        #expect(home.stderr.hasPrefix("wayfinder: error: HOME '"), "\(home.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)

        // A relative XDG_DATA_HOME is ignored, as the XDG specification says, UTF-8 or not.
        let realHome = try CLI.temporaryDirectory()
        let relative = try Self.run(
            ["open", "wayfinder://login"], setting: ["XDG_DATA_HOME": [0x72, 0xFF], "HOME": Array(realHome.utf8)], unsetting: ["WAYFINDER_HOME"])
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(FileManager.default.fileExists(atPath: realHome + "/.local/share/wayfinder"))
    }

    /// The REPL's history file: `XDG_STATE_HOME`, else `HOME`.
    @Test func theHistoryDirectoryIsRefusedWhenItWouldBeUsed() throws {
        let bad = Array("/tmp/state".utf8) + [0xFE]
        let state = try Self.run([], setting: ["XDG_STATE_HOME": bad], stdin: "where\n")
        #expect(state.status == 64)
        #expect(state.stderr == "wayfinder: error: XDG_STATE_HOME '/tmp/state\\xFE' is not valid UTF-8 (byte 11)\n")
        #expect(state.stdout.isEmpty)

        let home = try Self.run([], setting: ["HOME": bad], unsetting: ["XDG_STATE_HOME"], stdin: "where\n")
        #expect(home.status == 64)
        #expect(home.stderr == "wayfinder: error: HOME '/tmp/state\\xFE' is not valid UTF-8 (byte 11)\n")

        // HOME is not read when XDG_STATE_HOME names the place (CLI.run sets it).
        let unused = try Self.run([], setting: ["HOME": bad], stdin: "where\n")
        #expect(unused.status == 0, "\(unused.stderr)")
        #expect(unused.stdout == "wayfinder://login\n")
    }

    /// `NO_COLOR` and `TERM` are only compared: any value that is set is taken as set.
    @Test func valuesThatAreOnlyComparedAreKept() throws {
        let result = try Self.run(["open", "wayfinder://login"], setting: ["NO_COLOR": [0xFF], "TERM": [0xFF]])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}["))
    }

    /// Runs the binary with `variables` set to bytes (which `Process`, taking strings, cannot
    /// pass when they are not UTF-8) and `unsetting` removed: through `/bin/sh`, which builds
    /// each value with `printf` and octal escapes, then `exec`s the binary.
    static func run(_ arguments: [String], setting variables: [String: [UInt8]], unsetting: [String] = [], stdin: String = "") throws -> CLI.Result {
        var script = ""
        for (name, value) in variables {
            let escaped = value.map { "\\" + String($0, radix: 8) }.joined()
            script += "v=$(printf '\(escaped)'; printf x); export \(name)=\"${v%x}\"\n"
        }
        for name in unsetting { script += "unset \(name)\n" }
        script += #"exec "$0" "$@""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, CLI.binary.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WAYFINDER_HOME"] = try CLI.temporaryDirectory()
        environment["XDG_STATE_HOME"] = environment["WAYFINDER_HOME"]
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
