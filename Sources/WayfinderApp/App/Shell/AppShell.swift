import Wayfinder
import WayfinderTerminal

/// The sample app as the REPL sees it: global commands (`back`, `open`, `where`, `state`,
/// …) are handled here through the ``AppCoordinator``; every other command goes to the
/// view model of the screen on top.
@MainActor
public final class AppShell: ReplShell, NavigationStoreProviding {
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

    /// The global commands, in help order: their one declaration, which dispatch, help,
    /// completion and the screen's "Also:" line read.
    static let global: [GlobalCommand] = [
        GlobalCommand("help", "[command]", "list the commands, or explain one", arguments: 0...1) { shell, arguments in
            shell.help(arguments.first)
        },
        GlobalCommand("back", "", "dismiss the sheet or alert, else go back one screen") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.back() }
        },
        GlobalCommand("root", "", "go back to the first screen of the tab or flow", arguments: 0...Int.max) { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.backToRoot() }
        },
        GlobalCommand("open", "<url>", "open a deep link, such as wayfinder://main/feed/post/3", arguments: 1...1) { shell, arguments in
            shell.open(arguments[0])
        },
        GlobalCommand("where", "", "print the link of what is on screen", arguments: 0...Int.max) { shell, _ in
            ReplReply(output: .line(shell.app.url, .link))
        },
        GlobalCommand("state", "", "print the whole navigation state as one JSON line", arguments: 0...Int.max) { shell, _ in
            ReplReply(output: .line(shell.stateJSON.serialized))
        },
        GlobalCommand("tab", "<name>", "switch to another tab of the flow", arguments: 1...1) { shell, arguments in
            navigate { () throws(NavigationError) in try shell.app.selectTab(arguments[0]) }
        },
        GlobalCommand("dismiss", "", "dismiss the sheet or alert", arguments: 0...Int.max) { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.dismiss() }
        },
        GlobalCommand("undo", "", "undo the last navigation step", arguments: 0...Int.max) { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.undo() }
        },
        GlobalCommand("redo", "", "redo the step undone", arguments: 0...Int.max) { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.redo() }
        },
        GlobalCommand("logout", "", "sign out at once", arguments: 0...Int.max) { shell, _ in
            SignOutRequested.reply(sending: shell.app.send)
        },
        GlobalCommand("quit", "", "leave (Ctrl-D works too)", aliases: ["exit"], arguments: 0...Int.max) { _, _ in
            ReplReply(quits: true)
        },
    ]

    /// The global commands as help and completion list them.
    public static var globalCommands: [ScreenCommand] { global.map(\.command) }

    /// Commands of the active flow, whatever its screen: its feature's, then those that show
    /// the other flows whose guard is met.
    var flowCommands: [ScreenCommand] {
        let state = app.store.state
        let active = Feature.all.filter { $0.flow == state.activeFlow }.flatMap(\.flowCommands)
        return active + Feature.all.compactMap { feature in
            guard feature.flow != state.activeFlow, let entry = feature.entryCommand, isOpen(feature.flow, in: state) else { return nil }
            return entry
        }
    }

    /// Whether `flow`'s guard, if any, is met.
    private func isOpen(_ flow: String, in state: NavigationState) -> Bool {
        guard let guardName = app.store.graph.flow(named: flow)?.guardName else { return true }
        return state.grantedGuards.contains(guardName)
    }

    /// The commands of `model`'s screen followed by those of its flow, without repeats.
    func commands(of model: any ScreenModel) -> [ScreenCommand] {
        let own = model.commands
        return own + flowCommands.filter { command in !own.contains { $0.name == command.name } }
    }

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
        if let reply = await runGlobal(input) { return reply }
        if let reply = await runFlowCommand(input) { return reply }
        do {
            try await model.load()
        } catch {
            return .failed(error.message)
        }
        loadedForCommand = model
        if let result = await model.perform(input) {
            // A screen now asking for a password shows its prompt, not itself again.
            return reply(for: result, navigates: model.secretPrompt == nil)
        }
        return .failed("unknown command '\(input.name)' here; type help for the commands of this screen")
    }

    /// `result`, the screen shown again only when the command `navigates` (a command that
    /// only prints, or a screen now asking for a password, shows no screen).
    func reply(for result: ReplReply, navigates: Bool) -> ReplReply {
        var reply = result
        if !navigates { reply.showsScreen = false }
        return reply
    }

    private func runGlobal(_ input: CommandInput) async -> ReplReply? {
        guard let global = Self.global.first(where: { $0.answers(to: input.name) }) else { return nil }
        guard global.arguments.contains(input.arguments.count) else {
            return .failed("usage: \(global.command.name)\(global.command.usage.isEmpty ? "" : " " + global.command.usage)")
        }
        return global.run(self, input.arguments)
    }

    /// `open URL`: the link applied, or kept as the pending link until sign-in.
    private func open(_ link: String) -> ReplReply {
        do {
            switch try app.open(link) {
            case .applied:
                return ReplReply(showsScreen: true)
            case .deferred(let pending, _):
                return ReplReply(output: .line("Sign in first; \(pending) opens after that.", .dim), showsScreen: true)
            }
        } catch {
            return .failed(error.message)
        }
    }

    /// A command of the active flow's feature, one that shows another flow, or a feature's
    /// session command; `nil` when `input` is none of them.
    private func runFlowCommand(_ input: CommandInput) async -> ReplReply? {
        let state = app.store.state
        for feature in Feature.all where feature.flow == state.activeFlow && feature.flowCommands.contains(where: { $0.name == input.name }) {
            guard let result = await feature.runFlowCommand(input, app) else { continue }
            return reply(for: result, navigates: false)
        }
        if let feature = Feature.all.first(where: { $0.flow != state.activeFlow && $0.entryCommand?.name == input.name }),
           isOpen(feature.flow, in: state) {
            return navigate { () throws(NavigationError) in try app.send(ShowFlow(feature.flow)) }
        }
        if let command = sessionCommands.first(where: { $0.name == input.name && $0.isAvailable }) {
            return reply(for: command.begin(input), navigates: false)
        }
        return nil
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

/// A command the shell answers on every screen: its declaration and what it does.
@MainActor
struct GlobalCommand {
    let command: ScreenCommand
    /// Other names it answers to (`exit` for `quit`).
    let aliases: [String]
    /// How many arguments it takes; another number is a usage error.
    let arguments: ClosedRange<Int>
    let run: @MainActor (AppShell, [String]) -> ReplReply

    init(
        _ name: String, _ usage: String, _ summary: String, aliases: [String] = [], arguments: ClosedRange<Int> = 0...0,
        run: @escaping @MainActor (AppShell, [String]) -> ReplReply
    ) {
        command = ScreenCommand(name, usage, summary)
        self.aliases = aliases
        self.arguments = arguments
        self.run = run
    }

    func answers(to name: String) -> Bool {
        command.name == name || aliases.contains(name)
    }
}
