import Wayfinder
import WayfinderTerminal
import WayfinderSystem

extension Shell {
    /// `help`: every command of this screen and the global ones; `help NAME`: one command
    /// (by its name or another it answers to, `exit` for `quit`), or an error (a failed
    /// command, as any other) when there is none of that name here.
    func help(_ typed: String?) -> ReplReply {
        let model = app.visibleScreen()
        let screen = commands(of: model)
        var text = StyledText()
        if let typed {
            let name = command(named: typed, on: model)?.command.help.name ?? typed
            guard let command = (screen + globalHelp).first(where: { $0.name == name }) else {
                let names = (screen + globalHelp).map(\.name)
                let hint = suggestion(for: name, among: names).map { "; did you mean '\($0)'?" } ?? "; type help for the list"
                return .failed("no command '\(name.escapingControlCharacters)' here\(hint)")
            }
            text.append(line: [TextSpan(command.name, .command), TextSpan(command.usage.isEmpty ? "" : " \(command.usage)", .dim)])
            text.append("  \(command.summary)")
            if let declared = self.command(named: name, on: model)?.command { text.append(contentsOf: declared.details()) }
            return ReplReply(output: text)
        }
        text.append("Commands of this screen", .title)
        append(screen, to: &text)
        text.append("Global commands", .title)
        append(globalHelp, to: &text)
        text.append(Self.typingRule, .dim)
        return ReplReply(output: text)
    }

    /// How a line is split (`CommandInput`), as `help` tells it.
    static var typingRule: String {
        "Words are split at spaces; a word in \"double\" or 'single' quotes may hold spaces; "
            + "apostrophes, quotes inside words and backslashes are kept as typed."
    }

    private func append(_ commands: [CommandHelp], to text: inout StyledText) {
        let width = (commands.map { $0.name.count + ($0.usage.isEmpty ? 0 : $0.usage.count + 1) }.max() ?? 0) + 2
        for command in commands {
            let head = command.name + (command.usage.isEmpty ? "" : " " + command.usage)
            text.append(line: [
                TextSpan("  " + command.name, .command),
                TextSpan(String(head.dropFirst(command.name.count)) + String(repeating: " ", count: max(1, width - head.count)), .dim),
                TextSpan(command.summary),
            ])
        }
    }

    /// Every link made only of literal segments that the graph allows, root first.
    func staticLinks() -> [String] { knownLinks().links }

    /// The links of ``staticLinks()``, and the templates of the links that take parameters
    /// (`wayfinder://main/feed/post/{id:int}/comments`), each once, up to three screens deep:
    /// those an outside link may open (none through an internal screen, which `open` refuses).
    func knownLinks() -> (links: [String], templates: [String]) {
        let graph = navigationStore.graph
        var links: [String] = []
        var templates: [String] = []
        var seen: Set<String> = []
        for flow in graph.flows {
            for tab in flow.hasTabs ? flow.tabs.map(Optional.some) : [nil] {
                guard let root = graph.rootScreen(flow: flow.name, tab: tab), root.entry != .internal else { continue }
                // A template is the link's text once a screen with parameters is in it.
                var queue: [(stack: [Route], presentation: Route?, template: String?)] = [([Route(root.name)], nil, nil)]
                while let (stack, presentation, template) = queue.first {
                    queue.removeFirst()
                    let link = template ?? graph.link(flow: flow.name, tab: tab, stack: stack, presentation: presentation)
                    guard seen.insert(link).inserted, stack.count <= 3 else { continue }
                    if template == nil { links.append(link) } else { templates.append(link) }
                    guard presentation == nil, let top = stack.last else { continue }
                    for next in graph.successors(of: top.screen) where next.entry != .internal {
                        let nextTemplate = template != nil || next.pathParameterCount > 0
                            ? Self.withoutQuery(link) + "/" + next.patternText : nil
                        if next.kind.presentationStyle != nil {
                            queue.append((stack, Route(next.name), nextTemplate))
                        } else if !stack.contains(where: { $0.screen == next.name }) {
                            queue.append((stack + [Route(next.name)], nil, nextTemplate))
                        }
                    }
                }
            }
        }
        return (links, templates)
    }

    /// `link` without its query.
    static func withoutQuery(_ link: String) -> String {
        link.split(separator: "?", maxSplits: 1).first.map(String.init) ?? link
    }
}
