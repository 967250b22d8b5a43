import ArgumentParser
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderSystem
import WayfinderTerminal

/// `wayfinder [URL…]`: the REPL, at a terminal, or running commands from `-c`, a file
/// (`-f`) or a pipe.
struct ReplCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Start the REPL (the default), after opening the links given or restoring the last session.",
        usage: "wayfinder [URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh] [--data-dir <dir>]",
        discussion: """
            On a terminal: line editing, Tab completion, history in \
            $XDG_STATE_HOME/wayfinder/history. With -c or -f, or piped: no banner and no \
            prompt; blank lines and lines starting with # are skipped; errors on stderr; exit \
            0 when every command succeeded, 74 when one failed because data could not be \
            read or written (a full disk…), else 64 when one was given arguments it does \
            not take (refused with its usage line), else 1 (with --bail, the status of the \
            first that failed, where it stops). A password that a command asks for (login, \
            create) is never taken from -c or a file: it is the next line of standard input \
            (typed without echo at a terminal); --echo never prints it. The navigation is \
            saved as it changes (after each command) and restored on the next start.
            """
    )

    @Argument(help: "Deep links to open first, in order (the saved navigation is then not restored).")
    var links: [String] = []

    @Option(name: [.customShort("c"), .customLong("command")], help: ArgumentHelp(
        "Run this REPL command, then exit (repeatable: the commands run in order).", valueName: "command"))
    var commands: [String] = []

    @Option(name: [.customShort("f"), .customLong("file")], help: ArgumentHelp(
        "Run the commands in this file, one a line (- for standard input), then exit.", valueName: "file"))
    var files: [String] = []

    @Flag(name: .long, help: "Stop at the first command that fails, exiting with its status (with -c, -f or piped).")
    var bail = false

    @Flag(name: .long, help: "Print each command, after the prompt, before its output (with -c, -f or piped; never a password).")
    var echo = false

    @Flag(name: .long, help: "Start from the first screen instead of the saved navigation.")
    var fresh = false

    @OptionGroup var data: DataOptions

    func validate() throws {
        try Self.validateLinks(links)
        if files.count > 1 { throw ValidationError("give -f once (one script file)") }
        if !files.isEmpty, !commands.isEmpty {
            throw ValidationError("-c and -f cannot be combined: put the commands in the file, or give each with -c")
        }
        if let index = commands.firstIndex(where: { $0.contains("\n") }) {
            throw ValidationError("-c \(index + 1) holds a line break: give each command its own -c")
        }
    }

    /// An argument that is neither a subcommand nor a link (`wayfinder rotues check`) is a
    /// usage error, with the nearest subcommand as a suggestion. A subcommand reaches here
    /// only after an option (`wayfinder --data-dir D open …`): it must come first. (The
    /// values of `-c` and `-f` are the options', never taken for links.)
    private static func validateLinks(_ links: [String]) throws {
        // (Arguments that are not UTF-8 stand here as placeholders holding NUL: they are
        // refused as links that are not UTF-8, exit 65.)
        guard let word = links.first(where: { !$0.contains("://") && !$0.contains("\u{0}") }) else { return }
        let names = WayfinderCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        if names.contains(word) {
            throw ValidationError("'\(word)' is a command: write it first, then its options ('wayfinder \(word) --help' lists them)")
        }
        let shown = word.escapingControlCharacters
        let hint = Wayfinder.closestName(to: word, among: names).map { "; did you mean '\($0)'?" }
            ?? " (a link has the form wayfinder://FLOW/…; commands: \(names.joined(separator: ", ")))"
        throw ValidationError("'\(shown)' is neither a command nor a link\(hint)")
    }

    @MainActor func runOnMainActor() async throws {
        let script = ReplScript(commands: commands, file: files.first, bail: bail, echo: echo)
        let status = try await Self.runRepl(links: links, fresh: fresh, directory: try data.directory(), script: script)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    static func runRepl(links: [String], fresh: Bool, directory: DataDirectory, script: ReplScript) async throws -> Int32 {
        let links = try RawArguments.current.appLinks(links)
        let source = try script.source()
        try AppLaunch.processEnvironment.refuseInvalid(in: HistoryStore.defaultPath(environment:))
        Terminal.configureLocale()
        Terminal.installTerminationHandlers()
        let app = try await AppLaunch.makeApp(opening: links, fresh: fresh, directory: directory)
        let shell = AppShell(app: app)
        let environment = AppLaunch.environment
        var history = HistoryStore.defaultPath(environment: environment).map { HistoryStore(path: $0) }
        history?.load()
        let reader = source.reader(historyEntries: history?.entries ?? [])
        let box = HistoryBox(store: history)
        let width: (@Sendable () -> Int)? = Terminal.isTTY(1) ? { @Sendable in Terminal.width } : nil
        let renderer = TextRenderer(usesColor: Terminal.prefersColor(environment: environment, isTTY: Terminal.isTTY(1)), width: width)
        StandardOutput.reportClosedPipes()
        let output = StandardOutput()
        let repl = Repl(
            shell: shell,
            reader: reader,
            recordHistory: history == nil ? nil : { line in try box.record(line) },
            // On a terminal, screens are wrapped at its width (asked at each screen, so a
            // resize applies to the next one); piped output keeps whole lines.
            renderer: renderer,
            output: output
        )
        repl.echoesCommands = script.echo
        repl.stopsAtFirstFailure = script.bail
        repl.shouldStop = { Terminal.isTerminationRequested || output.isClosed || output.hasFailed }
        // Saved as it changes, so that `kill -9` loses at most the command in flight.
        let autosave = NavigationAutosave(store: app.store, file: AppLauncher(directory: directory).stateFile)
        repl.checkpoint = { lineQueued in
            if let warning = autosave.checkpoint(lineQueued: lineQueued) { printError("wayfinder: \(warning)") }
        }
        var status = await repl.run()
        if let stop = repl.stop { printError("wayfinder: \(ReplScript.message(for: stop))") }
        // The shell stores each command's session changes after it: normally none is left.
        if let failure = await app.settle() { printError("wayfinder: error: \(failure.message)") }
        if let failure = autosave.finish() {
            // Where the session ended is lost: not a success.
            printError("wayfinder: \(failure)")
            if [0, 1, ExitCodes.usage.rawValue].contains(status) { status = ExitCodes.cannotOpenData.rawValue }
        }
        if output.isClosed { status = StandardOutput.closedStatus }
        if let signal = Terminal.terminationSignal { status = 128 + signal }
        return status
    }
}

/// The history file, appended to as lines are accepted.
@MainActor
final class HistoryBox {
    var store: HistoryStore?

    init(store: HistoryStore?) {
        self.store = store
    }

    func record(_ line: String) throws -> Bool {
        guard var current = store else { return false }
        defer { store = current }
        return try current.record(line)
    }
}

