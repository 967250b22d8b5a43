import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Output that cannot be written is an error: with standard output on `/dev/full` every
/// command (the REPL too, and what ArgumentParser prints itself) exits 74 with the message
/// on standard error; a failed write to standard error exits 74 too; a closed pipe still
/// ends quietly with 141.
@Suite struct OutputErrorTests {
    /// A command and what it reads on standard input.
    struct Command: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stdin: String

        var testDescription: String { (["wayfinder"] + arguments).joined(separator: " ") + (stdin.isEmpty ? "" : " < input") }

        init(_ arguments: [String], stdin: String = "") {
            self.arguments = arguments
            self.stdin = stdin
        }
    }

    static let links = String(repeating: "wayfinder://main/feed/post/4\nwayfinder://main/search?q=%E2%80%AE\n", count: 1_000)

    static let commands: [Command] = [
        Command(["resolve", "wayfinder://main/feed/post/4"]),
        Command(["resolve", "--format", "json", "wayfinder://main/feed/post/4"]),
        Command(["resolve", "-"], stdin: "wayfinder://main/feed\n"),
        // More answers than a buffer holds: the write fails while links are still read.
        Command(["resolve", "-"], stdin: links),
        Command(["open", "wayfinder://main/feed"]),
        Command(["open", "--format", "json", "wayfinder://main/feed"]),
        Command(["--version"]),
        Command(["--help"]),
        Command(["resolve", "--help"]),
        Command(["help", "routes"]),
        Command(["routes", "list"]),
        Command(["routes", "check"]),
        Command(["routes", "graph"]),
        Command(["routes", "graph", "--format", "mermaid"]),
        Command(["routes", "check", "-"], stdin: "scheme x\nflow a\nscreen home a root\n"),
        Command(["--fresh"], stdin: "where\n"),
        Command(["--fresh"], stdin: "login alice\nwonderland\nopen wayfinder://main/feed/post/4\nstate\n"),
        Command([], stdin: String(repeating: "help\n", count: 500)),
    ]

    static let message = "wayfinder: error: cannot write to standard output: No space left on device\n"

    @Test(arguments: commands)
    func aFullDiskIsAnErrorForEveryCommand(command: Command) throws {
        let written = try CLI.run(command.arguments, stdin: command.stdin)
        #expect(written.status == 0, "the same command succeeds when its output can be written: \(written.stderr)")
        #expect(!written.stdout.isEmpty)

        let full = try Self.run(command.arguments, stdin: command.stdin, home: try CLI.temporaryDirectory(), output: "/dev/full")
        #expect(full.status == 74, "\(full.stderr)")
        #expect(full.stderr.hasSuffix(Self.message), "\(full.stderr)")
        #expect(full.stderr.components(separatedBy: "cannot write").count == 2, "said once: \(full.stderr)")
    }

    /// `reset` has removed the files when it says so; the output lost is still an error.
    @Test func resetReportsItsLostOutput() throws {
        let home = try CLI.temporaryDirectory()
        let login = try CLI.run(["--fresh"], stdin: "login alice\nwonderland\n", environment: ["WAYFINDER_HOME": home])
        #expect(login.status == 0, "\(login.stderr)")
        let full = try Self.run(["reset"], home: home, output: "/dev/full")
        #expect(full.status == 74)
        #expect(full.stderr == Self.message)
    }

    /// A message that cannot be written to standard error is an error too (74, in place of
    /// the command's own status); a command that writes nothing there is not affected.
    static let failingCommands: [(Command, Int32)] = [
        (Command(["resolve", "ftp://example.com"]), 65),
        (Command(["open", "wayfinder://main/feed/post/x"]), 65),
        (Command(["routes", "check", "-"], stdin: "flow\n"), 78),
        (Command(["--fresh"], stdin: "bogus\nwhere\n"), 1),
        (Command(["--no-such-option"]), 64),
    ]

    @Test(arguments: failingCommands)
    func aFailedMessageIsAnError(command: Command, status: Int32) throws {
        let written = try CLI.run(command.arguments, stdin: command.stdin)
        #expect(written.status == status, "\(written.stderr)")
        #expect(!written.stderr.isEmpty)
        let full = try Self.run(command.arguments, stdin: command.stdin, home: try CLI.temporaryDirectory(), error: "/dev/full")
        #expect(full.status == 74)
    }

    @Test func commandsThatWriteNoMessageAreNotAffectedByAFullStandardError() throws {
        for arguments in [["--version"], ["resolve", "wayfinder://main/feed"], ["routes", "check"]] {
            let result = try Self.run(arguments, home: try CLI.temporaryDirectory(), error: "/dev/full")
            #expect(result.status == 0, "\(arguments)")
        }
        let repl = try Self.run(["--fresh"], stdin: "where\n", home: try CLI.temporaryDirectory(), error: "/dev/full")
        #expect(repl.status == 0)
    }

    /// A reader that goes away is not an error: the program ends quietly with SIGPIPE's
    /// status (one-shot commands keep SIGPIPE's default, so they may end by the signal itself).
    @Test(arguments: [
        Command(["resolve", "-"], stdin: links),
        Command(["routes", "list"]),
        Command(["--version"]),
        Command(["--fresh"], stdin: String(repeating: "help\n", count: 2_000)),
    ])
    func aClosedPipeStillEndsQuietly(command: Command) throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = command.arguments
        process.environment = try Self.environment(home: try CLI.temporaryDirectory())
        let output = Pipe(), errors = Pipe()
        process.standardInput = try Self.file(holding: command.stdin)
        process.standardOutput = output
        process.standardError = errors
        // Closed before anything is written: every write finds no reader.
        try output.fileHandleForReading.close()
        try process.run()
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let bySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE
        #expect(bySignal || (process.terminationReason == .exit && process.terminationStatus == 141), "\(process.terminationStatus)")
        #expect(messages.isEmpty, "\(String(decoding: messages, as: UTF8.self))")
    }

    /// Runs the binary with standard output or standard error opened on `output` or `error`
    /// (the other goes to a pipe, returned as `stderr` when it is standard error).
    static func run(
        _ arguments: [String], stdin: String = "", home: String, output: String? = nil, error: String? = nil
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.environment = try environment(home: home)
        let outputPipe = Pipe(), errorPipe = Pipe()
        // From a file, not a pipe: a process that stops reading early cannot make the test's
        // write fail.
        process.standardInput = try file(holding: stdin)
        if let output {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        } else {
            process.standardOutput = outputPipe
        }
        if let error {
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: error))
        } else {
            process.standardError = errorPipe
        }
        try process.run()
        try outputPipe.fileHandleForWriting.close()
        try errorPipe.fileHandleForWriting.close()
        _ = outputPipe.fileHandleForReading.readDataToEndOfFile()
        let messages = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: messages, as: UTF8.self))
    }

    /// A handle reading a new temporary file that holds `text`.
    static func file(holding text: String) throws -> FileHandle {
        let path = try CLI.temporaryFile(text, name: "stdin")
        return try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }

    static func environment(home: String) throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYFINDER_HOME"] = home
        environment["XDG_STATE_HOME"] = home
        return environment
    }
}
