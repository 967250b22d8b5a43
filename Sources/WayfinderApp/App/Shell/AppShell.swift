import Wayfinder
import WayfinderTerminal

/// The sample app as the REPL sees it. A line runs one declared ``Command``: a global one
/// (`back`, `open`, `where`, `state`, …: ``commands``, run through the ``AppCoordinator``),
/// a feature's (``Feature/commands``, then its session commands), or one of the screen's
/// own (its view model's ``CommandTarget/commands``). Help, Tab completion and the
/// screen's command lines list the same declarations.
@MainActor
public final class AppShell: ReplShell, NavigationStoreProviding, CommandTarget {
    /// The app.
    public let app: AppCoordinator
    /// The features' commands for every screen (`login NAME` while signed in), asked first
    /// for secrets.
    let sessionCommands: [any SessionCommand]

    /// A shell over `app`.
    public init(app: AppCoordinator) {
        self.app = app
        self.sessionCommands = Feature.all.compactMap { $0.makeSessionCommand?(app) }
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

    /// A shell over a new app on fresh demo data, signed out, with `links` opened.
    /// - Throws: ``NavigationError`` when a link does not resolve (nothing is opened then).
    public convenience init(opening links: [String] = []) throws(NavigationError) {
        let app = AppCoordinator(container: .demo())
        try app.open(all: links)
        self.init(app: app)
    }

    /// The app's navigation store.
    public var navigationStore: NavigationStore { app.store }

    // MARK: - ReplShell

    public var prompt: String { "\(app.url)> " }

    public var secretPrompt: String? { waitingCommand?.secretPrompt ?? app.visibleScreen().secretPrompt }

    public func banner() -> StyledText {
        var text = StyledText()
        text.append(line: [TextSpan("Wayfinder", .title), TextSpan(" sample app. Type help for commands, Tab to complete, Ctrl-D to leave.", .dim)])
        return text
    }

    /// The screen on top; when its data cannot be read, an error line saying why instead
    /// (never the screen as if there were no data).
    public func screen() async -> StyledText {
        do {
            return try await loadedScreen()
        } catch {
            return .line("error: \(error.message)", .error)
        }
    }

    /// The screen on top, its data loaded: once per command (a screen whose command just
    /// ran was loaded for it, and its view model kept itself up to date since).
    /// - Throws: ``ServiceError`` when the data cannot be read (a damaged database, an I/O
    ///   error).
    public func loadedScreen() async throws(ServiceError) -> StyledText {
        let (model, view) = app.visibleScreenAndView()
        let loaded = loadedForCommand === model
        loadedForCommand = nil
        if !loaded { try await model.load() }
        return ScreenView(shell: self, model: model, view: view).body
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
        let message = waitingCommand?.cancel() ?? app.visibleScreen().cancelPasswordInput()
        return message.map { .line($0, .dim) } ?? StyledText()
    }

    /// Runs `line` as one command that is done whole or not at all, with the session
    /// checked first (``checkedSession()``) and the session changes it made stored after it
    /// (``settled(_:before:)``).
    public func execute(_ line: String) async -> ReplReply {
        loadedForCommand = nil
        unsavedEdits.beginLine()
        if let ended = await checkedSession() { return ended }
        let before = app.state
        let faults = app.container.faults.total
        var reply = await settled(await run(line), before: before)
        if reply.isError, app.container.faults.total != faults { reply.isStorageError = true }
        return reply
    }

    private func run(_ line: String) async -> ReplReply {
        if let waiting = waitingCommand {
            return reply(for: await waiting.receiveSecret(line), navigates: true)
        }
        let model = app.visibleScreen()
        if model.secretPrompt != nil {
            return reply(for: await model.receiveSecret(line), navigates: true)
        }
        let input: CommandInput
        do {
            input = try CommandInput(parsing: line)
        } catch {
            return .failed("\(error): close the quote and try again")
        }
        guard let (command, isScreens) = command(named: input.name, on: model) else {
            let hint = closestName(to: input.name, among: commandNames()).map { "did you mean '\($0)'?" }
            return .failed("unknown command '\(input.name)' here; \(hint ?? "type help for the commands of this screen")")
        }
        if let refusal = unsavedEdits.refusal(of: command.help.name, input, on: model, isScreens: isScreens) { return refusal }
        if isScreens {
            do {
                try await model.load()
            } catch {
                return .failed(error.message)
            }
            loadedForCommand = model
        }
        let result = await command.run(input)
        unsavedEdits.commandRan(result, visible: app.visibleScreen())
        // A command now waiting for a password shows its prompt, not the screen again.
        return reply(for: result, navigates: secretPrompt == nil)
    }

    /// `result`, the screen shown again only when the command `navigates` (a command that
    /// only prints, or a screen now asking for a password, shows no screen).
    func reply(for result: ReplReply, navigates: Bool) -> ReplReply {
        var reply = result
        if !navigates { reply.showsScreen = false }
        return reply
    }

    /// `{"url", "flow", "tab", "stack", "presentation", "pending", "user"}`.
    public var stateJSON: JSONValue {
        let state = app.store.state
        let graph = app.store.graph
        let stack = state.activeStack
        let presentation: JSONValue = stack?.presentation.map { presented in
            guard case .object(var members) = graph.jsonValue(for: presented.route) else { return .null }
            members.append(("style", .string(presented.style.rawValue)))
            return .object(members)
        } ?? .null
        return .object([
            ("url", .string(app.url)),
            ("flow", .string(state.activeFlow)),
            ("tab", state.selectedTab.map(JSONValue.string) ?? .null),
            ("stack", .array((stack?.routes ?? []).map(graph.jsonValue(for:)))),
            ("presentation", presentation),
            ("pending", state.pending.map(JSONValue.string) ?? .null),
            ("user", app.user.map { .string($0.username) } ?? .null),
        ])
    }
}
