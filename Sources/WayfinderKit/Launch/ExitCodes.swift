import ArgumentParser
import WayfinderSystem
import WayfinderTerminal

/// The exit codes a program on the kit ends with (sysexits where one fits), each chosen
/// with its message in a ``ProgramFailure``. An app adds its own in an extension.
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

/// Writes `PROGRAM: MESSAGE` to standard error: a warning (`warning: …`) or a note. (An
/// error is a ``ProgramFailure``, thrown.)
public func reportNote(_ message: String) {
    printError("\(Program.current.name): \(message)")
}
