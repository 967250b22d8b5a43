import Synchronization

/// The app's screens, their URL patterns, parameters, allowed predecessors, flows, tabs
/// and guards: an immutable, `Sendable` value parsed from a `.routes` file.
///
/// ```swift
/// let graph = try RouteGraph(parsing: text, file: "app.routes")
/// let link = try graph.resolve("wayfinder://main/feed/post/42")
/// ```
/// Build one with ``init(parsing:file:)``; the resolver, the printer and ``Navigator``
/// all read it.
public struct RouteGraph: Sendable {
    /// A condition a flow can require, such as `signed-in`.
    public struct Guard: Hashable, Sendable {
        /// The guard's name.
        public let name: String
        /// The flow shown while the guard is unmet.
        public let fallbackFlow: String

        /// A guard (in code the `RoutesCompiler` plugin generates).
        public init(name: String, fallbackFlow: String) {
            self.name = name
            self.fallbackFlow = fallbackFlow
        }
    }

    /// A top-level flow: the URL host (`wayfinder://main/…`).
    public struct Flow: Hashable, Sendable {
        /// The flow's name (lower case; it is the link's host).
        public let name: String
        /// The guard it requires, if any.
        public let guardName: String?
        /// Its tabs in declaration order; empty for a flow with a single stack.
        public let tabs: [String]
        /// Whether the flow has tabs.
        public var hasTabs: Bool { !tabs.isEmpty }

        /// A flow (in code the `RoutesCompiler` plugin generates).
        public init(name: String, guardName: String?, tabs: [String]) {
            self.name = name
            self.guardName = guardName
            self.tabs = tabs
        }
    }

    /// What kind of step a screen is.
    public enum ScreenKind: String, Hashable, Sendable, CaseIterable {
        /// The root of a flow or of one of its tabs.
        case root
        /// Pushed onto the stack.
        case push
        /// Presented as a sheet over the top of the stack.
        case sheet
        /// Presented as an alert over the top of the stack.
        case alert

        /// The presentation style of a sheet or alert; `nil` for root and push.
        public var presentationStyle: PresentationStyle? {
            switch self {
            case .sheet: .sheet
            case .alert: .alert
            case .root, .push: nil
            }
        }
    }

    /// One segment of a screen's URL pattern.
    public enum Segment: Hashable, Sendable, CustomStringConvertible {
        /// A fixed word such as `post`.
        case literal(String)
        /// A typed parameter such as `{id:int}`.
        case parameter(name: String, type: ParameterType)

        /// Precedence rank: literals 0, then the parameters by ``ParameterType/precedence``.
        @_spi(RouteTools) public var rank: Int {
            switch self {
            case .literal: 0
            case .parameter(_, let type): type.precedence
            }
        }

        public var description: String {
            switch self {
            case .literal(let word): word
            case .parameter(let name, let type): "{\(name):\(type.declaration)}"
            }
        }

        /// The parameter's name; empty for a literal.
        var parameterName: String {
            if case .parameter(let name, _) = self { return name }
            return ""
        }
    }

    /// A query parameter a screen declares (`query email:string?`).
    public struct QueryParameter: Hashable, Sendable {
        /// The key in the link's query.
        public let name: String
        /// Its type.
        public let type: ParameterType
        /// Whether the link may leave it out.
        public let isOptional: Bool
        /// The value it has when the link leaves it out (`query page:int=1`), if any; the
        /// printer leaves it out when it has this value.
        public let defaultValue: ParameterValue?

        /// A query parameter (in code the `RoutesCompiler` plugin generates).
        public init(name: String, type: ParameterType, isOptional: Bool, defaultValue: ParameterValue? = nil) {
            self.name = name
            self.type = type
            self.isOptional = isOptional || defaultValue != nil
            self.defaultValue = defaultValue
        }
    }

    /// One screen of the graph.
    public struct Screen: Hashable, Sendable {
        /// The screen's unique name.
        public let name: String
        /// The flow it belongs to.
        public let flow: String
        /// For a root screen of a tabbed flow, its tab.
        public let tab: String?
        /// Root, push, sheet or alert.
        public let kind: ScreenKind
        /// The URL segments it consumes (empty for a root).
        public let pattern: [Segment]
        /// The query parameters it declares.
        public let query: [QueryParameter]
        /// The screens it may follow, by name.
        public let predecessors: [String]
        /// What a link that reaches it does when it is already in the stack (`reopen`).
        public let reopen: ReopenPolicy
        /// Its `entry` tier as the table writes it; `nil` when the line declares none.
        public let declaredEntry: EntryTier?
        /// Where it is declared.
        public let location: RoutesLocation

        /// A screen (in code the `RoutesCompiler` plugin generates).
        public init(
            name: String, flow: String, tab: String?, kind: ScreenKind, pattern: [Segment],
            query: [QueryParameter], predecessors: [String], reopen: ReopenPolicy = .reuse, entry: EntryTier? = nil,
            location: RoutesLocation
        ) {
            self.reopen = reopen
            self.declaredEntry = entry
            self.name = name
            self.flow = flow
            self.tab = tab
            self.kind = kind
            self.pattern = pattern
            self.query = query
            self.predecessors = predecessors
            self.location = location
        }

        /// Who may open it with a link (``EntryTier``): the tier declared, else
        /// ``EntryTier/outside``.
        public var entry: EntryTier { declaredEntry ?? .outside }

        /// The names and types of its path parameters, in pattern order.
        public var pathParameters: [(name: String, type: ParameterType)] {
            pattern.compactMap {
                if case .parameter(let name, let type) = $0 { return (name, type) }
                return nil
            }
        }

        /// The number of parameters in its pattern.
        public var pathParameterCount: Int {
            pattern.count { if case .parameter = $0 { return true } else { return false } }
        }

        /// The pattern as written (`post/{id:int}`), empty for a root.
        public var patternText: String {
            pattern.map(\.description).joined(separator: "/")
        }
    }

    /// What a graph holds, behind one reference: copying a graph (into every
    /// ``ResolvedLink``, say) costs one retain, not one per table.
    final class Storage: Sendable {
        let scheme: String
        let webOrigins: [WebOrigin]
        /// How many bytes longer a link's web form is than its custom-scheme form (at least 0).
        let webGrowth: Int
        /// Whether the table declares web origins (read at every resolution: a flag, not the
        /// array, so that reading it retains nothing).
        let hasWebOrigins: Bool
        /// What a link's web form has in place of `scheme://`: the first origin and `/`.
        let webPrefix: String?
        /// `scheme://`, as bytes.
        let schemePrefix: [UInt8]
        /// Each query parameter's default, screen by screen in declaration order (as the link
        /// index numbers query parameters).
        let queryDefaults: [ParameterValue?]
        /// Whether any query parameter has a default.
        let hasQueryDefaults: Bool
        let guards: [Guard]
        let flows: [Flow]
        let screens: [Screen]
        let screenIndex: [String: Int]
        let flowIndex: [String: Int]
        /// For each screen, the screens that may follow it, in precedence order.
        /// Each screen's successors, by number, in precedence order.
        let successors: [[Int]]
        /// For each flow, its roots: one per tab (in tab order), or one for a flow without tabs.
        let roots: [[Int]]
        /// The graph compiled for resolving links.
        let linkIndex: LinkIndex
        let history: History
        /// Whether the table has aliases or earlier versions, so that ``shapes`` has tables
        /// (read when a link is refused).
        let hasShapes: Bool
        /// Links in an alias's or an earlier version's shape: built when first needed (a
        /// link refused in today's shape, a table's warnings), not when the graph is made.
        var shapes: LinkShapes {
            builtShapes.withLock { built in
                if let built { return built }
                let shapes = hasShapes ? LinkShapes(
                    scheme: scheme, webOrigins: webOrigins, guards: guards, flows: flows, screens: screens, history: history
                ) : .none
                built = shapes
                return shapes
            }
        }
        private let builtShapes = Mutex<LinkShapes?>(nil)
        #if DEBUG
        /// How many times ``RouteGraph/resolve(_:)`` and ``RouteGraph/resolve(utf8:)`` ran on
        /// this graph, and how many links a navigator on it applied: what tests count the
        /// one link pipeline with. Debug builds only: nothing is counted on the release path.
        let resolutions = Atomic<Int>(0)
        let applications = Atomic<Int>(0)
        #endif
        /// Whether a state may print to a link that reads as another: the routes compiler says
        /// when it may not; else it may.
        let mayPrintAmbiguously = Mutex(true)

        init(
            scheme: String, webOrigins: [WebOrigin], guards: [Guard], flows: [Flow], screens: [Screen],
            successors: [[Int]], roots: [[Int]], queryOwners: [[String: Int]], history: History
        ) {
            self.scheme = scheme
            self.history = history
            self.webOrigins = webOrigins
            hasWebOrigins = !webOrigins.isEmpty
            webPrefix = webOrigins.first.map { "\($0)/" }
            schemePrefix = Array("\(scheme)://".utf8)
            queryDefaults = screens.flatMap { $0.query.map(\.defaultValue) }
            hasQueryDefaults = queryDefaults.contains { $0 != nil }
            webGrowth = webPrefix.map { max(0, $0.utf8.count - (scheme.utf8.count + 3)) } ?? 0
            self.guards = guards
            self.flows = flows
            self.screens = screens
            self.successors = successors
            self.roots = roots
            var screenIndex: [String: Int] = [:]
            for (index, screen) in screens.enumerated() { screenIndex[screen.name] = index }
            self.screenIndex = screenIndex
            var flowIndex: [String: Int] = [:]
            for (index, flow) in flows.enumerated() { flowIndex[flow.name] = index }
            self.flowIndex = flowIndex
            self.linkIndex = LinkIndex(
                scheme: scheme, flows: flows, screens: screens, successors: successors, roots: roots, queryOwners: queryOwners
            )
            hasShapes = !history.migrations.isEmpty || !history.aliases.isEmpty
        }
    }

    let storage: Storage

    #if DEBUG
    /// How many links this graph has resolved (``resolve(_:)`` and ``resolve(utf8:)``), for
    /// tests that count the resolutions of a path (debug builds only).
    package var resolutionCount: Int { storage.resolutions.load(ordering: .relaxed) }

    /// How many links navigators on this graph have applied (opened, at `open`, at sign-in,
    /// at `confirm`), for tests that count the applications of a path (debug builds only).
    package var applicationCount: Int { storage.applications.load(ordering: .relaxed) }
    #endif

    /// Counts a resolution, in debug builds (see ``resolutionCount``).
    @inline(__always)
    func countResolution() {
        #if DEBUG
        storage.resolutions.add(1, ordering: .relaxed)
        #endif
    }

    /// Counts an application of a link, in debug builds (see ``applicationCount``).
    @inline(__always)
    func countApplication() {
        #if DEBUG
        storage.applications.add(1, ordering: .relaxed)
        #endif
    }

    /// Whether a state may print to a link that reads as another state: true when patterns of
    /// the table can match the same segments (the route tools warn of them). Where it is false,
    /// the canonical link of what a link opened reads back as it, and needs no second
    /// resolution. The routes compiler works it out when it compiles a table; a table parsed
    /// at run time is taken to be ambiguous, and every link it opens is read back.
    var mayPrintAmbiguously: Bool { storage.mayPrintAmbiguously.withLock { $0 } }

    /// The URL scheme, lower case (`wayfinder`).
    public var scheme: String { storage.scheme }
    /// The web origins whose links the graph answers as its own (`web` lines), in
    /// declaration order; the first is the one web links are printed with.
    public var webOrigins: [WebOrigin] { storage.webOrigins }
    /// Every guard, in declaration order.
    public var guards: [Guard] { storage.guards }
    /// Every flow, in declaration order. The first one is where a new app starts.
    public var flows: [Flow] { storage.flows }
    /// Every screen, in declaration order.
    public var screens: [Screen] { storage.screens }

    var screenIndex: [String: Int] { storage.screenIndex }
    var flowIndex: [String: Int] { storage.flowIndex }
    /// For each screen, the screens that may follow it, indexed for resolution.
    @_spi(RouteTools) public var successors: [[Int]] { storage.successors }
    /// For each flow, its roots: one per tab (in tab order), or one for a flow without tabs.
    @_spi(RouteTools) public var roots: [[Int]] { storage.roots }
    /// The graph compiled for resolving links.
    var linkIndex: LinkIndex { storage.linkIndex }

    /// The flow a new app starts in: the first one declared.
    public var initialFlow: Flow { flows[0] }

    /// The screen called `name`, if any.
    public func screen(named name: String) -> Screen? {
        screenIndex[name].map { screens[$0] }
    }

    /// The flow called `name`, if any.
    public func flow(named name: String) -> Flow? {
        flowIndex[name].map { flows[$0] }
    }

    /// The guard called `name`, if any.
    public func guardNamed(_ name: String) -> Guard? {
        guards.first { $0.name == name }
    }

    /// The root screen of `flow` (for a tabbed flow, of `tab`, or of its first tab).
    public func rootScreen(flow: String, tab: String? = nil) -> Screen? {
        guard let flowID = flowIndex[flow] else { return nil }
        let info = flows[flowID]
        if info.hasTabs {
            let tabIndex = tab.flatMap { info.tabs.firstIndex(of: $0) } ?? (tab == nil ? 0 : nil)
            guard let tabIndex else { return nil }
            return screens[roots[flowID][tabIndex]]
        }
        guard tab == nil else { return nil }
        return screens[roots[flowID][0]]
    }

    /// The screens that may directly follow `screen`, in resolution precedence order.
    public func successors(of screen: String) -> [Screen] {
        guard let index = screenIndex[screen] else { return [] }
        return successors[index].map { screens[$0] }
    }

    /// Whether `next` may directly follow `previous`.
    public func allows(_ next: String, after previous: String) -> Bool {
        guard let screen = screen(named: next) else { return false }
        return screen.predecessors.contains(previous)
    }

    /// The number of edges (predecessor relations) in the graph.
    public var edgeCount: Int {
        screens.reduce(0) { $0 + $1.predecessors.count }
    }
}
