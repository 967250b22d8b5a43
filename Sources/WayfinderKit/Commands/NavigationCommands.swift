import Wayfinder
import WayfinderTerminal

extension Shell {
    /// The name of the command that leaves; the app's global commands come before it.
    static var quitName: String { "quit" }

    /// `open`'s flag that shows what it would change and changes nothing.
    static var dryRunFlag: String { "--dry-run" }

    /// The navigation commands every app gets, in help order, each declared once with its
    /// handler: `help`, `back`, `root`, `open`, `confirm` and `decline` (while a link from
    /// outside waits to be confirmed), `where`, `state`, `tab`, `dismiss`, `undo`,
    /// `redo` and `quit` (`exit`). Dispatch, help, completion and the screen's "Also:" line
    /// read them; an app hides or renames any of them in
    /// ``ShellApp/navigationCommands(_:)``.
    public static var navigationCommands: [Command<Shell>] {
        [
            Command(
                "help", "[command]", "list the commands, or explain one", arguments: 0...1,
                completions: { shell, index in index == 0 ? shell.commandNames() : [] }
            ) { shell, input in
                shell.help(input.arguments.first)
            },
            Command("back", "", "dismiss the sheet or alert, else go back one screen") { shell, _ in
                let store = shell.navigationStore
                return navigate { () throws(NavigationError) in try store.perform(store.state.presentation != nil ? .dismiss : .pop) }
            },
            Command("root", "", "go back to the first screen of the tab or flow") { shell, _ in
                navigate { () throws(NavigationError) in try shell.navigationStore.perform(.popToRoot) }
            },
            Command(
                "open", "[--dry-run] <url>", App.exampleLink.map { "open a deep link, such as \($0)" } ?? "open a deep link",
                arguments: 1...2,
                completions: { shell, index in index == 0 ? [dryRunFlag] + shell.linkCandidates() : index == 1 ? shell.linkCandidates() : [] },
                details: { shell in shell.knownLinksHelp() }
            ) { shell, input in
                // One link, and the flag at most once, before or after it.
                let links = input.arguments.filter { $0 != dryRunFlag }
                guard links.count == 1 else { return .usageFailed("usage: open [--dry-run] <url>") }
                return input.arguments.count == 2 ? await shell.dryRunReply(links[0]) : await shell.open(links[0])
            },
            Command(
                "confirm", "", "open the link from outside that waits to be confirmed",
                when: { $0.navigationStore.state.confirming != nil }
            ) { shell, _ in
                await shell.answerLink(confirming: true)
            },
            Command(
                "decline", "", "drop the link from outside that waits to be confirmed",
                when: { $0.navigationStore.state.confirming != nil }
            ) { shell, _ in
                await shell.answerLink(confirming: false)
            },
            Command("where", "", "print the link of what is on screen") { shell, _ in
                ReplReply(output: .line(shell.navigationStore.url, .link))
            },
            Command("state", "", "print the whole navigation state as one JSON line") { shell, _ in
                ReplReply(output: .line(shell.stateJSON.serialized))
            },
            Command(
                "tab", "<name>", "switch to another tab of the flow", arguments: 1...1,
                choices: { shell, index in index == 0 ? ArgumentChoices("tab of this flow", shell.tabs()) : nil }
            ) { shell, input in
                navigate { () throws(NavigationError) in try shell.navigationStore.perform(.selectTab(input.arguments[0])) }
            },
            Command("dismiss", "", "dismiss the sheet or alert") { shell, _ in
                navigate { () throws(NavigationError) in try shell.navigationStore.perform(.dismiss) }
            },
            Command("undo", "", "undo the last navigation step") { shell, _ in
                navigate { () throws(NavigationError) in try shell.navigationStore.perform(.undo) }
            },
            Command("redo", "", "redo the step undone") { shell, _ in
                navigate { () throws(NavigationError) in try shell.navigationStore.perform(.redo) }
            },
            Command(quitName, "", "leave (Ctrl-D works too)", aliases: ["exit"]) { _, _ in
                ReplReply(quits: true)
            },
        ]
    }

    /// The command `name` can run now, and whether it is the screen's own (whose data is
    /// loaded before it runs). One table, in this order: the global commands, the app's
    /// offered now, its session commands, the screen's.
    func command(named name: String, on model: any ScreenModel) -> (command: BoundCommand, isScreens: Bool)? {
        if let global = globalCommand(named: name) { return (global, false) }
        if let command = app.command(named: name) { return (command, false) }
        for session in sessionCommands {
            if let command = session.command(named: name) { return (command, false) }
        }
        return model.command(named: name).map { ($0, true) }
    }

    /// The commands listed for `model`'s screen: its own, then the app's offered on it
    /// (without repeating a name).
    func commands(of model: any ScreenModel) -> [CommandHelp] {
        var listed = model.listedCommands
        for command in app.listedCommands where !listed.contains(where: { $0.name == command.name }) {
            listed.append(command)
        }
        return listed
    }

    /// The names Tab completes at the start of a line, and after `help`.
    func commandNames() -> [String] {
        (commands(of: app.visibleScreen()) + globalHelp).map(\.name)
    }

    /// `open URL`: the link applied, or kept as the pending link until its guard is granted;
    /// refused when it does not resolve, or names data that does not exist.
    /// `open --dry-run LINK`: the change it would make, nothing changed.
    private func dryRunReply(_ link: String) async -> ReplReply {
        do {
            return ReplReply(output: .line(try await app.dryRun([link]).joined(separator: "\n")))
        } catch {
            return .failed(error)
        }
    }

    private func open(_ link: String) async -> ReplReply {
        let asked = navigationStore.state.confirming
        do {
            let outcome = try await app.openChecked([link])
            // One link waits to be confirmed at a time: the one asked before is told dropped.
            if case .awaitingConfirmation(let held, _)? = outcome, let asked, asked != held {
                return ReplReply(output: .line("\(asked) no longer waits to be confirmed: \(held) is asked about instead.", .dim), showsScreen: true)
            }
            return reply(to: outcome)
        } catch {
            return .failed(error)
        }
    }

    /// `confirm`: the link waiting is opened (its data checked as `open` checks it);
    /// `decline`: it is dropped.
    private func answerLink(confirming: Bool) async -> ReplReply {
        do {
            if confirming { return reply(to: try await app.confirmLink()) }
            let dropped = try navigationStore.perform { navigator throws(NavigationError) in try navigator.declineLink() }
            return ReplReply(output: .line("Declined \(dropped).", .dim), showsScreen: true)
        } catch {
            return .failed(error)
        }
    }

    /// What the REPL says after a link was opened, held or deferred.
    private func reply(to outcome: NavigationOutcome?) -> ReplReply {
        switch outcome {
        case .deferred(let pending, let guardName)?:
            ReplReply(output: .line(app.waitingMessage(for: pending, behind: guardName), .dim), showsScreen: true)
        case .awaitingConfirmation?, .applied?, nil:
            ReplReply(showsScreen: true)
        }
    }

    /// The tabs of the active flow.
    private func tabs() -> [String] {
        navigationStore.graph.flow(named: navigationStore.state.activeFlow)?.tabs ?? []
    }

    /// `help open`'s list of the links the app knows.
    private func knownLinksHelp() -> StyledText {
        var text = StyledText()
        let known = knownLinks()
        text.append("  Links this app knows:", .dim)
        for link in known.links { text.append("    \(link)", .link) }
        guard !known.templates.isEmpty else { return text }
        text.append("  And with parameters (put a value in place of each {name:type}):", .dim)
        for template in known.templates { text.append("    \(template)", .link) }
        return text
    }
}
