/// What the REPL needs from an app: a prompt, a screen to show, and a way to run a line.
@MainActor
public protocol ReplShell: AnyObject {
    /// The prompt for the next command (the sample app shows the current deep link).
    var prompt: String { get }

    /// When the next line is a secret (a password), its prompt; the line is then read
    /// without echo and never stored in history.
    var secretPrompt: String? { get }

    /// Shown once when a person starts the REPL at a terminal.
    func banner() -> StyledText

    /// The whole screen: header, active screen, its commands.
    func screen() async -> StyledText

    /// Runs one line the user typed.
    func execute(_ line: String) async -> ReplReply

    /// Ctrl-C or end of input during a multi-step input (a password prompt): drop it.
    func cancelInput()

    /// The end of input at the command prompt (Ctrl-D at a terminal, the end of a pipe or
    /// script): `nil` to end the session, or what to print instead when ending now would
    /// lose something (unsaved input). At a terminal the REPL then reads on; a session that
    /// is not interactive ends, failed when the reply is an error.
    func endOfInput(interactive: Bool) -> ReplReply?

    /// Ctrl-C or end of input at the secret prompt (``secretPrompt``): drop it.
    /// - Returns: What to print, saying what was cancelled (empty for nothing).
    func cancelSecretInput() -> StyledText

    /// Tab: whole words that can replace the last word of `text` (the text before the cursor).
    func completions(for text: String) -> [String]
}

extension ReplShell {
    /// Ends the session.
    public func endOfInput(interactive: Bool) -> ReplReply? { nil }

    /// Calls ``cancelInput()`` and prints nothing.
    public func cancelSecretInput() -> StyledText {
        cancelInput()
        return StyledText()
    }
}

/// What running one line gave: what a screen's command answers, and what the shell tells
/// the terminal.
public struct ReplReply: Hashable, Sendable {
    /// Text to print (to standard error when ``isError``).
    public var output: StyledText
    /// Whether the command failed.
    public var isError: Bool
    /// Whether the screen changed and should be shown again.
    public var showsScreen: Bool
    /// Whether the REPL should end.
    public var quits: Bool
    /// Whether the command failed because data could not be read or written (a full disk,
    /// permissions, damage, I/O): a piped session then ends with status 74 (EX_IOERR)
    /// rather than 1.
    public var isStorageError: Bool
    /// Whether the command failed because it was typed wrong: arguments its usage line does
    /// not allow (too many, too few, a value outside the closed set it takes). A piped
    /// session then ends with status 64 (EX_USAGE) rather than 1.
    public var isUsageError: Bool
    /// An error after a command that worked: what the command let happen next failed (a
    /// link kept for later, refused once signing in let it open). Printed to standard error
    /// after ``output``; the command counts as failed, as with ``isError``.
    public var trailingError: StyledText?
    /// Whether the failure is a deep link's: a link given to the program, refused (it names
    /// data that does not exist, say). A piped session then ends with status 65
    /// (EX_DATAERR) rather than 1, as the program does for a link it refuses at start.
    public var isLinkError: Bool

    /// Creates a reply.
    public init(
        output: StyledText = StyledText(), isError: Bool = false, showsScreen: Bool = false, quits: Bool = false,
        isStorageError: Bool = false, isUsageError: Bool = false, trailingError: StyledText? = nil, isLinkError: Bool = false
    ) {
        self.output = output
        self.isError = isError
        self.showsScreen = showsScreen
        self.quits = quits
        self.isStorageError = isStorageError
        self.isUsageError = isUsageError
        self.trailingError = trailingError
        self.isLinkError = isLinkError
    }

    /// A command that worked: its message, if any, printed as a success; the screen is
    /// shown again.
    public static func done(_ message: String?) -> ReplReply {
        ReplReply(output: message.map { .line($0, .success) } ?? StyledText(), showsScreen: true)
    }

    /// A command that failed: `error: ` and its message, printed as an error; nothing was
    /// changed, so the screen is not shown again.
    public static func failed(_ message: String) -> ReplReply {
        ReplReply(output: .line("error: \(message)", .error), isError: true)
    }

    /// A command typed with arguments it does not take: failed as ``failed(_:)``, and a
    /// usage error (``isUsageError``).
    public static func usageFailed(_ message: String) -> ReplReply {
        var reply = failed(message)
        reply.isUsageError = true
        return reply
    }
}
