import ArgumentParser
import Foundation
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal
import WayfinderSystem

extension DataOptions {
    /// The sample app's data directory: `--data-dir`, else the default.
    /// - Throws: A ``ProgramFailure`` (exit 64 or 74) when there is none to use.
    func dataDirectory() throws(ProgramFailure) -> DataDirectory {
        DataDirectory(path: try directory(environment: AppLaunch.processEnvironment))
    }
}

/// The sample app's process: its environment, and its launcher.
@MainActor
enum AppLaunch {
    /// The environment variables the program reads, those naming directories read as bytes
    /// (see ``ProcessEnvironment``).
    nonisolated static let processEnvironment = ProcessEnvironment(reading: .wayfinder)

    /// Their values; a directory's that is not UTF-8 is left out, and refused where it
    /// would be used (``ProcessEnvironment/refuseInvalid(in:)``).
    nonisolated static var environment: [String: String] { processEnvironment.values }
}

/// `wayfinder open URL…`: what the links lead to, printed once.
struct OpenCommand: MainActorCommand, LinkArguments {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open deep links in order (as the signed-in user, if any), print the resulting screen or JSON state, and exit.",
        discussion: """
            Nothing is saved: the next session starts where the last one ended. A link to a \
            screen that asks to be confirmed (entry confirm) is not opened, as nothing can \
            answer the question: the exit status is 77 (give the link to the REPL instead).
            """
    )

    @Argument(help: "The deep links, such as wayfinder://main/feed/post/42.")
    var links: [String]

    @Option(name: .long, help: "text or json.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Print what each link would change (pops, pushes, tab, presentation) and change nothing.")
    var dryRun = false

    @OptionGroup var data: DataOptions

    var deepLinks: [String] { links }

    @MainActor func runOnMainActor() async throws {
        if dryRun {
            try await Self.showEdits(links: links, format: format, directory: try data.dataDirectory())
        } else {
            try await Self.show(links: links, format: format, directory: try data.dataDirectory())
        }
    }

    /// `open --dry-run`: what each link would change, from where `open` starts, in order;
    /// nothing opened or saved.
    @MainActor
    static func showEdits(links: [String], format: OutputFormat, directory: DataDirectory) async throws {
        let links = try RawArguments.current.appLinks(links, graph: AppRoutes.graph)
        let app = try await Launcher.wayfinder.start(opening: [], fresh: true, dataDirectory: directory.path)
        let lines: [String]
        do {
            lines = try await app.dryRun(links)
        } catch let error as NavigationError {
            // A link to data that does not exist is refused as `open` refuses it (65); data
            // that cannot be read is the error below (74).
            throw ProgramFailure(error.message, exitCode: ExitCodes.invalidLink)
        } catch {
            throw ProgramFailure(shownMessage(of: error), exitCode: ExitCodes.cannotOpenData)
        }
        let output = StandardOutput()
        switch format {
        case .json: output.write(JSONValue.object([("dry_run", .array(lines.map(JSONValue.string)))]).serialized + "\n")
        case .text: output.write(lines.map { $0 + "\n" }.joined())
        }
    }

    @MainActor
    static func show(links: [String], format: OutputFormat, directory: DataDirectory) async throws {
        let links = try RawArguments.current.appLinks(links, graph: AppRoutes.graph)
        // Signed out, showing where links lead needs no data: the database stays closed.
        let app = try await Launcher.wayfinder.start(opening: links, fresh: true, dataDirectory: directory.path)
        // A link that asks first is answered by a person in a session; one-shot, nothing asks.
        if let held = app.navigationStore.navigator.confirmingLink {
            throw ProgramFailure(
                "\(held.url) opens '\(held.entry.screen)', which asks to be confirmed, and a one-shot 'open' cannot ask: nothing was opened or kept; give the link to the REPL ('\(Program.current.name) \(held.url)') and type confirm",
                exitCode: ExitCodes.needsConfirmation)
        }
        let shell = AppShell(app: app)
        let output = StandardOutput()
        switch format {
        case .json:
            output.write(shell.stateJSON.serialized + "\n")
        case .text:
            let renderer = TextRenderer(usesColor: Terminal.prefersColor(environment: AppLaunch.environment, isTTY: Terminal.isTTY(1)))
            do {
                output.write(renderer.render(try await shell.loadedScreen()))
            } catch {
                // Data that cannot be read is an error, never shown as no data.
                throw ProgramFailure(shownMessage(of: error), exitCode: ExitCodes.cannotOpenData)
            }
        }
    }
}

/// `wayfinder reset`: back to the demo data.
struct ResetCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete the database, the session and the saved navigation, so that the next start has fresh demo data.",
        discussion: """
            Every file is checked first, and nothing is changed unless all are the app's: a \
            file with one of the app's names that is not (another program's, or not a database \
            at all) is named, and the exit status is 65. A database SQLite finds damaged is \
            never deleted: it is kept aside as wayfinder.sqlite.damaged-TIME, and named. While \
            a session (the REPL, a script, open) uses the data directory, nothing is removed: \
            the processes are named, and the exit status is 75.
            """
    )

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "text or json (the files removed, kept aside, or found not the app's).")
    var format: OutputFormat = .text

    @MainActor func runOnMainActor() async throws {
        let directory = try data.dataDirectory()
        let shown = directory.path.escapingControlCharacters
        let outcome = try Self.reset(directory)
        if format == .json, let json = Self.json(outcome, in: directory) { printOutput(json.serialized) }
        switch outcome {
        case .removed(let removed, let keptAside):
            guard format == .text else { return }
            if !removed.isEmpty {
                printOutput("Removed \(removed.map(\.escapingControlCharacters).joined(separator: ", ")).")
            }
            if let database = keptAside.first {
                printOutput("Kept the damaged database as \(database.escapingControlCharacters).")
            }
            if removed.isEmpty, keptAside.isEmpty { printOutput("Nothing to remove in \(shown).") }
        case .refused(let foreign):
            let refusals = foreign.map { file in
                "\(file.path.escapingControlCharacters) is not the app's: \(file.reason.escapingControlCharacters); move or delete it yourself if it is not needed"
            }
            throw ProgramFailure(messages: refusals + ["nothing was removed"], exitCode: ExitCodes.foreignFiles)
        case .notADataDirectory:
            throw ProgramFailure(
                "\(shown) is not a Wayfinder data directory (no wayfinder.sqlite or navigation.json in it): nothing removed", exitCode: ExitCodes.usage)
        case .inUse(let processes):
            let who = processes.isEmpty ? "a running session"
                : processes.count == 1 ? "a running session (process \(processes[0]))"
                : "running sessions (processes \(processes.map(String.init).joined(separator: ", ")))"
            throw ProgramFailure(
                "\(shown) is in use by \(who): end \(processes.count > 1 ? "them" : "it") first (quit, or Ctrl-D); nothing was removed",
                exitCode: ExitCodes.dataInUse)
        }
    }

    /// `{"directory", "removed", "keptAside", "notTheApps"}`; `nil` when nothing was looked at.
    private static func json(_ outcome: DataDirectory.ResetOutcome, in directory: DataDirectory) -> JSONValue? {
        let (removed, kept, foreign): ([String], [String], [DataDirectory.ForeignFile])
        switch outcome {
        case .removed(let files, let keptAside): (removed, kept, foreign) = (files, keptAside, [])
        case .refused(let files): (removed, kept, foreign) = ([], [], files)
        case .notADataDirectory: return nil
        case .inUse(let processes):
            return .object([("directory", .string(directory.path)), ("inUseBy", .array(processes.map { .int(Int($0)) }))])
        }
        return .object([
            ("directory", .string(directory.path)),
            ("removed", .array(removed.map(JSONValue.string))),
            ("keptAside", .array(kept.map(JSONValue.string))),
            ("notTheApps", .array(foreign.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
        ])
    }

    private static func reset(_ directory: DataDirectory) throws(ProgramFailure) -> DataDirectory.ResetOutcome {
        do {
            return try directory.reset()
        } catch where error.isOutOfSpace {
            throw ProgramFailure(
                "the disk holding \(directory.path.escapingControlCharacters) is full (\(error.description.escapingControlCharacters)): free some space on it, then try again; nothing was removed",
                exitCode: ExitCodes.cannotOpenData)
        } catch {
            throw ProgramFailure(error.description.escapingControlCharacters, exitCode: ExitCodes.cannotOpenData)
        }
    }
}
