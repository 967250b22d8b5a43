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

    /// The current link, the current link followed by each step the graph allows from here
    /// (a step with parameters as its template: `…/post/7/people/{id:int}`), then the
    /// links of the graph and their templates: what completes a link
    /// argument, `open`'s among them.
    public func linkCandidates() -> [String] {
        let graph = navigationStore.graph
        let url = navigationStore.url
        var links = [url]
        if navigationStore.state.presentation == nil, let top = navigationStore.state.activeStack?.top.screen {
            for next in graph.successors(of: top) where !next.pattern.isEmpty {
                links.append(Self.withoutQuery(url) + "/" + next.patternText)
            }
        }
        let known = knownLinks()
        return links + known.links + known.templates
    }
}
