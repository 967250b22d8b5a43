import ArgumentParser
import Foundation
import Wayfinder
import WayfinderApp
import WayfinderTerminal

/// Builds the sample app and applies the links given on the command line.
@MainActor
enum AppLaunch {
    /// A new app on the demo data with `links` applied in order (a guarded link while
    /// signed out becomes the pending link). Every link is checked first: one that does not
    /// resolve prints a message and exits 65 with nothing applied.
    static func makeApp(opening links: [String]) throws -> AppCoordinator {
        let app = AppCoordinator(container: .demo())
        do {
            try app.open(all: links)
        } catch {
            printError("wayfinder: error: \(error.message)")
            throw ExitCodes.invalidLink
        }
        return app
    }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }
}

/// `wayfinder [URL…]`: the REPL.
struct ReplCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Start the REPL on the demo data (the default), after opening the links given.",
        discussion: """
            On a terminal: line editing, Tab completion, history in \
            $XDG_STATE_HOME/wayfinder/history. Piped: no banner and no prompt; errors on \
            stderr; exit 0 when every command succeeded, else 1.
            """
    )

    @Argument(help: "Deep links to open first, in order.")
    var links: [String] = []

    func run() async throws {
        let status = try await Self.runRepl(links: links)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    static func runRepl(links: [String]) async throws -> Int32 {
        Terminal.configureLocale()
        let app = try AppLaunch.makeApp(opening: links)
        let shell = AppShell(app: app)
        let environment = AppLaunch.environment
        var history = HistoryStore.defaultPath(environment: environment).map { HistoryStore(path: $0) }
        history?.load()
        let reader: any LineReader
        Terminal.installTerminationHandlers()
        if Terminal.isTTY(0), let editLine = EditLineReader(historyEntries: history?.entries ?? []) {
            reader = editLine
        } else {
            reader = PlainLineReader()
        }
        let box = HistoryBox(store: history)
        let repl = Repl(
            shell: shell,
            reader: reader,
            recordHistory: history == nil ? nil : { line in try box.record(line) },
            renderer: TextRenderer(usesColor: Terminal.prefersColor(environment: environment, isTTY: Terminal.isTTY(1))),
            output: StandardOutput(flushes: reader.isInteractive)
        )
        repl.shouldStop = { Terminal.isTerminationRequested }
        return await repl.run()
    }
}

/// The history file, appended to and saved as lines are accepted.
@MainActor
final class HistoryBox {
    var store: HistoryStore?

    init(store: HistoryStore?) {
        self.store = store
    }

    func record(_ line: String) throws -> Bool {
        guard var current = store, current.append(line) else { return false }
        store = current
        try current.save()
        return true
    }
}

/// `wayfinder open URL…`: what the links lead to, printed once.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open deep links in order, print the resulting screen (or the JSON state) and exit."
    )

    @Argument(help: "The deep links, such as wayfinder://main/feed/post/42.")
    var links: [String]

    @Option(name: .long, help: "text or json.")
    var format: OutputFormat = .text

    func run() async throws {
        try await Self.show(links: links, format: format)
    }

    @MainActor
    static func show(links: [String], format: OutputFormat) async throws {
        let app = try AppLaunch.makeApp(opening: links)
        let shell = AppShell(app: app)
        let output = StandardOutput(flushes: false)
        switch format {
        case .json:
            output.write(shell.stateJSON.serialized + "\n")
        case .text:
            let renderer = TextRenderer(usesColor: Terminal.prefersColor(environment: AppLaunch.environment, isTTY: Terminal.isTTY(1)))
            output.write(renderer.render(await shell.screen()))
        }
    }
}
