/// The terminal the process runs in: whether a descriptor is one, its width, its echo and
/// the character encoding used to read it.
///
/// ```swift
/// if TerminalDevice.isTerminal(1) { width = TerminalDevice.columns }
/// ```
public enum TerminalDevice {
    /// Whether `fileDescriptor` (0 standard input, 1 standard output) is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        Platform.isTerminal(fileDescriptor)
    }

    /// Columns of the terminal on standard output (or input), 80 when neither is a terminal
    /// or its size is unknown.
    public static var columns: Int {
        Platform.terminalColumns(1) ?? Platform.terminalColumns(0) ?? 80
    }

    /// Takes the character encoding (`LC_CTYPE`) from the environment, and C.UTF-8 when that
    /// is not UTF-8. Number formatting and messages are left as they are.
    public static func configureUTF8Locale() {
        if Platform.setCharacterTypeLocale(""), isUTF8(Platform.characterEncodingName()) {
            return
        }
        _ = Platform.setCharacterTypeLocale("C.UTF-8")
    }

    private static func isUTF8(_ encoding: String?) -> Bool {
        guard let name = encoding?.lowercased() else { return false }
        return name == "utf-8" || name == "utf8"
    }

    /// Runs `body` with echo off on `fileDescriptor` (to read a password), restoring the
    /// previous settings afterwards. When the descriptor is not a terminal, `body` runs
    /// unchanged.
    public static func withEchoDisabled<T>(on fileDescriptor: Int32, _ body: () -> T) -> T {
        Platform.withEchoDisabled(on: fileDescriptor, body)
    }
}
