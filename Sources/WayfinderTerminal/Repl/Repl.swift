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
/// a storage error (``ReplReply/isStorageError``), and 1 otherwise.
///
/// Ctrl-D at a password prompt cancels that prompt only (the shell says what was cancelled)
/// and the next prompt follows; in a piped session the end of input there ends the session
/// as a failed command, the cancellation on standard error.
///
/// A line that is not valid UTF-8 (``LineInput/invalidUTF8(position:)``) is refused whole:
/// one error line (`error: line is not valid UTF-8 (byte N)`), nothing run, the state (and a
/// password prompt) left as it was; in a piped session it counts as a failed command.
@MainActor
public final class Repl {
    private let shell: any ReplShell
    private let reader: any LineReader
    private let recordHistory: ((String) throws -> Bool)?
    private let renderer: TextRenderer
    private let output: any TextOutput
    private var warnedAboutHistory = false
    /// Checked before each line; the loop ends when it returns true (SIGTERM, SIGHUP).
    public var shouldStop: () -> Bool = { false }
    /// Called before each line is read and after each command (before its reply is
    /// printed, so that what the reply shows is already saved); the argument tells whether
    /// the next line is already queued (``LineReader/hasQueuedLine``), when the caller may
    /// put its work off: it is called again before the REPL waits for input.
    public var checkpoint: (_ lineQueued: Bool) -> Void = { _ in }

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

    /// Runs until `quit`, end of input, or ``shouldStop``.
    /// - Returns: The exit status: 0; in a piped session 74 when a command failed on a
    ///   storage error, else 1 when one failed.
    public func run() async -> Int32 {
        let interactive = reader.isInteractive
        var failed = false
        var failedOnStorage = false
        /// `quit`, Ctrl-D and end of input alike: only a piped session reports failed commands.
        var exitStatus: Int32 { interactive ? 0 : (failedOnStorage ? 74 : (failed ? 1 : 0)) }
        if interactive {
            output.write(renderer.render(shell.banner()))
            output.write(renderer.render(await shell.screen()))
        }
        while !shouldStop() {
            checkpoint(reader.hasQueuedLine)
            let secretPrompt = shell.secretPrompt
            // A program talking to the REPL through pipes sees each reply before it writes more.
            output.flush()
            // A piped session shows no prompt: it is not made.
            let prompt = secretPrompt ?? (interactive ? shell.prompt : "")
            let input = reader.readLine(prompt: prompt, secret: secretPrompt != nil)
            switch input {
            case .endOfInput:
                if interactive { output.write("\n") }
                guard secretPrompt != nil else { return exitStatus }
                if cancelSecretPromptAtEndOfInput(interactive: interactive) { continue }
                failed = true
                return exitStatus
            case .interrupted:
                if secretPrompt != nil {
                    output.write(renderer.render(shell.cancelSecretInput()))
                } else {
                    shell.cancelInput()
                }
                continue
            case .invalidUTF8(let position):
                output.writeError(renderer.render(.line("error: line is not valid UTF-8 (byte \(position))", .error)))
                failed = true
                continue
            case .line(let line):
                if secretPrompt == nil {
                    let trimmed = line.trimmingWhitespace
                    if trimmed.isEmpty || (!interactive && trimmed.hasPrefix("#")) { continue }
                    remember(trimmed)
                }
                let reply = await shell.execute(line)
                checkpoint(reader.hasQueuedLine)
                if !reply.output.isEmpty {
                    let text = renderer.render(reply.output)
                    if reply.isError { output.writeError(text) } else { output.write(text) }
                }
                if reply.isError { failed = true }
                if reply.isError, reply.isStorageError { failedOnStorage = true }
                if reply.showsScreen {
                    output.write(renderer.render(await shell.screen()))
                }
                if reply.quits { return exitStatus }
            }
        }
        return exitStatus
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
        output.writeError(renderer.render(.line("error: the input ended at the password prompt", .error)))
        output.writeError(renderer.render(shell.cancelSecretInput()))
        return false
    }

    private func remember(_ line: String) {
        guard reader.isInteractive, let recordHistory else { return }
        do {
            if try recordHistory(line) { reader.addToHistory(line) }
        } catch {
            reader.addToHistory(line)
            if !warnedAboutHistory {
                output.writeError(renderer.render(.line("warning: history not saved: \(error)", .dim)))
                warnedAboutHistory = true
            }
        }
    }
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
