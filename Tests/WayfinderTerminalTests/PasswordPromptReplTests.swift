import Testing
@testable import WayfinderTerminal

/// The end of input at a password prompt: on a terminal (Ctrl-D) it cancels only the prompt
/// and reading goes on; on a pipe it ends the session as a failed command.
@MainActor
@Suite struct PasswordPromptReplTests {
    @Test func ctrlDAtAPasswordPromptCancelsItAndReadingGoesOn() async {
        let shell = PromptingShell()
        shell.secretPrompt = "Password for bob: "
        let output = Output()
        let reader = Reader(interactive: true, [.endOfInput, .line("where"), .endOfInput])
        let status = await Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output).run()
        #expect(status == 0)
        #expect(shell.cancelled == 1)
        #expect(shell.executed == ["where"], "the REPL read on after the cancelled prompt")
        #expect(reader.reads == [true, false, false], "every input was read, the last at the normal prompt")
        #expect(output.text.contains("\nSign-in cancelled.\n"), "\(output.text)")
        #expect(output.errors.isEmpty, "\(output.errors)")
    }

    @Test func theEndOfPipedInputAtAPasswordPromptIsAFailure() async {
        let shell = PromptingShell()
        shell.secretPrompt = "Password for bob: "
        let output = Output()
        let reader = Reader(interactive: false, [.endOfInput, .line("where")])
        let status = await Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output).run()
        #expect(status == 1)
        #expect(shell.cancelled == 1)
        #expect(shell.executed.isEmpty, "nothing is read after the end of input")
        #expect(output.errors == "error: the input ended at the password prompt\nSign-in cancelled.\n")
        #expect(output.text.isEmpty, "\(output.text)")
    }

    @Test func theEndOfInputAtTheNormalPromptStillEndsTheSession() async {
        let shell = PromptingShell()
        let output = Output()
        let reader = Reader(interactive: true, [.endOfInput, .line("where")])
        let status = await Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output).run()
        #expect(status == 0)
        #expect(shell.cancelled == 0)
        #expect(shell.executed.isEmpty)
    }
}

/// A shell whose password prompt ends at the first line or cancellation.
@MainActor
private final class PromptingShell: ReplShell {
    var executed: [String] = []
    var cancelled = 0
    var prompt: String { "> " }
    var secretPrompt: String?
    func banner() -> StyledText { StyledText() }
    func screen() async -> StyledText { StyledText() }
    func execute(_ line: String) async -> ReplReply {
        executed.append(line)
        secretPrompt = nil
        return ReplReply()
    }
    func cancelInput() { _ = cancelSecretInput() }
    func cancelSecretInput() -> StyledText {
        cancelled += 1
        secretPrompt = nil
        return .line("Sign-in cancelled.")
    }
    func completions(for text: String) -> [String] { [] }
}

/// Fixed inputs, as from a terminal or a pipe.
@MainActor
private final class Reader: LineReader {
    private var inputs: [LineInput]
    /// Whether each read was for a secret.
    var reads: [Bool] = []
    let isInteractive: Bool
    var completer: (@MainActor (String) -> [String])?
    init(interactive: Bool, _ inputs: [LineInput]) {
        isInteractive = interactive
        self.inputs = inputs
    }
    func readLine(prompt: String, secret: Bool) -> LineInput {
        reads.append(secret)
        return inputs.isEmpty ? .endOfInput : inputs.removeFirst()
    }
    func addToHistory(_ line: String) {}
}

private final class Output: TextOutput {
    var text = ""
    var errors = ""
    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) { errors += text }
}
