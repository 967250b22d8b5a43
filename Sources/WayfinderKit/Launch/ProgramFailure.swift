import ArgumentParser

/// Why a program on the kit ends in failure, and the status it ends with: the one value
/// every such error is told through.
///
/// The code is chosen where the failure is found, with its message; nothing is printed
/// there. The failure is thrown, and the program's entry point
/// (``Launcher/main()``, or an app's own through `exitReportingError(_:)`) tells it on
/// standard error as `PROGRAM: error: MESSAGE` (``Program/current`` names the program) and
/// exits with ``exitCode``:
///
/// ```swift
/// guard let bytes = try FileSystem.read(path) else {
///     throw ProgramFailure("\(path): no such file", exitCode: ExitCodes.unreadableFile)
/// }
/// ```
public struct ProgramFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is told, and how.
    private enum Text: Hashable, Sendable {
        /// Errors told each after `PROGRAM: error: `, one a line.
        case errors([String])
        /// Lines that say where the error is themselves (`FILE:LINE:COLUMN: …`), told
        /// as they are.
        case diagnostics([String])
    }

    private let text: Text
    /// The status the program ends with: one of ``ExitCodes``, or an app's own.
    public let exitCode: ExitCode

    /// A failure told as `PROGRAM: error: MESSAGE`, ending the program with `exitCode`.
    /// - Parameters:
    ///   - message: What went wrong, for a person, without the program's name (and with
    ///     any text from outside escaped, as `escapingControlCharacters` does).
    ///   - exitCode: The status the program ends with (``ExitCodes``).
    public init(_ message: String, exitCode: ExitCode) {
        self.init(messages: [message], exitCode: exitCode)
    }

    /// A failure made of several errors, told one a line, each as `PROGRAM: error: MESSAGE`
    /// (every file refused, then what was not done).
    public init(messages: [String], exitCode: ExitCode) {
        text = .errors(messages)
        self.exitCode = exitCode
    }

    /// A failure told by `diagnostics`, lines that say where the error is themselves, as a
    /// compiler's do (`app.routes:3:7: unknown flow 'mian'`): they are told as
    /// they are, one a line, without the program's name.
    public init(diagnostics: [String], exitCode: ExitCode) {
        text = .diagnostics(diagnostics)
        self.exitCode = exitCode
    }

    /// The messages, without the program's name (or the diagnostics), one a line.
    public var description: String { messages.joined(separator: "\n") }

    /// The messages, or the diagnostics, as given.
    public var messages: [String] {
        switch text {
        case .errors(let messages), .diagnostics(let messages): messages
        }
    }

    /// The lines told on standard error, in order.
    var lines: [String] {
        switch text {
        case .errors(let messages): messages.map(Self.errorLine)
        case .diagnostics(let lines): lines
        }
    }

    /// `PROGRAM: error: MESSAGE`: the one form of the program's errors, also for one it
    /// goes on after.
    static func errorLine(_ message: String) -> String {
        "\(Program.current.name): error: \(message)"
    }

    /// Writes the failure to standard error (``printError(_:)``), a line at a time.
    func report() {
        for line in lines { printError(line) }
    }
}

extension ParsableCommand {
    /// Ends the process as `exit(withError:)` does, but with every error told the program's
    /// way (`PROGRAM: error: MESSAGE`): a ``ProgramFailure`` with its own status, and
    /// ArgumentParser's errors (then the usage) with theirs. Help and `--version` print as
    /// they do, and an `ExitCode` (whose message was told already, such as a REPL's status)
    /// ends the process with its status alone.
    public static func exitReportingError(_ error: (any Error)?) -> Never {
        guard let error, !(error is ExitCode), exitCode(for: error) != .success else { exit(withError: error) }
        let failure = error as? ProgramFailure ?? parserFailure(error)
        failure.report()
        exit(withError: failure.exitCode)
    }

    /// ArgumentParser's message for `error` (`Error: MESSAGE`, then the usage) as a failure
    /// with its status.
    private static func parserFailure(_ error: any Error) -> ProgramFailure {
        let full = fullMessage(for: error)
        let label = "Error: "
        // A usage without an error's message is told as it is.
        guard full.hasPrefix(label) else { return ProgramFailure(diagnostics: [full], exitCode: exitCode(for: error)) }
        return ProgramFailure(String(full.dropFirst(label.count)), exitCode: exitCode(for: error))
    }
}
