import Wayfinder
import WayfinderTerminal

/// What the REPL shows after a command: the header with the top of every flow's stack
/// (the active one marked), the active screen (with any sheet or alert over it), and the
/// commands it accepts.
@MainActor
struct ScreenLayout<App: ShellApp> {
    let shell: Shell<App>
    let screen: Screen

    var body: StyledText {
        let model = screen.model
        let view = screen.view
        let state = shell.navigationStore.state
        var text = StyledText()
        text.append(line: header(state))
        text.appendBlank()
        if let presentation = state.presentation {
            let below = state.activeStack?.top.description ?? ""
            text.append("── \(presentation.style.rawValue) over \(below) ──", .dim)
            text.append(contentsOf: view.render())
            text.append("────────", .dim)
        } else {
            text.append(contentsOf: view.render())
        }
        if let held = state.confirming { appendConfirmation(of: held, to: &text) }
        text.appendBlank()
        let screenCommands = model.secretPrompt == nil ? shell.commands(of: model) : []
        if !screenCommands.isEmpty {
            var spans: [TextSpan] = []
            spans.reserveCapacity(1 + 3 * screenCommands.count)
            spans.append(TextSpan("Commands: ", .dim))
            for (index, command) in screenCommands.enumerated() {
                if index > 0 { spans.append(TextSpan(", ", .dim)) }
                spans.append(TextSpan(command.name, .command))
                if !command.usage.isEmpty { spans.append(TextSpan(" \(command.usage)", .dim)) }
            }
            text.append(line: spans)
        }
        text.append(shell.alsoLine, .dim)
        return text
    }

    /// The question a link from outside waiting to be confirmed asks, under the screen.
    private func appendConfirmation(of held: String, to text: inout StyledText) {
        // As it was read when kept.
        let screen = shell.navigationStore.navigator.confirmingLink?.entry.screen
        text.appendBlank()
        text.append("── a link from outside asks to open \(screen.map { "'\($0)'" } ?? "a screen") ──", .dim)
        text.append("  \(held)", .link)
        text.append(line: [
            TextSpan("  Type ", .dim), TextSpan("confirm", .command), TextSpan(" to open it, or ", .dim),
            TextSpan("decline", .command), TextSpan(" to stay here. Nothing of it opens before.", .dim),
        ])
        text.append("────────", .dim)
    }

    /// `login: signIn | *main/feed: post(id: 42) | settings: settings`.
    private func header(_ state: NavigationState) -> [TextSpan] {
        let flows = shell.navigationStore.graph.flows
        var spans: [TextSpan] = []
        spans.reserveCapacity(3 * flows.count)
        for flow in flows {
            guard let flowState = state.flows[flow.name], let stack = flowState.selectedStack else { continue }
            if !spans.isEmpty { spans.append(TextSpan(" | ", .dim)) }
            let isActive = flow.name == state.activeFlow
            let place = flow.name + (flowState.selectedTab.map { "/\($0)" } ?? "")
            var top = stack.top.description
            if let presentation = stack.presentation { top += " + \(presentation.route.description)" }
            spans.append(TextSpan((isActive ? "*" : "") + place + ": ", isActive ? .active : .dim))
            spans.append(TextSpan(top, isActive ? .active : .dim))
        }
        return spans
    }
}
