import Wayfinder
import WayfinderTerminal

extension Shell {
    /// Commands at the start of a line, and what the command typed completes after it.
    public func completions(for text: String) -> [String] {
        let model = app.visibleScreen()
        if model.secretPrompt != nil { return [] }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let partial = text.hasSuffix(" ") || text.isEmpty ? "" : (words.popLast() ?? "")
        let candidates: [String]
        if let name = words.first {
            candidates = command(named: name, on: model)?.command.completions(words.count - 1) ?? []
        } else {
            candidates = commandNames()
        }
        var seen: Set<String> = []
        return candidates.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    }

    /// What completes a link argument (`open`'s among them): the current link, the current
    /// link followed by each step the graph allows from here, then the links of the graph.
    /// Only links an outside link may open: none through an internal screen. A link with
    /// parameters is offered up to its first one (`…/post/`), where the user types the value.
    public func linkCandidates() -> [String] {
        let graph = navigationStore.graph
        let url = navigationStore.url
        var links: [String] = []
        if (try? graph.resolveFromOutside(url)) != nil {
            links.append(url)
            if navigationStore.state.presentation == nil, let top = navigationStore.state.activeStack?.top.screen {
                for next in graph.successors(of: top) where !next.pattern.isEmpty && next.entry != .internal {
                    links.append(Self.upToFirstParameter(Self.withoutQuery(url) + "/" + next.patternText))
                }
            }
        }
        let known = knownLinks()
        return links + known.links + known.templates.map(Self.upToFirstParameter)
    }

    /// `template` up to its first parameter (`wayfinder://main/feed/post/` for
    /// `…/post/{id:int}/comments`); itself when it has none.
    static func upToFirstParameter(_ template: String) -> String {
        template.firstIndex(of: "{").map { String(template[..<$0]) } ?? template
    }
}
