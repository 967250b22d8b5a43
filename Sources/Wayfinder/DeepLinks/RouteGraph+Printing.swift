extension RouteGraph {
    /// The canonical link for a flow, tab, stack and presentation.
    ///
    /// Lower-case scheme and flow, the tab (for a tabbed flow), each pushed screen's
    /// pattern with its values percent-encoded (everything but `A–Z a–z 0–9 - . _ ~`),
    /// the presentation's pattern last, then the query parameters of every screen along
    /// the way in stack order and declaration order; no trailing slash.
    /// Screens unknown to the graph are skipped.
    ///
    /// - Parameters:
    ///   - flow: The flow's name.
    ///   - tab: The tab, for a tabbed flow (`nil` means its first tab).
    ///   - stack: The stack, root first.
    ///   - presentation: The presented route, if any.
    /// - Complexity: O(length of the result).
    public func link(flow: String, tab: String?, stack: [Route], presentation: Route?) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        output.append(contentsOf: scheme.utf8)
        output.append(contentsOf: "://".utf8)
        output.append(contentsOf: flow.utf8)
        if let info = self.flow(named: flow), info.hasTabs {
            output.append(UInt8(ascii: "/"))
            output.append(contentsOf: (tab ?? info.tabs[0]).utf8)
        }
        var routes = stack
        if let presentation { routes.append(presentation) }
        var query: [(String, ParameterValue)] = []
        for route in routes {
            guard let screen = self.screen(named: route.screen) else { continue }
            for segment in screen.pattern {
                output.append(UInt8(ascii: "/"))
                switch segment {
                case .literal(let word):
                    output.append(contentsOf: word.utf8)
                case .parameter(let name, _):
                    PercentEncoding.encode(route.parameters[name]?.text ?? "", into: &output)
                }
            }
            for parameter in screen.query {
                if let value = route.parameters[parameter.name] { query.append((parameter.name, value)) }
            }
        }
        for (index, (name, value)) in query.enumerated() {
            output.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            PercentEncoding.encode(name, into: &output)
            output.append(UInt8(ascii: "="))
            PercentEncoding.encode(value.text, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
