import Foundation
import Testing
import Wayfinder

// MARK: - The table as plain data

/// A route table as plain values: what the reference model reads. Taken from a parsed
/// graph's public data (the app's table), or generated at random, printed as `.routes` text,
/// and checked to parse back to the same data.
struct ModelTable: Sendable {
    struct Guard: Equatable, Sendable {
        var name: String
        var fallback: String
    }

    struct Flow: Equatable, Sendable {
        var name: String
        var guardName: String?
        var tabs: [String]
    }

    struct Query: Equatable, Sendable {
        var name: String
        var type: ParameterType
        var optional: Bool
    }

    struct Screen: Equatable, Sendable {
        var name: String
        var flow: String
        var tab: String?
        var kind: RouteGraph.ScreenKind
        var pattern: [RouteGraph.Segment] = []
        var query: [Query] = []
        var after: [String] = []

        var pathParameters: [(name: String, type: ParameterType)] {
            pattern.compactMap {
                if case .parameter(let name, let type) = $0 { return (name, type) }
                return nil
            }
        }
    }

    var scheme: String
    var guards: [Guard]
    var flows: [Flow]
    var screens: [Screen]

    private(set) var screenByName: [String: Screen] = [:]
    private(set) var flowByName: [String: Flow] = [:]
    private(set) var guardByName: [String: Guard] = [:]
    /// Push screens that may follow each screen.
    private(set) var pushSuccessors: [String: [Screen]] = [:]
    /// Sheets and alerts that may be shown over each screen.
    private(set) var presentSuccessors: [String: [Screen]] = [:]
    /// Root screens by flow, then by stack key (tab, or "").
    private(set) var roots: [String: [String: Screen]] = [:]
    /// Each screen's parameters (path and query), by screen.
    private(set) var declared: [String: [String: Declared]] = [:]

    struct Declared: Sendable {
        var type: ParameterType
        var required: Bool
    }

    init(scheme: String, guards: [Guard], flows: [Flow], screens: [Screen]) {
        self.scheme = scheme
        self.guards = guards
        self.flows = flows
        self.screens = screens
        for screen in screens {
            screenByName[screen.name] = screen
            if screen.kind == .root { roots[screen.flow, default: [:]][screen.tab ?? FlowState.singleStack] = screen }
            var parameters: [String: Declared] = [:]
            for (name, type) in screen.pathParameters { parameters[name] = Declared(type: type, required: true) }
            for query in screen.query { parameters[query.name] = Declared(type: query.type, required: !query.optional) }
            declared[screen.name] = parameters
            for previous in screen.after {
                if screen.kind == .push {
                    pushSuccessors[previous, default: []].append(screen)
                } else {
                    presentSuccessors[previous, default: []].append(screen)
                }
            }
        }
        for flow in flows { flowByName[flow.name] = flow }
        for item in guards { guardByName[item.name] = item }
    }

    /// The table as the graph's public data describes it.
    init(_ graph: RouteGraph) {
        self.init(
            scheme: graph.scheme,
            guards: graph.guards.map { Guard(name: $0.name, fallback: $0.fallbackFlow) },
            flows: graph.flows.map { Flow(name: $0.name, guardName: $0.guardName, tabs: $0.tabs) },
            screens: graph.screens.map {
                Screen(
                    name: $0.name, flow: $0.flow, tab: $0.tab, kind: $0.kind, pattern: $0.pattern,
                    query: $0.query.map { Query(name: $0.name, type: $0.type, optional: $0.isOptional) },
                    after: $0.predecessors
                )
            }
        )
    }

    func sameDeclarations(as other: ModelTable) -> Bool {
        scheme == other.scheme && guards == other.guards && flows == other.flows && screens == other.screens
    }

    func root(flow: String, tab: String?) -> Screen? {
        roots[flow]?[tab ?? FlowState.singleStack]
    }

    /// The keys of a flow's stacks: its tabs, or "" for a flow without tabs.
    func stackKeys(of flow: Flow) -> [String] {
        flow.tabs.isEmpty ? [FlowState.singleStack] : flow.tabs
    }

    /// Whether `route` carries exactly the parameters `screen` declares, with their types;
    /// text is 1 to 256 bytes without control characters.
    func parametersFit(_ route: Route, _ screen: Screen) -> Bool {
        guard let declared = declared[screen.name] else { return false }
        for (name, value) in route.parameters {
            guard let type = declared[name]?.type else { return false }
            func fits(_ text: String) -> Bool {
                let control = text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
                return !text.isEmpty && text.utf8.count <= 256 && !control
            }
            switch (value, type) {
            case (.int, .int), (.uuid, .uuid), (.bool, .bool), (.date, .date):
                continue
            case (.double(let number), .double):
                guard number.isFinite, ParameterValue.double(number).text.utf8.count <= 256 else { return false }
            case (.string(let text), .string):
                guard fits(text) else { return false }
            case (.string(let word), .oneOf(let words)):
                guard words.contains(word) else { return false }
            case (.segments(let texts), .rest):
                guard !texts.isEmpty, texts.allSatisfy(fits) else { return false }
            default:
                return false
            }
        }
        return declared.allSatisfy { !$0.value.required || route.parameters[$0.key] != nil }
    }
}
