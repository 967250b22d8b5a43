import Wayfinder
import WayfinderKit
import WayfinderRouteTools
import WayfinderTerminal

extension AppCoordinator {
    /// The kit's navigation commands, with `explain` before `where`: the route tools'
    /// explanation of a link, as `wayfinder explain` gives it, with this session's guards.
    public static func navigationCommands(_ defaults: [Command<AppShell>]) -> [Command<AppShell>] {
        var commands = defaults
        commands.insert(explain, at: commands.firstIndex { $0.help.name == "where" } ?? commands.endIndex)
        return commands
    }

    /// `explain <url>`: what `open` would do with the link now, and why; opens nothing.
    static var explain: Command<AppShell> {
        Command(
            "explain", "<url>", "say what a deep link opens and why, or where and why it is refused", arguments: 1...1,
            completions: { shell, index in index == 0 ? shell.linkCandidates() : [] },
            details: { _ in
                StyledText.line("""
                      Opens nothing. Says what 'open' would do with the link now: each segment and the screen
                      that read it, the screens that matched too and why they lost, the guard it waits
                      behind; or, for a link that is refused, how far it read and why each screen tried next
                      failed, with the error 'open' would give.
                    """, .dim)
            }
        ) { shell, input in
            // The verdict is what `open` would resolve, with this state's guards.
            ReplReply(output: .line(shell.navigationStore.navigator.explain(input.arguments[0]).description))
        }
    }
}
