import Wayfinder
import WayfinderTerminal

extension AppShell {
    /// The global commands, in help order, each declared once with its handler: dispatch,
    /// help, completion and the screen's "Also:" line read them.
    public static let commands: [Command<AppShell>] = [
        Command(
            "help", "[command]", "list the commands, or explain one", arguments: 0...1,
            completions: { shell, index in index == 0 ? shell.commandNames() : [] }
        ) { shell, input in
            shell.help(input.arguments.first)
        },
        Command("back", "", "dismiss the sheet or alert, else go back one screen") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.back() }
        },
        Command("root", "", "go back to the first screen of the tab or flow") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.backToRoot() }
        },
        Command(
            "open", "<url>", "open a deep link, such as wayfinder://main/feed/post/3", arguments: 1...1,
            completions: { shell, index in index == 0 ? shell.linkCandidates() : [] },
            details: { shell in shell.knownLinks() }
        ) { shell, input in
            shell.open(input.arguments[0])
        },
        Command("where", "", "print the link of what is on screen") { shell, _ in
            ReplReply(output: .line(shell.app.url, .link))
        },
        Command("state", "", "print the whole navigation state as one JSON line") { shell, _ in
            ReplReply(output: .line(shell.stateJSON.serialized))
        },
        Command(
            "tab", "<name>", "switch to another tab of the flow", arguments: 1...1,
            choices: { shell, index in index == 0 ? ArgumentChoices("tab of this flow", shell.tabs()) : nil }
        ) { shell, input in
            navigate { () throws(NavigationError) in try shell.app.selectTab(input.arguments[0]) }
        },
        Command("dismiss", "", "dismiss the sheet or alert") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.dismiss() }
        },
        Command("undo", "", "undo the last navigation step") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.undo() }
        },
        Command("redo", "", "redo the step undone") { shell, _ in
            navigate { () throws(NavigationError) in try shell.app.redo() }
        },
        Command("logout", "", "sign out at once") { shell, _ in
            SignOutRequested.reply(sending: shell.app.send)
        },
        Command("quit", "", "leave (Ctrl-D works too)", aliases: ["exit"]) { _, _ in
            ReplReply(quits: true)
        },
    ]

    /// The global commands as help and completion list them.
    public static let globalCommands: [CommandHelp] = commands.map(\.help)

    /// The command `name` can run now, and whether it is the screen's own (whose data is
    /// loaded before it runs). One table, in this order: the global commands, the
    /// features' (those of the active flow, those that show another), the features'
    /// session commands, the screen's.
    func command(named name: String, on model: any ScreenModel) -> (command: BoundCommand, isScreens: Bool)? {
        if let global = command(named: name) { return (global, false) }
        for feature in Feature.all {
            if let command = feature.commands.first(where: { $0.answers(to: name) && $0.isOffered(app) }) {
                return (command.bound(to: app), false)
            }
        }
        for session in sessionCommands {
            if let command = session.command(named: name) { return (command, false) }
        }
        return model.command(named: name).map { ($0, true) }
    }

    /// The commands listed for `model`'s screen: its own, then the features' offered on
    /// it (without repeating a name).
    func commands(of model: any ScreenModel) -> [CommandHelp] {
        var listed = model.listedCommands
        for feature in Feature.all {
            for command in feature.commands where command.isListed && command.isOffered(app) && !listed.contains(where: { $0.name == command.help.name }) {
                listed.append(command.help)
            }
        }
        return listed
    }

    /// The names Tab completes at the start of a line, and after `help`.
    func commandNames() -> [String] {
        (commands(of: app.visibleScreen()) + Self.globalCommands).map(\.name)
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

    /// The tabs of the active flow.
    private func tabs() -> [String] {
        app.store.graph.flow(named: app.store.state.activeFlow)?.tabs ?? []
    }

    /// `help open`'s list of the links the app knows.
    private func knownLinks() -> StyledText {
        var text = StyledText()
        text.append("  Links this app knows:", .dim)
        for link in staticLinks() { text.append("    \(link)", .link) }
        return text
    }
}
