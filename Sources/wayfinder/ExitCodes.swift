import ArgumentParser
import Foundation

/// The exit codes of `wayfinder`, documented in README.md.
enum ExitCodes {
    /// A usage error: an unknown command, option or value, or an argument that is not a
    /// link and not valid UTF-8 (EX_USAGE).
    static let usage = ExitCode(64)
    /// A deep link was rejected (sysexits EX_DATAERR).
    static let invalidLink = ExitCode(65)
    /// A file could not be read (EX_NOINPUT).
    static let unreadableFile = ExitCode(66)
    /// The data directory or database cannot be opened (EX_IOERR).
    static let cannotOpenData = ExitCode(74)
    /// A routes file is invalid (EX_CONFIG).
    static let invalidRoutes = ExitCode(78)
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
