import ArgumentParser
import WayfinderSystem
import WayfinderTerminal

/// How the REPL runs when it is not a person's: `-c` commands, a script file (`-f`),
/// `--bail` and `--echo` (which apply to a piped session too).
///
/// A password that a command asks for is never taken from `-c` (a process listing shows it)
/// or from a script file: it is read from standard input, the next line of a pipe, or typed
/// without echo at a terminal (``ScriptLineReader``).
struct ReplScript {
    /// The `-c` commands, in order.
    let commands: [String]
    /// The `-f` file, `-` for standard input.
    let file: String?
    /// `--bail`: stop at the first failed command.
    let bail: Bool
    /// `--echo`: print each command before its output.
    let echo: Bool

    /// Where the commands come from.
    enum Source {
        /// Standard input: a person at a terminal, else a pipe or file read as a script.
        case standardInput
        /// `-f -`: standard input, read as a script even at a terminal.
        case standardInputScript
        /// `-c` commands.
        case commands([String])
        /// A script file's bytes, and its name as given.
        case file(bytes: [UInt8], name: String)
    }

    /// Where the commands come from; a script file is read whole, before anything is
    /// opened.
    /// - Throws: A ``ProgramFailure`` (exit 66) when the script file cannot be read.
    func source() throws(ProgramFailure) -> Source {
        if !commands.isEmpty { return .commands(commands) }
        guard let file else { return .standardInput }
        if file == "-" { return .standardInputScript }
        let shown = file.escapingControlCharacters
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(file)
        } catch {
            throw ProgramFailure("\(shown): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
        }
        guard let bytes else { throw ProgramFailure("\(shown): no such file", exitCode: ExitCodes.unreadableFile) }
        return .file(bytes: bytes, name: file)
    }

    /// What `--bail` says where it stopped: `stopped at line 3 ('like 99'): …`.
    static func message(for stop: ReplStop) -> String {
        let command = stop.command.map { "'\($0.escapingControlCharacters)'" } ?? "not valid UTF-8"
        let place = stop.location.map { "\($0.escapingControlCharacters) (\(command))" } ?? command
        return "stopped at \(place): it failed (--bail), and nothing after it was run"
    }
}

extension ReplScript.Source {
    /// The reader of these commands: libedit for a person at a terminal (with the history's
    /// `historyEntries`), else a ``ScriptLineReader``. A script's passwords are read from
    /// standard input: at a terminal without echo, else its next line.
    @MainActor
    func reader(historyEntries: [String]) -> any LineReader {
        switch self {
        case .standardInput:
            if Terminal.isTTY(0), let editLine = EditLineReader(programName: Program.current.name, historyEntries: historyEntries) { return editLine }
            return ScriptLineReader(lines: PlainLineReader(), origin: .standardInput)
        case .standardInputScript:
            // At a terminal, a password is still typed without echo.
            return ScriptLineReader(lines: PlainLineReader(), origin: .standardInput) { EditLineReader(programName: Program.current.name) }
        case .commands(let commands):
            return ScriptLineReader(commands: commands) { EditLineReader(programName: Program.current.name) ?? PlainLineReader() }
        case .file(let bytes, let name):
            return ScriptLineReader(lines: PlainLineReader(bytes: bytes), origin: .file(name: name)) {
                EditLineReader(programName: Program.current.name) ?? PlainLineReader()
            }
        }
    }
}
