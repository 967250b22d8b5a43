/// What reading one line gave.
public enum LineInput: Hashable, Sendable {
    /// A line, without its line break.
    case line(String)
    /// A line whose bytes are not valid UTF-8 (see ``UTF8Validation``): refused whole, never
    /// repaired, so nothing of it may run. `position` is the first bad byte's, from 1.
    case invalidUTF8(position: Int)
    /// A line longer than `LineLimit.bytes`: refused whole, nothing of it run; `bytes` is
    /// its length, `start` its first bytes as a message quotes them (`LineLimit.quotedStart(_:)`).
    case tooLong(bytes: Int, start: String)
    /// Ctrl-C: the half-typed line was dropped.
    case interrupted
    /// Ctrl-D on an empty line (at a secret prompt, whatever was typed), or the end of piped
    /// input.
    case endOfInput
}

/// Where the REPL reads its lines from: libedit on a terminal (``EditLineReader``), plain
/// reads from a pipe or file (``PlainLineReader``), or a script in tests.
@MainActor
public protocol LineReader: AnyObject {
    /// Whether the reader talks to a person at a terminal (prompts, editing, colour).
    var isInteractive: Bool { get }

    /// Reads one line.
    /// - Parameters:
    ///   - prompt: Shown before the line on a terminal; never written to a pipe.
    ///   - secret: Read without echo (a password) and never added to history.
    func readLine(prompt: String, secret: Bool) -> LineInput

    /// Adds `line` to the editing history (Up and Down recall it).
    func addToHistory(_ line: String)

    /// Asked on Tab with the text before the cursor; returns whole words that can replace
    /// the last (partial) word of that text.
    var completer: (@MainActor (String) -> [String])? { get set }

    /// Whether a whole line is already waiting, so that ``readLine(prompt:secret:)`` will
    /// not wait for input (a pipe that was written ahead): callers may put off work that
    /// must be done before waiting, such as saving.
    var hasQueuedLine: Bool { get }

    /// Where the line last read came from, for messages about it (`line 3`, `-c 2`); nil
    /// when the reader does not count its lines.
    var lastLineLocation: String? { get }

    /// `FILE:LINE` of the line last read, when it came from a script file: what starts an
    /// error about it, as a compiler's or psql's do (`setup.wf:3: error: …`); nil otherwise.
    var lastLineFilePosition: String? { get }
}

extension LineReader {
    /// False: a reader that cannot tell is taken to wait at every line.
    public var hasQueuedLine: Bool { false }

    /// Nil: lines are not counted.
    public var lastLineLocation: String? { nil }

    /// Nil: lines are not read from a file.
    public var lastLineFilePosition: String? { nil }
}
