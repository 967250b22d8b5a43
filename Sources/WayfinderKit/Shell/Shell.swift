import Wayfinder
import WayfinderTerminal
import WayfinderSystem

/// The REPL's view of any app on the kit (``ShellApp``). A line runs one declared
/// ``Command``: a global one (the ``navigationCommands`` every app gets and the app's
/// ``ShellApp/globalCommands``), one of the app's (``CommandTarget/commands``, then its
/// session commands), or one of the screen's own (its view model's
/// ``CommandTarget/commands``). Help, Tab completion and the screen's command lines list
/// the same declarations.
///
/// A shell is also what `NavigationStoreProviding` asks of a test store, so that
/// `NavigationTestStore(shell)` drives any app on the kit by typed commands.
///
/// ```swift
/// let shell = Shell(app: try Bookshelf())
/// let reply = await shell.execute("open bookshelf://library/shelves/shelf/sci-fi")
/// print(await shell.screen())
/// ```
@MainActor
public final class Shell<App: ShellApp>: ReplShell, NavigationStoreProviding {
    /// The app.
    public let app: App
    /// The app's commands for every screen with state of their own, asked first for secrets.
    let sessionCommands: [any SessionCommand]
    /// A global command: one of the navigation commands, or one of the app's.
    private enum Global {
        case navigation(Command<Shell>)
        case app(Command<App>)

        var help: CommandHelp {
            switch self {
            case .navigation(let command): command.help
            case .app(let command): command.help
            }
        }
    }

    /// The global commands, in help order: the navigation commands, then the app's before
    /// `quit`. Kept unbound (bound on each use), so that the shell holds no closure over
    /// itself.
    private let globals: [Global] = {
        var commands = App.navigationCommands(navigationCommands).map(Global.navigation)
        let quit = commands.lastIndex { $0.help.name == quitName } ?? commands.endIndex
        commands.insert(contentsOf: App.globalCommands.map(Global.app), at: quit)
        return commands
    }()

    /// The global commands help and the screen list, each with whether it can be typed now
    /// (its `when`), as they are asked at every screen.
    private lazy var listedGlobals: [ListedGlobal] = globals.compactMap { global -> ListedGlobal? in
        switch global {
        case .navigation(let command):
            guard command.isListed else { return nil }
            return ListedGlobal(help: command.help, isOffered: { shell in command.isOffered(shell) })
        case .app(let command):
            guard command.isListed else { return nil }
            return ListedGlobal(help: command.help, isOffered: { shell in command.isOffered(shell.app) })
        }
    }

    /// A global command as help lists it.
    private struct ListedGlobal {
        let help: CommandHelp
        let isOffered: @MainActor (Shell) -> Bool
    }

    /// The help lines of the global commands listed now (those whose `when` holds).
    var globalHelp: [CommandHelp] {
        var help: [CommandHelp] = []
        help.reserveCapacity(listedGlobals.count)
        for global in listedGlobals where global.isOffered(self) { help.append(global.help) }
        return help
    }

    /// The global command answering to `name` that can be typed now, bound.
    func globalCommand(named name: String) -> BoundCommand? {
        for global in globals {
            switch global {
            case .navigation(let command) where command.answers(to: name) && command.isOffered(self): return command.bound(to: self)
            case .app(let command) where command.answers(to: name) && command.isOffered(app): return command.bound(to: app)
            default: continue
            }
        }
        return nil
    }

    /// The global commands' line: those listed now.
    var alsoLine: String { "Also: " + globalHelp.map(\.name).joined(separator: ", ") }

    /// A shell over `app`.
    public init(app: App) {
        self.app = app
        self.sessionCommands = app.makeSessionCommands()
    }

    /// The view model the command being run loaded (before running one of its commands),
    /// so that the screen shown after it is not loaded a second time.
    private weak var loadedForCommand: (any ScreenModel)?

    /// Leaving a screen with unsaved input is refused once (``EditingScreen``).
    let unsavedEdits = UnsavedEditsGuard()

    /// The session command waiting for a secret, if any.
    private var waitingCommand: (any SessionCommand)? {
        sessionCommands.first { $0.secretPrompt != nil }
    }

    /// The app's navigation store.
    public var navigationStore: NavigationStore { app.navigationStore }

    // MARK: - ReplShell

    /// The canonical link of what is on screen, then `> `.
    public var prompt: String { "\(navigationStore.url)> " }

    public var secretPrompt: String? { waitingCommand?.secretPrompt ?? app.visibleScreen().secretPrompt }

    public func banner() -> StyledText { app.banner }

    /// The screen on top; when its data cannot be read, an error line saying why instead
    /// (never the screen as if there were no data).
    public func screen() async -> StyledText {
        do {
            return try await loadedScreen()
        } catch {
            return .line("error: \(shownMessage(of: error))", .error)
        }
    }

    /// The screen on top, its data loaded: once per command (a screen whose command just
    /// ran was loaded for it, and its view model kept itself up to date since).
    /// - Throws: Why the data cannot be read (a damaged database, an I/O error).
    public func loadedScreen() async throws -> StyledText {
        let screen = app.visibleScreenAndView()
        let loaded = loadedForCommand === screen.model
        loadedForCommand = nil
        if !loaded { try await screen.model.load() }
        return ScreenLayout(shell: self, screen: screen).body
    }

    /// Refused once at a terminal, and said on standard error at the end of a script, while
    /// the screen holds unsaved input (``EditingScreen``).
    public func endOfInput(interactive: Bool) -> ReplReply? {
        unsavedEdits.endOfInput(on: app.visibleScreen(), interactive: interactive)
    }

    public func cancelInput() {
        _ = cancelSecretInput()
    }

    public func cancelSecretInput() -> StyledText {
        let message = waitingCommand?.cancel() ?? app.visibleScreen().cancelInput()
        return message.map { .line($0, .dim) } ?? StyledText()
    }

    /// Runs `line` as one command, with the app's checks before and after it
    /// (``ShellApp/shellWillRun(atSecretPrompt:)``, ``ShellApp/shellDidRun(_:)``).
    public func execute(_ line: String) async -> ReplReply {
        loadedForCommand = nil
        unsavedEdits.beginLine()
        if let instead = await app.shellWillRun(atSecretPrompt: secretPrompt != nil) { return instead }
        let reply = await app.shellDidRun(await openingPendingLink(after: await run(line)))
        // Once the app has settled the command: one it undid (a sign-out not stored) left
        // nothing, the input included.
        unsavedEdits.commandRan(reply, visible: app.visibleScreen())
        return reply
    }

    /// The pending link given to the program at start, if it still waits: refused once it
    /// may open, it fails a piped session as a link refused at start does (status 65).
    var pendingFromArguments: String?

    /// `reply`, after the pending link is opened when the command let it open (the user
    /// signed in): checked against the data as `open` checks a link, and when refused, the
    /// refusal follows what the command printed (``ReplReply/trailingError``).
    private func openingPendingLink(after reply: ReplReply) async -> ReplReply {
        guard !reply.isError, let pending = navigationStore.state.pending, navigationStore.navigator.pendingLinkCanOpen else { return reply }
        var reply = reply
        do {
            try await app.openPendingLink()
        } catch {
            let refusal = ReplReply.failed(error)
            reply.trailingError = refusal.output
            reply.isStorageError = refusal.isStorageError
            reply.isLinkError = !refusal.isStorageError && pending == pendingFromArguments
        }
        if pending == pendingFromArguments { pendingFromArguments = nil }
        return reply
    }

    private func run(_ line: String) async -> ReplReply {
        if let waiting = waitingCommand {
            return await waiting.receiveSecret(line)
        }
        let model = app.visibleScreen()
        if model.secretPrompt != nil {
            return await model.receiveSecret(line)
        }
        let input = CommandInput(parsing: line)
        guard let (command, isScreens) = command(named: input.name, on: model) else {
            let hint = suggestion(for: input.name, among: commandNames()).map { "did you mean '\($0)'?" }
            return .failed("unknown command '\(input.name)' here; \(hint ?? "type help for the commands of this screen")")
        }
        if let refusal = unsavedEdits.refusal(of: command.help.name, input, on: model, isScreens: isScreens) { return refusal }
        if isScreens {
            do {
                try await model.load()
            } catch {
                return .failed(error)
            }
            loadedForCommand = model
        }
        var result = await command.run(input)
        // A command now waiting for a password shows its prompt, not the screen again.
        if secretPrompt != nil { result.showsScreen = false }
        return result
    }

    /// `{"url", "flow", "tab", "stack", "presentation", "pending", "confirming"}`, then the app's
    /// ``ShellApp/stateMembers``: what the `state` command prints.
    public var stateJSON: JSONValue {
        let state = navigationStore.state
        let stack = state.activeStack
        let place = navigationStore.graph.placeMembers(
            flow: state.activeFlow, tab: state.selectedTab, stack: stack?.routes ?? [],
            presentation: stack?.presentation.map { ($0.route, $0.style) }
        )
        return .object([("url", .string(navigationStore.url))] + place + [
            ("pending", state.pending.map(JSONValue.string) ?? .null),
            ("confirming", state.confirming.map(JSONValue.string) ?? .null),
        ] + app.stateMembers)
    }
}

extension ReplReply {
    /// A command that failed with `error`: its message (``shownMessage(of:)``), and a
    /// storage failure when `error` says so (``ShellError/isStorageFailure``), so that a
    /// script then ends with status 74.
    public static func failed(_ error: any Error) -> ReplReply {
        var reply = failed(shownMessage(of: error))
        reply.isStorageError = (error as? any ShellError)?.isStorageFailure ?? false
        return reply
    }
}
