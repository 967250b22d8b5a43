import ArgumentParser
import WayfinderSystem

/// The exit codes of `wayfinder`, documented in README.md.
enum ExitCodes {
    /// A usage error: an unknown command, option or value, or an argument that is not a
    /// link and not valid UTF-8 (EX_USAGE).
    static let usage = ExitCode(64)
    /// A deep link was rejected (sysexits EX_DATAERR).
    static let invalidLink = ExitCode(65)
    /// `reset` left a file in place that has one of the app's names but not its contents
    /// (EX_DATAERR, as a rejected link: data not in the expected form).
    static let foreignFiles = ExitCode(65)
    /// A file could not be read (EX_NOINPUT).
    static let unreadableFile = ExitCode(66)
    /// The data directory or database cannot be opened, or output cannot be written (EX_IOERR).
    static let cannotOpenData = ExitCode(74)
    /// A routes file is invalid (EX_CONFIG).
    static let invalidRoutes = ExitCode(78)
}

/// Writes `message` and a newline to standard error. A failed write is recorded and
/// reported at exit (``OutputCheck``).
func printError(_ message: String) {
    if let code = StandardStreams.flush(.output) { OutputCheck.noteOutputFailure(code) }
    if let code = StandardStreams.write(message + "\n", to: .error) { OutputCheck.noteErrorFailure(code) }
}

/// Writes `text` and `terminator` to standard output: what the one-shot commands print.
/// (Swift's `print` looks up, at run time, how to write each value it is given: a cost at
/// every start.) A failed write is recorded and reported at exit (``OutputCheck``).
func printOutput(_ text: String, terminator: String = "\n") {
    if let code = StandardStreams.write(text + terminator, to: .output) { OutputCheck.noteOutputFailure(code) }
}
