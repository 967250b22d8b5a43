import WayfinderSystem

/// Where the REPL writes: standard output and standard error, or buffers in tests.
public protocol TextOutput: AnyObject {
    /// Writes `text` to standard output.
    func write(_ text: String)
    /// Writes `text` to standard error.
    func writeError(_ text: String)
    /// Makes everything written so far visible (before the REPL waits for input).
    func flush()
}

extension TextOutput {
    public func flush() {}
}

/// The read-eval-print loop: reads lines through a ``LineReader``, runs them through a
/// ``ReplShell``, prints replies and the screen, keeps the history file.
///
/// On a terminal it shows a banner, the screen and a prompt. On a pipe it shows no banner
/// and no prompt; lines that are blank or start with `#` are skipped; errors go to
/// standard error; ``run()`` returns 0 when every command succeeded, 74 when one failed on
/// a storage error (``ReplReply/isStorageError``), else 64 when one was typed with arguments
/// it does not take (``ReplReply/isUsageError``), and 1 otherwise.
///
/// Ctrl-D or the end of input at the command prompt ends the session unless the shell says
/// why not (``ReplShell/endOfInput(interactive:)``: unsaved input): at a terminal that is
/// printed and the next prompt follows; a piped session prints it and ends all the same,
/// failed when it is an error.
///
/// Ctrl-D at a password prompt cancels that prompt only (the shell says what was cancelled)
/// and the next prompt follows; in a piped session the end of input there ends the session
/// as a failed command, the cancellation on standard error.
///
/// A line that is not valid UTF-8 (``LineInput/invalidUTF8(position:)``) is refused whole:
/// one error line (`error: line is not valid UTF-8 (byte N)`), nothing run, the state (and a
/// password prompt) left as it was; in a piped session it counts as a failed command.
///
/// A session that is not interactive (a pipe, or a ``ScriptLineReader``) may print each
/// command before its output (``echoesCommands``) and stop at the first failed command
/// (``stopsAtFirstFailure``). Ctrl-C at its password prompt ends it as a failed command.
@MainActor
public final class Repl {
    private let shell: any ReplShell
    private let reader: any LineReader
    private let recordHistory: ((String) throws -> Bool)?
    private let renderer: TextRenderer
    private let output: any TextOutput
    private var warnedAboutHistory = false
    private var failed = false
    private var failedOnStorage = false
    private var failedOnUsage = false
    private var failedOnLink = false
    /// The last line read that was not a password: where a failure is said to be.
    private var lastCommand: ReplStop?
    /// Checked before each line; the loop ends when it returns true (SIGTERM, SIGHUP).
    public var shouldStop: () -> Bool = { false }
    /// Called before each line is read and after each command (before its reply is
    /// printed, so that what the reply shows is already saved); the argument tells whether
    /// the next line is already queued (``LineReader/hasQueuedLine``), when the caller may
    /// put its work off: it is called again before the REPL waits for input.
    public var checkpoint: (_ lineQueued: Bool) -> Void = { _ in }
    /// When the session is not interactive, prints each command before its output, as a
    /// terminal shows it: the prompt (the deep link of the screen it runs on), then the
    /// line. Password lines are never printed.
    public var echoesCommands = false
    /// When the session is not interactive, the first failed command ends it (``stop``
    /// says which): `--bail`.
    public var stopsAtFirstFailure = false
    /// The failed command that ended the session (``stopsAtFirstFailure``); nil when none did.
    public private(set) var stop: ReplStop?
    /// The program's name (`wayfinder`). When set, each line a session that is not
    /// interactive writes to standard error begins with it, as the program's own messages
    /// do (`wayfinder: error: unknown command 'fly' here…`), so that a script's caller can
    /// tell whose it is. At a terminal the REPL's messages are its own and need no name.
    public var programName: String?

    /// Creates a REPL.
    /// - Parameters:
    ///   - shell: The app.
    ///   - reader: Where lines come from.
    ///   - recordHistory: Stores an accepted line in the history file (interactive sessions only);
    ///     returns whether the line was new, so that Up can recall it.
    ///   - renderer: How styled text is written.
    ///   - output: Where it is written.
    public init(shell: any ReplShell, reader: any LineReader, recordHistory: ((String) throws -> Bool)?, renderer: TextRenderer, output: any TextOutput) {
        self.shell = shell
        self.reader = reader
        self.recordHistory = recordHistory
        self.renderer = renderer
        self.output = output
        reader.completer = { [weak shell] text in shell?.completions(for: text) ?? [] }
    }

    /// Runs until `quit`, end of input, or ``shouldStop`` (or, with ``stopsAtFirstFailure``,
    /// a failed command).
    /// - Returns: The exit status: 0; in a piped session 74 when a command failed on a
    ///   storage error, else 64 when one was a usage error, else 1 when one failed.
    public func run() async -> Int32 {
        let interactive = reader.isInteractive
        if interactive {
            output.write(renderer.render(shell.banner()))
            output.write(renderer.render(await shell.screen()))
        }
        while !shouldStop() {
            let secretPrompt = shell.secretPrompt
            // A script's password may be waited for elsewhere (standard input, while the
            // script's next line is queued): what is done so far is saved first.
            checkpoint(secretPrompt == nil && reader.hasQueuedLine)
            // A program talking to the REPL through pipes sees each reply before it writes more.
            output.flush()
            // A piped session shows no prompt: it is not made.
            let prompt = secretPrompt ?? (interactive ? shell.prompt : "")
            switch reader.readLine(prompt: prompt, secret: secretPrompt != nil) {
            case .endOfInput:
                if interactive { output.write("\n") }
                guard secretPrompt != nil else {
                    // A script cannot answer a refusal: it ends all the same.
                    if endRefused(), interactive { continue }
                    return exitStatus
                }
                if cancelSecretPromptAtEndOfInput(interactive: interactive) { continue }
                noteFailure()
                return exitStatus
            case .interrupted:
                if secretPrompt != nil {
                    output.write(renderer.render(shell.cancelSecretInput()))
                    // A script's sign-in that did not happen: what follows must not run
                    // as whoever is still signed in.
                    if !interactive {
                        noteFailure()
                        return exitStatus
                    }
                } else {
                    shell.cancelInput()
                }
            case .invalidUTF8(let position):
                if refuseLine("is not valid UTF-8 (byte \(position))", secret: secretPrompt != nil) { return exitStatus }
            case .tooLong(let count, let start):
                // A secret is never quoted, not even its start.
                let quoted = secretPrompt == nil ? "; it began '\(start)'" : ""
                if refuseLine("is \(count) bytes long, over the limit of \(LineLimit.bytes): nothing of it was run\(quoted)", secret: secretPrompt != nil) {
                    return exitStatus
                }
            case .line(let line):
                if await runLine(line, secret: secretPrompt != nil) || stop != nil { return exitStatus }
            }
        }
        return exitStatus
    }

    /// Refuses the line just read for `why` (`error: line …`), a failed command.
    /// - Returns: Whether the session stops there (`--bail`).
    private func refuseLine(_ why: String, secret: Bool) -> Bool {
        if !secret { lastCommand = ReplStop(location: reader.lastLineLocation, command: nil) }
        writeError(.line("error: line \(why)", .error), at: reader.lastLineFilePosition)
        noteFailure()
        return stop != nil
    }

    /// `quit`, Ctrl-D and end of input alike: only a piped session reports failed commands.
    private var exitStatus: Int32 {
        guard !reader.isInteractive, failed else { return 0 }
        // What most needs fixing first: data not written, then the script itself.
        return failedOnStorage ? 74 : (failedOnUsage ? 64 : (failedOnLink ? 65 : 1))
    }

    /// Runs one line read (a password when `secret`): echoes it when asked, prints its reply
    /// and the screen, notes a failure.
    /// - Returns: Whether the line ends the session (`quit`).
    private func runLine(_ line: String, secret: Bool) async -> Bool {
        let interactive = reader.isInteractive
        if !secret {
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty || (!interactive && trimmed.hasPrefix("#")) { return false }
            remember(trimmed)
            lastCommand = ReplStop(location: reader.lastLineLocation, command: trimmed)
            if echoesCommands, !interactive { output.write(renderer.render(.line(shell.prompt + trimmed, .dim))) }
        }
        let reply = await shell.execute(line)
        checkpoint(reader.hasQueuedLine)
        if !reply.output.isEmpty {
            if reply.isError {
                writeError(reply.output, at: reader.lastLineFilePosition)
            } else {
                output.write(renderer.render(reply.output))
            }
        }
        if let trailing = reply.trailingError { writeError(trailing, at: reader.lastLineFilePosition) }
        if reply.isError || reply.trailingError != nil {
            noteFailure(onStorage: reply.isStorageError, onUsage: reply.isUsageError, onLink: reply.isLinkError)
        }
        if reply.showsScreen {
            output.write(renderer.render(await shell.screen()))
        }
        return reply.quits
    }

    /// Counts a failed command; with ``stopsAtFirstFailure`` (and no one at a terminal),
    /// the session stops at it: at the command a password was asked for, when the password
    /// line failed.
    private func noteFailure(onStorage: Bool = false, onUsage: Bool = false, onLink: Bool = false) {
        failed = true
        if onStorage { failedOnStorage = true }
        if onUsage { failedOnUsage = true }
        if onLink { failedOnLink = true }
        guard stopsAtFirstFailure, !reader.isInteractive, stop == nil else { return }
        stop = lastCommand ?? ReplStop(location: reader.lastLineLocation, command: nil)
    }

    /// Asks the shell whether the end of input at the command prompt may end the session
    /// (``ReplShell/endOfInput(interactive:)``), and prints what it says otherwise.
    /// - Returns: Whether the shell refused to end.
    private func endRefused() -> Bool {
        guard let reply = shell.endOfInput(interactive: reader.isInteractive) else { return false }
        if !reply.output.isEmpty {
            if reply.isError { writeError(reply.output) } else { output.write(renderer.render(reply.output)) }
        }
        // A failure, but not a stop for `--bail` to report: no command of the script failed.
        if reply.isError { failed = true }
        return true
    }

    /// Drops the password prompt at the end of input. On a terminal that is Ctrl-D, which
    /// cancels only the prompt (SIGTERM and SIGHUP still end the loop). A pipe that ends there
    /// has nothing more to read, and the command it began (a sign-in, an account) did not
    /// happen: a failure, said on standard error.
    /// - Returns: Whether to read on.
    private func cancelSecretPromptAtEndOfInput(interactive: Bool) -> Bool {
        guard !interactive else {
            output.write(renderer.render(shell.cancelSecretInput()))
            return true
        }
        let message = (reader as? ScriptLineReader)?.readsSecretsFromStandardInput == true
            ? "error: standard input ended before the password (a script's passwords are read from standard input, never from -c or its file)"
            : "error: the input ended at the password prompt"
        writeError(.line(message, .error))
        writeError(shell.cancelSecretInput())
        return false
    }

    /// Writes `text` to standard error, each line after ``programName`` in a session that is
    /// not interactive. An error read from a script file names its place after the word
    /// `error:`, so that every error begins the same way: `error: setup.wf:3: …`.
    private func writeError(_ text: StyledText, at position: String? = nil) {
        var lines = text.lines
        if let position, let first = lines.first?.first {
            let word = first.text.hasPrefix(Self.errorWord) ? Self.errorWord : ""
            lines[0][0] = TextSpan(word + "\(position): " + first.text.dropFirst(word.count), first.style)
        }
        if let programName, !reader.isInteractive {
            lines = lines.map { line in [TextSpan("\(programName): ", line.first?.style ?? .plain)] + line }
        }
        output.writeError(renderer.render(StyledText(lines: lines)))
    }

    private static let errorWord = "error: "

    private func remember(_ line: String) {
        guard reader.isInteractive, let recordHistory else { return }
        do {
            if try recordHistory(line) { reader.addToHistory(line) }
        } catch {
            reader.addToHistory(line)
            if !warnedAboutHistory {
                writeError(.line("warning: history not saved: \(error)", .dim))
                warnedAboutHistory = true
            }
        }
    }
}

/// A failed command that ended a session run with ``Repl/stopsAtFirstFailure``.
public struct ReplStop: Hashable, Sendable {
    /// Where its line was read (``LineReader/lastLineLocation``: `line 3`, `-c 2`), if known.
    public let location: String?
    /// The line, trimmed; nil when it was not valid UTF-8. When a password line failed, the
    /// command that asked for it (never the password).
    public let command: String?
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
