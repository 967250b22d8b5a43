import WayfinderSystem

/// Facts about the terminal and the process's signal flags.
///
/// ```swift
/// Terminal.configureLocale()
/// Terminal.installTerminationHandlers()
/// let colour = Terminal.prefersColor(environment: environment, isTTY: Terminal.isTTY(1))
/// ```
public enum Terminal {
    /// Whether `fileDescriptor` (0 standard input, 1 standard output) is a terminal.
    public static func isTTY(_ fileDescriptor: Int32) -> Bool {
        TerminalDevice.isTerminal(fileDescriptor)
    }

    /// Columns of the terminal; 80 when output is not a terminal or its size is unknown.
    public static var width: Int {
        TerminalDevice.columns
    }

    /// The environment variables ``prefersColor(environment:isTTY:)`` reads.
    public static let environmentVariables = ["NO_COLOR", "TERM"]

    /// Whether output should be coloured.
    ///
    /// False when output is not a terminal, when `NO_COLOR` is set to a non-empty value
    /// (see no-color.org), or when `TERM` is unset, empty or `dumb`; true otherwise.
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - isTTY: Whether the output goes to a terminal.
    public static func prefersColor(environment: [String: String], isTTY: Bool) -> Bool {
        guard isTTY else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// Sets the character encoding from the environment, falling back to C.UTF-8 when that
    /// is not UTF-8.
    ///
    /// Call it before line editing: libedit drops non-ASCII input under a non-UTF-8 locale.
    /// Only `LC_CTYPE` changes, so number formatting and messages are unaffected.
    public static func configureLocale() {
        TerminalDevice.configureUTF8Locale()
    }

    /// Makes Ctrl-C set ``isInterruptRequested`` instead of ending the process.
    ///
    /// Blocking reads then return early, which the line readers report as
    /// ``LineInput/interrupted``. ``EditLineReader`` installs this itself.
    public static func installInterruptHandler() {
        ProcessSignals.installInterruptHandler()
    }

    /// Whether Ctrl-C was pressed since the flag was last cleared.
    public static var isInterruptRequested: Bool {
        ProcessSignals.isInterruptRequested
    }

    /// Clears ``isInterruptRequested``.
    public static func clearInterruptRequest() {
        ProcessSignals.clearInterruptRequest()
    }

    /// Makes SIGTERM and SIGHUP set ``isTerminationRequested`` instead of ending the process,
    /// so the REPL can save its history and exit.
    ///
    /// A line reader waiting for input then returns ``LineInput/endOfInput``.
    public static func installTerminationHandlers() {
        ProcessSignals.installTerminationHandlers()
    }

    /// Whether SIGTERM or SIGHUP arrived since the flag was last cleared.
    public static var isTerminationRequested: Bool {
        ProcessSignals.isTerminationRequested
    }

    /// The signal (SIGTERM or SIGHUP) that asked for termination, if any.
    public static var terminationSignal: Int32? {
        ProcessSignals.terminationSignal
    }

    /// Clears ``isTerminationRequested``.
    public static func clearTerminationRequest() {
        ProcessSignals.clearTerminationRequest()
    }

    /// Writes `text` through C's `stdout`, the stream Swift's `print` and libedit use, and
    /// flushes it, so the order of output is kept.
    static func writeAndFlush(_ text: String) {
        StandardStreams.write(text, to: .output)
        StandardStreams.flush(.output)
    }
}
