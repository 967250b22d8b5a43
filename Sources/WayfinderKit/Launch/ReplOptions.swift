import ArgumentParser
import WayfinderSystem
import WayfinderTerminal

/// The options of a program's REPL, as every app on the kit takes them:
/// `[URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh] [--data-dir <dir>]`.
///
/// ```swift
/// struct Repl: ParsableCommand {
///     @OptionGroup var repl: ReplOptions
/// }
/// ```
public struct ReplOptions: ParsableArguments {
    /// Deep links to open first, in order.
    @Argument(help: "Deep links to open first, in order (the saved navigation is then not restored).")
    public var links: [String] = []

    /// `-c`: commands to run, then exit.
    @Option(name: [.customShort("c"), .customLong("command")], help: ArgumentHelp(
        "Run this REPL command, then exit (repeatable: the commands run in order).", valueName: "command"))
    public var commands: [String] = []

    /// `-f`: a script file, `-` for standard input.
    @Option(name: [.customShort("f"), .customLong("file")], help: ArgumentHelp(
        "Run the commands in this file, one a line (- for standard input), then exit.", valueName: "file"), completion: .file())
    public var files: [String] = []

    /// `--bail`: stop at the first command that fails.
    @Flag(name: .long, help: "Stop at the first command that fails, exiting with its status (with -c, -f or piped).")
    public var bail = false

    /// `--echo`: print each command before its output.
    @Flag(name: .long, help: "Print each command, after the prompt, before its output (with -c, -f or piped; never a password).")
    public var echo = false

    /// `--fresh`: do not restore the saved navigation.
    @Flag(name: .long, help: "Start from the first screen instead of the saved navigation.")
    public var fresh = false

    /// `--data-dir`.
    @OptionGroup public var data: DataOptions

    /// No links, no commands.
    public init() {}

    /// `-f` once, not with `-c`; no line break inside a `-c` command.
    public func validate() throws {
        if files.count > 1 { throw ValidationError("give -f once (one script file)") }
        if !files.isEmpty, !commands.isEmpty {
            throw ValidationError("-c and -f cannot be combined: put the commands in the file, or give each with -c")
        }
        if let index = commands.firstIndex(where: { $0.contains("\n") }) {
            throw ValidationError("-c \(index + 1) holds a line break: give each command its own -c")
        }
    }

    /// How the commands are run when they are not a person's.
    var script: ReplScript {
        ReplScript(commands: commands, file: files.first, bail: bail, echo: echo)
    }
}

/// `--data-dir`: where the program keeps its files (``Program/dataDirectory(explicit:environment:)``).
public struct DataOptions: ParsableArguments {
    /// The directory given, if any.
    @Option(name: .long, help: ArgumentHelp(
        "The data directory (default: $\(Program.current.homeVariable), else $XDG_DATA_HOME/\(Program.current.name), else ~/.local/share/\(Program.current.name)).",
        valueName: "dir"
    ), completion: .directory)
    public var dataDir: String?

    /// None given.
    public init() {}

    /// The directory `--data-dir` names, else the default (``Program/current``).
    ///
    /// A directory named by `--data-dir` or the home variable may be missing (it is created
    /// when first used), but not its parent: a mistyped path is refused instead of creating
    /// every directory it names. The default's parents are created as needed.
    /// - Throws: A ``ProgramFailure``: exit 64 for an empty `--data-dir` or home variable,
    ///   or a default named by a variable that is not UTF-8 (never a silent fallback to the
    ///   default); 74 for no directory at all, or a named one whose parent is missing.
    public func directory(environment: ProcessEnvironment) throws(ProgramFailure) -> String {
        let program = Program.current
        if dataDir == nil {
            try environment.refuseInvalid { try? program.dataDirectory(explicit: nil, environment: $0) }  // Only asks which variable the path comes from; the choice itself is made below.
        }
        let directory: String
        do {
            directory = try program.dataDirectory(explicit: dataDir, environment: environment.values)
        } catch {
            throw ProgramFailure(error.description.escapingControlCharacters, exitCode: error.isUsageError ? ExitCodes.usage : ExitCodes.cannotOpenData)
        }
        let namedBy = dataDir != nil ? "--data-dir" : (environment.values[program.homeVariable] != nil ? program.homeVariable : nil)
        if let namedBy {
            try Self.refuseMissingParent(of: directory, namedBy: namedBy)
        }
        return directory
    }

    /// Refuses `directory` (exit 74) when it is missing and so is its parent.
    private static func refuseMissingParent(of directory: String, namedBy source: String) throws(ProgramFailure) {
        let parent = FileSystem.parentDirectory(of: directory)
        do {
            guard try FileSystem.kind(of: directory) == nil, try FileSystem.kind(of: parent) == nil else { return }
        } catch {
            throw ProgramFailure("cannot use the data directory: \(error)", exitCode: ExitCodes.cannotOpenData)
        }
        throw ProgramFailure(
            "the data directory \(directory.escapingControlCharacters) (\(source)) cannot be created: \(parent.escapingControlCharacters) does not exist; create it first, or check \(source)",
            exitCode: ExitCodes.cannotOpenData)
    }
}
