/// Reads the lines of a script: the `-c` commands, a file (`-f FILE`) or standard input (a
/// pipe, `-f -`), numbered for messages (``lastLineLocation``). Never interactive.
///
/// A secret line (a password) never comes from a `-c` or a script file, which a process
/// listing or a shared file would show: it is read from standard input, through the reader
/// `secrets` makes when the first one is asked for (at a terminal, one that reads without
/// echo). When `secrets` gives none, the script's own next line is the secret, as in a piped
/// session.
///
/// ```swift
/// let reader = ScriptLineReader(commands: ["login alice", "like 42"]) {
///     EditLineReader() ?? PlainLineReader()
/// }
/// ```
@MainActor
public final class ScriptLineReader: LineReader {
    /// Where the lines come from, which names them in messages.
    public enum Origin: Hashable, Sendable {
        /// `-c` arguments, named `-c N`.
        case commandArguments
        /// A file, named `line N of NAME`.
        case file(name: String)
        /// Standard input, named `line N`.
        case standardInput
    }

    private let lines: PlainLineReader
    private let origin: Origin
    private var makeSecretReader: (@MainActor () -> (any LineReader)?)?
    private var secretReader: (any LineReader)?
    /// The number of the line last read from `lines`, from 1.
    private var lineNumber = 0

    /// Whether a secret line is read from standard input rather than from the script (a
    /// `-c` or a file): where one is missing, messages say so.
    public let readsSecretsFromStandardInput: Bool

    /// Always false: a script has no one to prompt (a password may still be asked for at a
    /// terminal, by the reader `secrets` makes).
    public var isInteractive: Bool { false }

    /// Never asked: a script has no Tab key.
    public var completer: (@MainActor (String) -> [String])?

    /// Creates a reader of `lines`.
    /// - Parameters:
    ///   - lines: The script.
    ///   - origin: What the lines are, for ``lastLineLocation``.
    ///   - secrets: Makes, when the first secret line is asked for, the reader it is read
    ///     from; nil (or a nil reader) reads it from `lines`.
    public init(lines: PlainLineReader, origin: Origin, secrets: (@MainActor () -> (any LineReader)?)? = nil) {
        self.lines = lines
        self.origin = origin
        makeSecretReader = secrets
        readsSecretsFromStandardInput = secrets != nil && origin != .standardInput
    }

    /// Creates a reader of `-c` commands, one line each (none may hold a line break).
    public convenience init(commands: [String], secrets: (@MainActor () -> (any LineReader)?)?) {
        let bytes = commands.flatMap { Array($0.utf8) + [UInt8(ascii: "\n")] }
        self.init(lines: PlainLineReader(bytes: bytes), origin: .commandArguments, secrets: secrets)
    }

    /// Reads the next line of the script, or, when `secret`, the next secret line (with
    /// `prompt` at a terminal).
    public func readLine(prompt: String, secret: Bool) -> LineInput {
        if secret, let secrets = secretSource() {
            return secrets.readLine(prompt: prompt, secret: true)
        }
        let input = lines.readLine(prompt: prompt, secret: secret)
        switch input {
        case .line, .invalidUTF8, .tooLong: lineNumber += 1
        case .interrupted, .endOfInput: break
        }
        return input
    }

    /// Whether the script's next line is already there.
    public var hasQueuedLine: Bool { lines.hasQueuedLine }

    /// `-c N`, `line N of NAME` or `line N`: the script's line last read (a secret read
    /// from elsewhere leaves it unchanged); nil before the first.
    public var lastLineLocation: String? {
        guard lineNumber > 0 else { return nil }
        switch origin {
        case .commandArguments: return "-c \(lineNumber)"
        case .file(let name): return "line \(lineNumber) of \(name)"
        case .standardInput: return "line \(lineNumber)"
        }
    }

    /// `FILE:LINE` for a script file's line.
    public var lastLineFilePosition: String? {
        guard lineNumber > 0, case .file(let name) = origin else { return nil }
        return "\(name):\(lineNumber)"
    }

    /// Does nothing: a script has no history.
    public func addToHistory(_ line: String) {}

    private func secretSource() -> (any LineReader)? {
        if let make = makeSecretReader {
            secretReader = make()
            makeSecretReader = nil
        }
        return secretReader
    }
}
