import ArgumentParser
import WayfinderSystem
import WayfinderTerminal

/// The exit codes a program on the kit ends with (sysexits where one fits). An app adds
/// its own in an extension.
public enum ExitCodes {
    /// A usage error: an unknown command, option or value, or an argument that is not a
    /// link and not valid UTF-8 (EX_USAGE).
    public static let usage = ExitCode(64)
    /// A deep link was rejected (sysexits EX_DATAERR).
    public static let invalidLink = ExitCode(65)
    /// A file could not be read (EX_NOINPUT).
    public static let unreadableFile = ExitCode(66)
    /// The data directory or database cannot be opened, or output cannot be written (EX_IOERR).
    public static let cannotOpenData = ExitCode(74)
    /// Every command succeeded, but the navigation could not be saved at the end (EX_TEMPFAIL:
    /// the work is done; the next start resumes from the last navigation saved).
    public static let navigationNotSaved = ExitCode(75)
}

/// Writes `message` and a newline to standard error (standard output flushed first, so
/// that the two stay in order); at a terminal, its lines are broken between words to fit it,
/// as screens are. A failed write is recorded and reported at exit (``OutputCheck``).
public func printError(_ message: String) {
    if let code = StandardStreams.flush(.output) { OutputCheck.noteOutputFailure(code) }
    var text = message + "\n"
    if Terminal.isTTY(2) {
        var styled = StyledText()
        styled.append(message)
        text = styled.wrapped(toWidth: Terminal.width).plainText
    }
    if let code = StandardStreams.write(text, to: .error) { OutputCheck.noteErrorFailure(code) }
}

/// Writes `text` and `terminator` to standard output: what the one-shot commands print.
/// A failed write (which `print` would not tell) is recorded and reported at exit
/// (``OutputCheck``).
public func printOutput(_ text: String, terminator: String = "\n") {
    if let code = StandardStreams.write(text + terminator, to: .output) { OutputCheck.noteOutputFailure(code) }
}

/// Writes `PROGRAM: error: MESSAGE` to standard error: how every error the program ends
/// or goes on with is told (``Program/current`` names it).
public func reportError(_ message: String) {
    printError("\(Program.current.name): error: \(message)")
}

/// Writes `PROGRAM: MESSAGE` to standard error: a warning (`warning: …`) or a note.
public func reportNote(_ message: String) {
    printError("\(Program.current.name): \(message)")
}

extension ParsableCommand {
    /// Ends the process as `exit(withError:)` does, but with every error told the program's
    /// way (`PROGRAM: error: MESSAGE`, then the usage), ArgumentParser's own included; help
    /// and `--version` print as they do, and an `ExitCode` (whose message was printed already)
    /// ends the process with its status alone.
    public static func exitReportingError(_ error: (any Error)?) -> Never {
        guard let error, !(error is ExitCode), exitCode(for: error) != .success else { exit(withError: error) }
        let full = fullMessage(for: error)
        let prefix = "Error: "
        printError(full.hasPrefix(prefix) ? "\(Program.current.name): error: " + full.dropFirst(prefix.count) : full)
        exit(withError: ExitCode(exitCode(for: error).rawValue))
    }
}
