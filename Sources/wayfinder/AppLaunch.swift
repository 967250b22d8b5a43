import ArgumentParser
import Foundation
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Where the app's data lives and whether to restore the saved navigation.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The data directory (default: $WAYFINDER_HOME, else $XDG_DATA_HOME/wayfinder, else ~/.local/share/wayfinder).",
        valueName: "dir"
    ))
    var dataDir: String?

    /// The directory to use; exits 74 when none can be found.
    func directory() throws -> DataDirectory {
        try Self.directory(explicit: dataDir)
    }

    /// The directory `--data-dir` names, else the default. An empty `--data-dir` or
    /// `WAYFINDER_HOME`, or a default named by a variable that is not UTF-8, exits 64 (never
    /// a silent fallback to the default); no directory at all exits 74.
    static func directory(explicit dataDir: String?) throws -> DataDirectory {
        if dataDir == nil {
            try AppLaunch.processEnvironment.refuseInvalid { try? DataDirectory.resolve(explicit: nil, environment: $0).path }
        }
        do {
            return try DataDirectory.resolve(explicit: dataDir, environment: AppLaunch.environment)
        } catch {
            printError("wayfinder: error: \(error.description.escapingControlCharacters)")
            throw error.isUsageError ? ExitCodes.usage : ExitCodes.cannotOpenData
        }
    }
}

/// Builds the sample app on its data directory.
@MainActor
enum AppLaunch {
    /// The environment variables the program reads (each reader declares its own).
    nonisolated static let environmentVariables =
        DataDirectory.environmentVariables + HistoryStore.environmentVariables + Terminal.environmentVariables

    /// Those of ``environmentVariables`` that are set (see ``ProcessEnvironment``).
    nonisolated static let processEnvironment = ProcessEnvironment(reading: environmentVariables)

    /// Their values; a directory's that is not UTF-8 is left out, and refused where it
    /// would be used (``ProcessEnvironment/refuseInvalid(in:)``).
    nonisolated static var environment: [String: String] { processEnvironment.values }

    /// The app with `links` opened (or the saved navigation restored); warnings go to stderr.
    /// A link that does not resolve exits 65 with nothing opened; a database that cannot
    /// be opened exits 74.
    static func makeApp(opening links: [String], fresh: Bool, directory: DataDirectory) async throws -> AppCoordinator {
        do {
            let (app, warnings) = try await AppLauncher(directory: directory).launch(opening: links, fresh: fresh)
            for warning in warnings { printError("wayfinder: \(warning)") }
            return app
        } catch let error as NavigationError {
            printError("wayfinder: error: \(error.message)")
            throw ExitCodes.invalidLink
        } catch let error as any ShellError {
            printError("wayfinder: error: \(error.message)")
            throw ExitCodes.cannotOpenData
        }
    }
}

/// `wayfinder open URL…`: what the links lead to, printed once.
struct OpenCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open deep links in order (as the signed-in user, if any), print the resulting screen or JSON state, and exit."
    )

    @Argument(help: "The deep links, such as wayfinder://main/feed/post/42.")
    var links: [String]

    @Option(name: .long, help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var data: DataOptions

    @MainActor func runOnMainActor() async throws {
        try await Self.show(links: links, format: format, directory: try data.directory())
    }

    @MainActor
    static func show(links: [String], format: OutputFormat, directory: DataDirectory) async throws {
        let links = try RawArguments.current.appLinks(links)
        // Signed out, showing where links lead needs no data: the database stays closed.
        let app = try await AppLaunch.makeApp(opening: links, fresh: true, directory: directory)
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
                printError("wayfinder: error: \(shownMessage(of: error))")
                throw ExitCodes.cannotOpenData
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
            Each file is deleted only once it is recognised as the app's; a file with one of \
            the app's names that is not (another program's, or damaged past recognition) is \
            left in place and named, and the exit status is 65.
            """
    )

    @OptionGroup var data: DataOptions

    @MainActor func runOnMainActor() async throws {
        let directory = try data.directory()
        let shown = directory.path.escapingControlCharacters
        switch try Self.reset(directory) {
        case .removed(let removed, let foreign):
            if !removed.isEmpty {
                printOutput("Removed \(removed.map(\.escapingControlCharacters).joined(separator: ", ")).")
            } else if foreign.isEmpty {
                printOutput("Nothing to remove in \(shown).")
            }
            for file in foreign {
                printError("wayfinder: error: left \(file.path.escapingControlCharacters) in place: \(file.reason.escapingControlCharacters); move or delete it yourself if it is not needed")
            }
            if !foreign.isEmpty { throw ExitCodes.foreignFiles }
        case .notADataDirectory:
            printError("wayfinder: error: \(shown) is not a Wayfinder data directory (no wayfinder.sqlite or navigation.json in it): nothing removed")
            throw ExitCodes.usage
        }
    }

    private static func reset(_ directory: DataDirectory) throws -> DataDirectory.ResetOutcome {
        do {
            return try directory.reset()
        } catch {
            printError("wayfinder: error: \(error.description.escapingControlCharacters)")
            throw ExitCodes.cannotOpenData
        }
    }
}
