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
        link(flow: flow, tab: tab, root: nil, routes: stack, elements: [], presentation: presentation)
    }

    /// The canonical link of `stack` (root, path, presentation) in `flow` and `tab`, as
    /// ``link(flow:tab:stack:presentation:)`` prints it, without building an array of routes.
    func link(flow: String, tab: String?, stack: borrowing RouteStack) -> String {
        link(flow: flow, tab: tab, root: stack.root, routes: [], elements: stack.path, presentation: stack.presentation?.route)
    }

    /// The canonical link of `root` (if any), `routes`, the routes of `elements`, then
    /// `presentation`. Routes are read in place (by index), not copied.
    private func link(flow: String, tab: String?, root: Route?, routes: [Route], elements: [StackElement], presentation: Route?) -> String {
        var writer = LinkWriter()
        writer.append(scheme)
        writer.append("://")
        writer.append(flow)
        let index = linkIndex
        let found = withBytes(of: flow) { index.lookup(.flow, $0) }
        if let flowIndex = found?.lowerBound ?? flowIndex[flow], index.flows[flowIndex].tabCount > 0 {
            writer.append(UInt8(ascii: "/"))
            writer.append(tab ?? flows[flowIndex].tabs[0])
        }
        var hasQuery = false
        if let root { writePath(of: root, index: index, hasQuery: &hasQuery, to: &writer) }
        for position in routes.indices { writePath(of: routes[position], index: index, hasQuery: &hasQuery, to: &writer) }
        for position in elements.indices { writePath(of: elements[position].route, index: index, hasQuery: &hasQuery, to: &writer) }
        if let presentation { writePath(of: presentation, index: index, hasQuery: &hasQuery, to: &writer) }
        if hasQuery {
            var separator = UInt8(ascii: "?")
            if let root { writeQuery(of: root, index: index, separator: &separator, to: &writer) }
            for position in routes.indices { writeQuery(of: routes[position], index: index, separator: &separator, to: &writer) }
            for position in elements.indices { writeQuery(of: elements[position].route, index: index, separator: &separator, to: &writer) }
            if let presentation { writeQuery(of: presentation, index: index, separator: &separator, to: &writer) }
        }
        return writer.string
    }

    /// The number of the screen `route` shows: by the link index, where the screens' names
    /// are, else (a name that is not byte for byte a screen's) as `screen(named:)` finds it.
    private func screenNumber(of route: Route, index: LinkIndex) -> Int? {
        let found = withBytes(of: route.screen) { index.lookup(.screen, $0) }
        return found?.lowerBound ?? screenIndex[route.screen]
    }

    /// The canonical link of `resolved`, as ``link(flow:tab:stack:presentation:)`` prints
    /// its routes, read from its steps: screens by number, values by slot.
    func link(of resolved: ResolvedLink) -> String {
        var writer = LinkWriter()
        writer.append(scheme)
        writer.append("://")
        let flow = flows[resolved.flowIndex]
        writer.append(flow.name)
        if flow.hasTabs {
            writer.append(UInt8(ascii: "/"))
            writer.append(flow.tabs[resolved.tabIndex ?? 0])
        }
        let index = linkIndex
        var hasQuery = false
        for step in 0..<resolved.count {
            let start = Int(resolved.steps[step].valueStart)
            writePath(screen: Int(resolved.steps[step].screen), hasValues: true, index: index, hasQuery: &hasQuery, to: &writer) { _, slot in
                resolved.values[start + slot]
            }
        }
        if hasQuery {
            var separator = UInt8(ascii: "?")
            for step in 0..<resolved.count {
                let start = Int(resolved.steps[step].valueStart)
                writeQuery(screen: Int(resolved.steps[step].screen), index: index, separator: &separator, to: &writer) { _, slot in
                    resolved.values[start + slot]
                }
            }
        }
        return writer.string
    }

    /// `/segment…` for each segment of the pattern of `route`'s screen; `hasQuery` becomes
    /// true when the screen declares query parameters and `route` holds any parameter.
    private func writePath(of route: Route, index: LinkIndex, hasQuery: inout Bool, to writer: inout LinkWriter) {
        guard let screen = screenNumber(of: route, index: index) else { return }
        writePath(screen: screen, hasValues: !route.parameters.isEmpty, index: index, hasQuery: &hasQuery, to: &writer) { name, _ in
            RouteGraph.parameter(name, of: route)
        }
    }

    /// `/segment…` for each segment of the pattern of `screen`, its values given by `value`
    /// (from the parameter's name or slot: path parameters in pattern order, then query
    /// parameters in declaration order); `hasQuery` becomes true when the screen declares
    /// query parameters and `hasValues`.
    private func writePath(
        screen: Int, hasValues: Bool, index: LinkIndex, hasQuery: inout Bool, to writer: inout LinkWriter,
        value: (_ name: String, _ slot: Int) -> ParameterValue?
    ) {
        if !index.screens[screen].query.isEmpty, hasValues { hasQuery = true }
        let pattern = index.screens[screen].pattern
        var slot = 0
        for position in pattern {
            let segment = index.segments[position]
            writer.append(UInt8(ascii: "/"))
            if segment.kind == .literal {
                writer.bytes.append(contentsOf: index.bytes[segment.text])
            } else {
                if let value = value(index.segmentNames[position], slot) { writer.append(encoding: value) }
                slot += 1
            }
        }
    }

    /// `?key=value` or `&key=value` for each query parameter `route` holds, in declaration order.
    private func writeQuery(of route: Route, index: LinkIndex, separator: inout UInt8, to writer: inout LinkWriter) {
        guard !route.parameters.isEmpty, let screen = screenNumber(of: route, index: index) else { return }
        writeQuery(screen: screen, index: index, separator: &separator, to: &writer) { name, _ in RouteGraph.parameter(name, of: route) }
    }

    /// `?key=value` or `&key=value` for each query parameter of `screen` that `value` gives
    /// (see ``writePath(screen:hasValues:index:hasQuery:to:value:)``), in declaration order.
    private func writeQuery(
        screen: Int, index: LinkIndex, separator: inout UInt8, to writer: inout LinkWriter,
        value: (_ name: String, _ slot: Int) -> ParameterValue?
    ) {
        let query = index.screens[screen].query
        let firstSlot = index.screens[screen].pathParameterCount
        for position in query {
            let name = index.queryNames[position]
            guard let value = value(name, firstSlot + position - query.lowerBound), !isQueryDefault(value, at: position) else { continue }
            writer.append(separator)
            separator = UInt8(ascii: "&")
            writer.append(percentEncoding: name.utf8)
            writer.append(UInt8(ascii: "="))
            writer.append(encoding: value)
        }
    }

    /// `route.parameters[name]`: a look at each of a route's few parameters is cheaper than
    /// hashing the name.
    private static func parameter(_ name: String, of route: Route) -> ParameterValue? {
        guard route.parameters.count <= 8 else { return route.parameters[name] }
        for (key, value) in route.parameters where key == name { return value }
        return nil
    }
}

/// Collects a link's bytes.
private struct LinkWriter {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(128)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `bytes`, percent-encoding every byte that is not unreserved.
    mutating func append(percentEncoding bytes: some Sequence<UInt8>) {
        PercentEncoding.encode(bytes, into: &self.bytes)
    }

    /// Appends a value as it appears in a canonical link.
    mutating func append(encoding value: ParameterValue) {
        switch value {
        case .int(let number):
            appendDecimal(number)
        case .string(let text):
            append(percentEncoding: text.utf8)
        case .uuid(let uuid):
            append(uuid.description)
        case .segments(let segments):
            for (index, segment) in segments.enumerated() {
                if index > 0 { append(UInt8(ascii: "/")) }
                append(percentEncoding: segment.utf8)
            }
        default:
            append(percentEncoding: value.text.utf8)
        }
    }

    /// Appends `number` in decimal (digits are unreserved: nothing to encode).
    mutating func appendDecimal(_ number: Int) {
        append(String(number))
    }
}

/// The web form of links: the custom-scheme link on the table's first web origin.
extension RouteGraph {
    /// The web form of the custom-scheme link `link` of this graph, on its first declared
    /// origin; `nil` when the table declares none.
    func webForm(of link: String) -> String? {
        guard let prefix = storage.webPrefix else { return nil }
        // By UTF-8 offset: the scheme and `://` are ASCII (dropping characters walks them).
        return prefix + link[link.utf8.index(link.utf8.startIndex, offsetBy: scheme.utf8.count + 3)...]
    }

    /// The canonical web link of a state, as ``link(flow:tab:stack:presentation:)`` prints
    /// the custom-scheme one, on the first origin the table declares (`web` lines); `nil`
    /// when it declares none.
    public func webLink(flow: String, tab: String?, stack: [Route], presentation: Route?) -> String? {
        webForm(of: link(flow: flow, tab: tab, stack: stack, presentation: presentation))
    }
}

extension ResolvedLink {
    /// The canonical web form of the link (see ``RouteGraph/webLink(flow:tab:stack:presentation:)``),
    /// or `nil` when the table declares no web origin.
    public var webURL: String? { graph.webForm(of: url) }
}
