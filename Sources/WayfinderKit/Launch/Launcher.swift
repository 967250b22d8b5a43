import ArgumentParser
import Wayfinder
import WayfinderSystem
import WayfinderTerminal

/// Starts a program on the kit: its app on its data directory, the links given or the
/// saved navigation, then the REPL (libedit at a terminal, else a script from a pipe, `-c`
/// or `-f`), saving the navigation after each command that changes it and on SIGHUP or
/// SIGTERM. One call from an app's `main.swift`:
///
/// ```swift
/// await Launcher(Program(name: "bookshelf"), routes: BookshelfRoutes.graph) { directory in
///     try Bookshelf(dataDirectory: directory)
/// }.main()
/// ```
///
/// The program then takes `[URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh]
/// [--data-dir <dir>]` (``ReplOptions``) and ends with the documented status: 0 when every
/// command succeeded; 1 when one failed; 64 a usage error; 65 a link refused (nothing
/// opened); 66 a script that cannot be read; 74 data that cannot be read or written (or
/// output that cannot be written); 75 every command succeeded but the navigation could not
/// be saved (the next start resumes from the last one saved); 128 + the signal that ended it
/// (the navigation saved).
@MainActor
public struct Launcher<App: ShellApp> {
    /// The program: its name and where its files are.
    public let program: Program
    /// The app's route table: links given as arguments are checked against it before
    /// anything is opened.
    public let routes: RouteGraph
    /// Makes the app on its data directory (opening its storage, resuming a session).
    public let makeApp: @MainActor (_ dataDirectory: String) async throws -> App

    /// A launcher of `program`, whose app on `routes` `makeApp` makes.
    public init(_ program: Program, routes: RouteGraph, makeApp: @escaping @MainActor (_ dataDirectory: String) async throws -> App) {
        self.program = program
        self.routes = routes
        self.makeApp = makeApp
    }

    /// Parses the process's arguments as ``ReplOptions``, runs the REPL, and ends the
    /// process with its status.
    public func main() async -> Never {
        OutputCheck.install()
        Program.current = program
        let arguments = RawArguments.current
        let options: ReplOptions
        do {
            options = try LaunchCommand.parse(arguments.texts)
            try arguments.refuseInvalid(exceptLinks: options.links)
            try Self.refuseWords(in: options.links)
        } catch {
            if let first = arguments.invalid.first, LaunchCommand.exitCode(for: error) != .success {
                LaunchCommand.exitReportingError(arguments.usageError(first))
            }
            LaunchCommand.exitReportingError(error)
        }
        do {
            let status = try await run(options)
            LaunchCommand.exit(withError: status == 0 ? nil : ExitCode(status))
        } catch {
            LaunchCommand.exitReportingError(error)
        }
    }

    /// A word among the links that is not one (`bookshelf shelves`): a usage error.
    private static func refuseWords(in links: [String]) throws {
        guard let word = links.first(where: { !$0.contains("://") && !$0.contains("\u{0}") }) else { return }
        throw ValidationError("'\(word.escapingControlCharacters)' is not a link (a link has the form SCHEME://FLOW/…)")
    }

    /// Runs the REPL as `options` ask (on their data directory), then saves the navigation.
    /// - Returns: The exit status.
    /// - Throws: A ``ProgramFailure`` saying why, when the program cannot start (a bad link,
    ///   a script that cannot be read, data that cannot be opened).
    public func run(_ options: ReplOptions) async throws -> Int32 {
        Program.current = program
        let environment = ProcessEnvironment(reading: program)
        let directory = try options.data.directory(environment: environment)
        let links = try RawArguments.current.appLinks(options.links, graph: routes)
        let script = options.script
        let source = try script.source()
        try environment.refuseInvalid { program.historyPath(environment: $0) }
        Terminal.configureLocale()
        Terminal.installTerminationHandlers()
        let app = try await start(opening: links, fresh: options.fresh, dataDirectory: directory)
        // A link given here that waits for sign-in: refused once it may open, it fails the
        // session as a link refused now would.
        let pending = links.isEmpty ? nil : app.navigationStore.state.pending
        return await runRepl(
            on: app, source: source, script: script, dataDirectory: directory, environment: environment.values, pendingFromArguments: pending
        )
    }

    /// The app on `dataDirectory`, with `links` opened, else (unless `fresh`) the saved
    /// navigation restored (``NavigationStateFile/restore(into:granted:check:)``, with the
    /// guards the app granted when it was made); warnings go to standard error.
    /// - Throws: A ``ProgramFailure`` saying why: 65 when a link does not resolve (nothing
    ///   is opened), 74 when the data cannot be read.
    public func start(opening links: [String], fresh: Bool, dataDirectory: String) async throws -> App {
        Program.current = program
        let file = NavigationStateFile(in: dataDirectory)
        do {
            if try FileSystem.createDirectories(dataDirectory, mode: 0o700) {
                reportNote("created the data directory \(dataDirectory.escapingControlCharacters)")
            }
            // In use until the process ends: nothing resets it meanwhile.
            try DataDirectoryUse.begin(in: dataDirectory)
        } catch {
            throw ProgramFailure("cannot use the data directory: \(error)", exitCode: ExitCodes.cannotOpenData)
        }
        // Leftovers of runs killed in the middle of saving the file.
        FileSystem.removeAbandonedTemporaryFiles(besides: file.path)
        do {
            let app = try await makeApp(dataDirectory)
            if !links.isEmpty {
                try await app.openChecked(links)
            } else if !fresh {
                let store = app.navigationStore
                let warnings = try await file.restore(into: store, granted: store.state.grantedGuards) { state in
                    try await app.withoutMissingData(state)
                }
                app.screens.removeAll()
                for warning in warnings { reportNote(warning) }
            }
            return app
        } catch let error as NavigationError {
            throw ProgramFailure(error.message, exitCode: ExitCodes.invalidLink)
        } catch let error as any ShellError {
            throw ProgramFailure(error.message, exitCode: ExitCodes.cannotOpenData)
        }
    }

    /// Drops the link waiting to be confirmed, if one waits; the link dropped.
    private static func dropLinkToConfirm(in store: NavigationStore) -> String? {
        guard store.state.confirming != nil else { return nil }
        return try? store.perform { navigator throws(NavigationError) in try navigator.declineLink() }
    }

    /// The REPL on `app` until its input ends, then the navigation saved.
    private func runRepl(
        on app: App, source: ReplScript.Source, script: ReplScript, dataDirectory: String, environment: [String: String],
        pendingFromArguments: String?
    ) async -> Int32 {
        let shell = Shell(app: app)
        shell.pendingFromArguments = pendingFromArguments
        var history = program.historyPath(environment: environment).map { HistoryStore(path: $0) }
        do { try history?.load() } catch { reportNote("warning: history not read from \(error.path): \(error.reason)") }
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
        repl.programName = program.name
        repl.shouldStop = { Terminal.isTerminationRequested || output.isClosed || output.hasFailed }
        // Saved as it changes, so that `kill -9` loses at most the command in flight.
        let autosave = NavigationAutosave(store: app.navigationStore, file: NavigationStateFile(in: dataDirectory))
        repl.checkpoint = { lineQueued in
            if let warning = autosave.checkpoint(lineQueued: lineQueued) { reportNote(warning) }
        }
        var status = await repl.run()
        if let stop = repl.stop { reportNote(ReplScript.message(for: stop)) }
        // A question is kept for a person at a terminal only: a script's ends with it.
        if !(reader is EditLineReader), let unanswered = Self.dropLinkToConfirm(in: app.navigationStore) {
            reportNote("\(unanswered.escapingControlCharacters) was not confirmed before the input ended: dropped, not kept for the next session")
        }
        // An error the program goes on after: told, and the status stays the commands'.
        if let failure = await app.shellWillEnd() { printError(ProgramFailure.errorLine(failure.message)) }
        if let failure = autosave.finish() {
            // Told once; the commands' work was done, so not their failure's status (a script
            // that retries on 74 would do it again), but not a plain success either.
            if !failure.wasTold { reportNote(failure.message) }
            if status == 0 { status = ExitCodes.navigationNotSaved.rawValue }
        }
        if output.isClosed { status = StandardOutput.closedStatus }
        if let signal = Terminal.terminationSignal { status = 128 + signal }
        return status
    }
}

/// The command line a ``Launcher`` parses: the program's name and ``ReplOptions``.
private struct LaunchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Program.current.name,
            abstract: "Start the REPL, after opening the links given or restoring the last session.")
    }

    @OptionGroup var options: ReplOptions

    static func parse(_ arguments: [String]) throws -> ReplOptions {
        guard let command = try parseAsRoot(arguments) as? LaunchCommand else { throw CleanExit.helpRequest(self) }
        return command.options
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
