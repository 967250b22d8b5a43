import Foundation

/// Runs the built `wayfinder` binary as a script or a person would.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary beside the test bundle (the same build), or `WAYFINDER_BIN`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["WAYFINDER_BIN"] {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("wayfinder")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug/wayfinder")
    }()

    /// Runs the binary with `arguments`; with `unprivileged`, as a user other than root (see
    /// ``Unprivileged``), so that file permissions apply; in `directory` when given (else in
    /// the tests' own).
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], unsetting: [String] = [], unprivileged: Bool = false,
        directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        if unprivileged, let command = try Unprivileged.command() {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst()) + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        // Each run gets its own data directory unless the test gives one: fresh demo data,
        // and nothing written to the home of whoever runs the tests.
        env["WAYFINDER_HOME"] = try temporaryDirectory()
        if unprivileged { try Unprivileged.giveAway(env["WAYFINDER_HOME"] ?? "") }
        env["XDG_STATE_HOME"] = env["WAYFINDER_HOME"]
        for (key, value) in environment { env[key] = value }
        for key in unsetting { env[key] = nil }
        process.environment = env
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
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self)
        )
    }

    /// Runs `executable` (the binary by default) with standard input read from the file
    /// `input` and standard output written to the file `output` (files, not pipes: for input
    /// the program stops reading, which would end the writer of a pipe, and for outputs such
    /// as `/dev/full`); its status and standard error.
    static func runRedirected(
        _ arguments: [String], executable: URL = binary, input: String? = nil, output: String? = nil
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let input { process.standardInput = FileHandle(forReadingAtPath: input) }
        if let output { process.standardOutput = FileHandle(forWritingAtPath: output) }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// A new empty temporary directory.
    static func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "test.routes") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The copies of a state file kept aside (`FILE.corrupt-TIMESTAMP…`), oldest first.
    static func keptCopies(of file: String) -> [String] {
        let url = URL(fileURLWithPath: file)
        let directory = url.deletingLastPathComponent().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix(url.lastPathComponent + ".corrupt-") }.sorted().map { directory + "/" + $0 }
    }

    /// The path of an executable on PATH, if any.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A suite whose runs share one data directory, `home`: what one run saves, the next finds.
protocol SharedHomeSuite {
    var home: String { get }
}

extension SharedHomeSuite {
    /// Runs the binary on `home`.
    func run(_ arguments: [String], stdin: String = "") throws -> CLI.Result {
        try CLI.run(arguments, stdin: stdin, environment: ["WAYFINDER_HOME": home])
    }
}
