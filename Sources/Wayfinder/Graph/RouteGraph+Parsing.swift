import WayfinderSystem

extension RouteGraph {
    /// Parses a `.routes` file into a graph.
    ///
    /// Every problem that keeps the declarations from making a graph is reported at once,
    /// each with `file:line:column`. The route tools check a table further (the
    /// `RouteGraph(checking:file:)` of `routes check` and the `RoutesCompiler` plugin): every
    /// link and state a round trip, the `version`, `from` and `alias` lines fitting the table.
    /// A table parsed here is taken as possibly ambiguous: a ``Navigator`` reads back the
    /// links it prints before it opens them.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The name used in diagnostics (usually the path as the user gave it).
    /// - Throws: ``RoutesFileError`` listing every problem found.
    public init(parsing text: String, file: String = "<routes>") throws(RoutesFileError) {
        self = try Self.parsed(text, file: file).graph
    }

    /// The graph of a `.routes` file and the parser that read it (its `version`, `from` and
    /// `alias` lines with their places), for the route tools' further checks.
    @_spi(RouteTools) public static func parsed(_ text: String, file: String) throws(RoutesFileError) -> (graph: RouteGraph, parser: RoutesParser) {
        var parser = RoutesParser(file: file)
        parser.parse(text)
        var builder = GraphBuilder(parser: parser)
        builder.check()
        guard builder.diagnostics.isEmpty, let graph = builder.build() else {
            throw RoutesFileError(diagnostics: builder.diagnostics)
        }
        return (graph, parser)
    }

    /// A graph of declarations that ``init(parsing:file:)`` accepted when the package was
    /// built: what the `RoutesCompiler` plugin generates from a `.routes` file (`webOrigins`
    /// as they print, `https://host`). They are not checked again, and declarations that do
    /// not make a graph stop the program: so this is not API to call by hand, but the
    /// generated code's (`@_spi(Generated) import Wayfinder`). By hand, parse a table with
    /// ``init(parsing:file:)``, which throws.
    @_spi(Generated)
    public init(
        checkedScheme scheme: String, webOrigins: [String] = [], guards: [Guard], flows: [Flow], screens: [Screen],
        version: Int = 1, migrations: [RouteMigration] = [], aliases: [RouteAlias] = [], mayPrintAmbiguously: Bool? = nil
    ) {
        let origins = webOrigins.compactMap(WebOrigin.init(parsing:))
        let history = History(version: version, migrations: migrations, aliases: aliases)
        guard origins.count == webOrigins.count,
              let graph = GraphBuilder.assemble(
                  scheme: scheme, webOrigins: origins, guards: guards, flows: flows, screens: screens, history: history
              )
        else {
            preconditionFailure("RouteGraph(checkedScheme:…) was given declarations that do not make a graph")
        }
        if let mayPrintAmbiguously { graph.storage.mayPrintAmbiguously.withLock { $0 = mayPrintAmbiguously } }
        self = graph
    }

    init(
        scheme: String, webOrigins: [WebOrigin], guards: [Guard], flows: [Flow], screens: [Screen],
        successors: [[Int]], roots: [[Int]], queryOwners: [[String: Int]], history: History
    ) {
        storage = Storage(
            scheme: scheme, webOrigins: webOrigins, guards: guards, flows: flows, screens: screens,
            successors: successors, roots: roots, queryOwners: queryOwners, history: history
        )
    }
}

/// Checks the declarations a ``RoutesParser`` read and builds the graph.
struct GraphBuilder {
    let parser: RoutesParser
    var diagnostics: [RoutesDiagnostic]

    init(parser: RoutesParser) {
        self.parser = parser
        self.diagnostics = parser.diagnostics
    }

    mutating func error(_ at: RoutesLocation, _ message: String) {
        diagnostics.append(RoutesDiagnostic(at, message))
    }

    var start: RoutesLocation { RoutesLocation(file: parser.file, line: 1, column: 1) }

    mutating func check() {
        if parser.scheme == nil {
            error(start, "missing 'scheme' line, such as 'scheme wayfinder'")
        }
        if parser.flows.isEmpty {
            error(start, "no flows declared; add at least one 'flow NAME' line")
        }
        if let (scheme, at) = parser.scheme, GraphBuilder.isWebScheme(scheme), let (_, webAt) = parser.webOrigins.first {
            error(at, "scheme '\(scheme)' is a web scheme: beside 'web' lines (the first at \(webAt)) every '\(scheme)://' link would be read as a web link, and none of the table's own would resolve; declare a scheme of the app's own")
        }
        var flows: [String: RoutesParser.FlowDecl] = [:]
        for flow in parser.flows {
            if let first = flows[flow.name] {
                error(flow.location, "duplicate flow '\(flow.name)' (first declared at \(first.location))")
                continue
            }
            flows[flow.name] = flow
            var tabs: Set<String> = []
            for (tab, at) in flow.tabs where !tabs.insert(tab).inserted {
                error(at, "duplicate tab '\(tab)' in flow '\(flow.name)'")
            }
        }
        var guards: [String: RoutesParser.GuardDecl] = [:]
        for decl in parser.guards {
            if let first = guards[decl.name] {
                error(decl.location, "duplicate guard '\(decl.name)' (first declared at \(first.location))")
                continue
            }
            guards[decl.name] = decl
            if let fallback = flows[decl.fallback.0] {
                if fallback.guardName?.0 != nil {
                    error(decl.fallback.1, "guard '\(decl.name)' falls back to flow '\(fallback.name)', which is itself guarded; the fallback must be open to everyone")
                }
            } else {
                error(decl.fallback.1, "unknown flow '\(decl.fallback.0)' as the fallback of guard '\(decl.name)'\(suggest(decl.fallback.0, among: flows.keys))")
            }
        }
        for flow in parser.flows {
            if let (name, at) = flow.guardName, guards[name] == nil {
                error(at, "unknown guard '\(name)'; declare it with 'guard \(name) else FLOW'\(suggest(name, among: guards.keys))")
            }
        }
        if let first = parser.flows.first, first.guardName != nil {
            error(first.location, "the first flow, '\(first.name)', is where the app starts and cannot be guarded; declare an open flow first")
        }
        checkScreens(flows: flows)
    }

    mutating func checkScreens(flows: [String: RoutesParser.FlowDecl]) {
        var screens: [String: RoutesParser.ScreenDecl] = [:]
        var roots: [String: RoutesParser.ScreenDecl] = [:]   // "flow" or "flow.tab"
        var queryKeys: [String: [String: RoutesParser.ScreenDecl]] = [:]
        for screen in parser.screens {
            if let first = screens[screen.name] {
                error(screen.location, "duplicate screen '\(screen.name)' (first declared at \(first.location))")
                continue
            }
            screens[screen.name] = screen
            guard let flow = flows[screen.flow.0] else {
                error(screen.flow.1, "unknown flow '\(screen.flow.0)'\(suggest(screen.flow.0, among: flows.keys))")
                continue
            }
            if screen.kind == .root {
                checkRoot(screen, flow: flow, roots: &roots)
            } else {
                if let (tab, at) = screen.tab {
                    error(at, "only a root screen names a tab ('\(tab)'); a \(screen.kind.rawValue) screen belongs to whichever tab it is reached from")
                }
                if screen.pattern.isEmpty {
                    error(screen.location, "\(screen.kind.rawValue) screen '\(screen.name)' needs a URL pattern, such as '\(screen.name)' or '\(screen.name)/{id:int}'")
                }
                if screen.predecessors.isEmpty {
                    error(screen.location, "\(screen.kind.rawValue) screen '\(screen.name)' needs 'after SCREEN...' naming the screens it may follow")
                }
            }
            let pathNames = Set(screen.pattern.compactMap { segment -> String? in
                if case .parameter(let name, _) = segment { return name }
                return nil
            })
            for (parameter, at) in screen.query {
                if pathNames.contains(parameter.name) {
                    error(at, "query parameter '\(parameter.name)' has the same name as a path parameter of '\(screen.name)'")
                } else if let owner = queryKeys[flow.name, default: [:]][parameter.name] {
                    let place = owner.name == screen.name ? "twice on this screen" : "also by screen '\(owner.name)' at \(owner.location)"
                    error(at, "query parameter '\(parameter.name)' is declared \(place); query keys must be unique within flow '\(flow.name)'")
                } else {
                    queryKeys[flow.name, default: [:]][parameter.name] = screen
                }
                if screen.kind == .root, !parameter.isOptional {
                    error(at, "query parameter '\(parameter.name)' of root screen '\(screen.name)' must be optional (write '\(parameter.name):\(parameter.type.declaration)?'): a root is shown without a link")
                }
            }
        }
        for flow in parser.flows where flows[flow.name]?.location == flow.location {
            if flow.tabs.isEmpty {
                if roots[flow.name] == nil {
                    error(flow.location, "flow '\(flow.name)' has no root screen; add 'screen NAME \(flow.name) root'")
                }
            } else {
                for (tab, at) in flow.tabs where roots["\(flow.name).\(tab)"] == nil {
                    error(at, "tab '\(tab)' of flow '\(flow.name)' has no root screen; add 'screen NAME \(flow.name).\(tab) root'")
                }
            }
        }
        checkEdges(screens: screens)
    }

    mutating func checkRoot(
        _ screen: RoutesParser.ScreenDecl, flow: RoutesParser.FlowDecl,
        roots: inout [String: RoutesParser.ScreenDecl]
    ) {
        if let at = screen.patternLocation {
            error(at, "root screen '\(screen.name)' takes no pattern: its URL is the flow\(flow.tabs.isEmpty ? "" : " and tab") name")
        }
        if let first = screen.predecessors.first {
            error(first.1, "root screen '\(screen.name)' cannot follow other screens; remove 'after'")
        }
        let key: String
        if flow.tabs.isEmpty {
            if let (tab, at) = screen.tab {
                error(at, "flow '\(flow.name)' has no tabs, so root screen '\(screen.name)' cannot name tab '\(tab)'")
                return
            }
            key = flow.name
        } else {
            guard let (tab, at) = screen.tab else {
                error(screen.flow.1, "flow '\(flow.name)' has tabs; name the tab this root belongs to, as '\(flow.name).\(flow.tabs[0].0)'")
                return
            }
            guard flow.tabs.contains(where: { $0.0 == tab }) else {
                error(at, "unknown tab '\(tab)' in flow '\(flow.name)'\(suggest(tab, among: flow.tabs.map(\.0)))")
                return
            }
            key = "\(flow.name).\(tab)"
        }
        if let first = roots[key] {
            error(screen.location, "'\(key)' already has root screen '\(first.name)' (at \(first.location))")
            return
        }
        roots[key] = screen
    }

    /// Why `screen` may not follow `previous`, if it may not.
    static func edgeProblem(from previous: RoutesParser.ScreenDecl, to screen: RoutesParser.ScreenDecl) -> String? {
        let name = previous.name
        if previous.flow.0 != screen.flow.0 {
            return "predecessor '\(name)' belongs to flow '\(previous.flow.0)', but '\(screen.name)' belongs to '\(screen.flow.0)'; links cannot cross flows"
        }
        if previous.kind == .sheet || previous.kind == .alert {
            return "'\(name)' is \(previous.kind == .sheet ? "a sheet" : "an alert"); nothing can follow a sheet or alert"
        }
        if case .parameter(let rest, .rest)? = previous.pattern.last {
            return "'\(name)' ends with the rest parameter '{\(rest):rest}', which takes the rest of the link; nothing can follow it"
        }
        return nil
    }

    mutating func checkEdges(screens: [String: RoutesParser.ScreenDecl]) {
        var successors: [String: [RoutesParser.ScreenDecl]] = [:]
        var refused: Set<String> = []
        for screen in parser.screens where screens[screen.name]?.location == screen.location {
            var seen: Set<String> = []
            for (name, at) in screen.predecessors {
                guard seen.insert(name).inserted else {
                    error(at, "predecessor '\(name)' is listed twice")
                    continue
                }
                guard let previous = screens[name] else {
                    error(at, "unknown predecessor '\(name)' of screen '\(screen.name)'\(suggest(name, among: screens.keys))")
                    continue
                }
                if let problem = Self.edgeProblem(from: previous, to: screen) {
                    error(at, problem)
                    // Its own error says why; "cannot be reached" would only repeat it.
                    refused.insert(screen.name)
                    continue
                }
                successors[name, default: []].append(screen)
            }
        }
        // Two successors of one screen whose patterns have the same shape could both
        // match the same link; precedence cannot pick one, so the file is ambiguous.
        for screen in parser.screens {
            var shapes: [String: RoutesParser.ScreenDecl] = [:]
            for next in successors[screen.name] ?? [] {
                let shape = next.pattern.map { segment -> String in
                    switch segment {
                    case .literal(let word): "=" + word
                    case .parameter(_, let type): "{" + type.declaration + "}"
                    }
                }.joined(separator: "/")
                if let first = shapes[shape] {
                    error(next.patternLocation ?? next.location, "ambiguous pattern '\(next.pattern.map(\.description).joined(separator: "/"))': after '\(screen.name)' it matches the same links as screen '\(first.name)' (at \(first.location))")
                } else {
                    shapes[shape] = next
                }
            }
        }
        // Every screen must be reachable from a root through the edges.
        var reached: Set<String> = []
        var queue = parser.screens.filter { $0.kind == .root && screens[$0.name]?.location == $0.location }.map { $0.name }
        while let name = queue.popLast() {
            guard reached.insert(name).inserted else { continue }
            queue.append(contentsOf: (successors[name] ?? []).map { $0.name })
        }
        for screen in parser.screens where screens[screen.name]?.location == screen.location {
            guard !reached.contains(screen.name), screen.kind != .root, !refused.contains(screen.name) else { continue }
            let knownPredecessors = screen.predecessors.filter { screens[$0.0] != nil }
            if !knownPredecessors.isEmpty {
                error(screen.location, "screen '\(screen.name)' cannot be reached from any root: its predecessors only lead back to each other")
            }
        }
    }

    func suggest(_ name: String, among candidates: some Sequence<String>) -> String {
        closestName(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    // MARK: - Building

    func build() -> RouteGraph? {
        guard let scheme = parser.scheme?.0 else { return nil }
        let guards = parser.guards.map { RouteGraph.Guard(name: $0.name, fallbackFlow: $0.fallback.0) }
        let flows = parser.flows.map { RouteGraph.Flow(name: $0.name, guardName: $0.guardName?.0, tabs: $0.tabs.map { $0.0 }) }
        let screens = parser.screens.map {
            RouteGraph.Screen(
                name: $0.name, flow: $0.flow.0, tab: $0.tab?.0, kind: $0.kind, pattern: $0.pattern,
                query: $0.query.map { $0.0 }, predecessors: $0.predecessors.map { $0.0 }, reopen: $0.reopen, entry: $0.entry,
                location: $0.location
            )
        }
        let history = RouteGraph.History(
            version: parser.version?.0 ?? 1,
            migrations: parser.orderedMigrations.map(\.migration),
            aliases: parser.aliases.map(\.alias)
        )
        return Self.assemble(
            scheme: scheme, webOrigins: parser.webOrigins.map(\.0), guards: guards, flows: flows, screens: screens, history: history
        )
    }

    /// The graph of checked declarations: successors in precedence order, roots, query
    /// owners and the link index. `nil` when they do not fit together (unchecked input).
    static func assemble(
        scheme: String, webOrigins: [WebOrigin], guards: [RouteGraph.Guard], flows: [RouteGraph.Flow], screens: [RouteGraph.Screen],
        history: RouteGraph.History
    ) -> RouteGraph? {
        // Links of the scheme would be taken for web links (see ``check()``).
        guard !isWebScheme(scheme) || webOrigins.isEmpty else { return nil }
        var index: [String: Int] = [:]
        for (position, screen) in screens.enumerated() { index[screen.name] = position }

        var successorLists = Array(repeating: [Int](), count: screens.count)
        for (position, screen) in screens.enumerated() {
            for name in screen.predecessors {
                guard let previous = index[name] else { return nil }
                successorLists[previous].append(position)
            }
        }
        // Screens that may follow the same screens share one list (every one, in a table
        // where any screen may follow any other): each distinct list is ordered once.
        var orderedLists: [[Int]: [Int]] = [:]
        let successors = successorLists.map { list -> [Int] in
            let ordered = orderedLists[list] ?? list.sorted { RouteGraph.precedes(screens[$0], screens[$1]) }
            orderedLists[list] = ordered
            return ordered
        }
        var roots: [[Int]] = []
        var queryOwners: [[String: Int]] = []
        for flow in flows {
            let flowRoots: [Int]
            if flow.hasTabs {
                flowRoots = flow.tabs.compactMap { tab in
                    screens.firstIndex { $0.flow == flow.name && $0.kind == .root && $0.tab == tab }
                }
            } else {
                flowRoots = screens.firstIndex { $0.flow == flow.name && $0.kind == .root }.map { [$0] } ?? []
            }
            guard flowRoots.count == max(1, flow.tabs.count) else { return nil }
            roots.append(flowRoots)
            var owners: [String: Int] = [:]
            for (position, screen) in screens.enumerated() where screen.flow == flow.name {
                for parameter in screen.query { owners[parameter.name] = position }
            }
            queryOwners.append(owners)
        }
        return RouteGraph(
            scheme: scheme, webOrigins: webOrigins, guards: guards, flows: flows, screens: screens,
            successors: successors, roots: roots, queryOwners: queryOwners, history: history
        )
    }

    /// Whether `scheme` (lower case) is one web links are written in.
    static func isWebScheme(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }
}

extension RouteGraph {
    /// Resolution precedence, independent of declaration order: segment by segment,
    /// literals before typed parameters before strings before rest; then longer patterns
    /// first, except that a pattern ending where the other goes on with a rest parameter wins.
    @_spi(RouteTools) public static func precedes(_ a: Screen, _ b: Screen) -> Bool {
        for (left, right) in zip(a.pattern, b.pattern) {
            if left.rank != right.rank { return left.rank < right.rank }
            if case .literal(let l) = left, case .literal(let r) = right, l != r { return l < r }
        }
        if a.pattern.count != b.pattern.count {
            // Longer first, but a rest parameter comes after everything else.
            let aIsLonger = a.pattern.count > b.pattern.count
            let (longer, shorter) = aIsLonger ? (a.pattern, b.pattern) : (b.pattern, a.pattern)
            if case .parameter(_, .rest) = longer[shorter.count] { return !aIsLonger }
            return aIsLonger
        }
        return a.name < b.name
    }
}
