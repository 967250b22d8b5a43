import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files the app creates are 0600 and its directories 0700 from the first byte, whatever
/// fails later: a first run on a disk too full to finish it leaves nothing more open, even
/// with a umask that would let everyone read.
@Suite(.serialized, .enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
struct FileModeTests {
    /// Runs the binary (as the unprivileged user when asked) under `umask 000`.
    static func runWithOpenUmask(_ arguments: [String], stdin: String, unprivileged: Bool) throws -> CLI.Result {
        let process = Process()
        let shell = ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""]
        let prefix = unprivileged ? try Unprivileged.command() : nil
        let command = prefix.map { Array($0.dropLast()) + shell + [$0.last ?? ""] } ?? shell + [CLI.binary.path]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = try CLI.temporaryDirectory()
        try Unprivileged.giveAway(environment["XDG_STATE_HOME"] ?? "")
        process.environment = environment
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Every path under `directory` (itself included) with its permission bits.
    static func modes(under directory: String) throws -> [String: (mode: Int, isDirectory: Bool)] {
        var result: [String: (mode: Int, isDirectory: Bool)] = [:]
        let paths = [directory] + (FileManager.default.subpaths(atPath: directory) ?? []).map { directory + "/" + $0 }
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            result[path] = (mode, attributes[.type] as? FileAttributeType == .typeDirectory)
        }
        return result
    }

    @Test(arguments: [false, true])
    func aFirstRunThatRanOutOfSpaceLeavesOnlyPrivateFiles(unprivileged: Bool) throws {
        guard !unprivileged || Unprivileged.isAvailable else { return }
        var outcomes: Set<Int32> = []
        var filesLeft = 0
        // From no space at all to enough: each run stops at another point of the first start.
        for kilobytes in [0, 32, 64, 96, 128, 400] {
            let disk = try SmallDisk()
            defer { disk.unmount() }
            if unprivileged { try Unprivileged.giveAway(disk.mountPoint) }
            try disk.fill(leaving: kilobytes)
            let directory = disk.mountPoint + "/data"
            let result = try Self.runWithOpenUmask(
                ["--data-dir", directory], stdin: "login alice\nwonderland\nopen wayfinder://main/feed/post/7\nlike\n", unprivileged: unprivileged)
            outcomes.insert(result.status)
            #expect(result.status == 0 || result.status == 74, "\(kilobytes) KB: \(result.stderr)")
            if result.status == 74 { #expect(!result.stderr.isEmpty) }
            for (path, entry) in try Self.modes(under: disk.mountPoint + "/data") {
                #expect(entry.mode == (entry.isDirectory ? 0o700 : 0o600), "\(kilobytes) KB: \(path) has mode \(String(entry.mode, radix: 8))")
                if !entry.isDirectory { filesLeft += 1 }
            }
        }
        #expect(outcomes == [0, 74], "some runs failed, one finished: \(outcomes)")
        #expect(filesLeft > 0)
    }
}
