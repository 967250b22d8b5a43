import Foundation
import Testing
import Wayfinder

// A model-checked navigator: random intent sequences are run on a `Navigator` and, beside
// it, on a reference model written plainly here (structs and arrays, no engine code) that
// works out from the table's data alone whether each intent is accepted and what it leaves.
// After every step the two must agree, and the navigator's state must keep the engine's
// documented invariants. Runs on the sample app's table (Routes/app.routes) and on random
// tables generated as `.routes` text.
//
// Each intent's outcome (accepted, deferred or refused) and resulting state are worked out by
// the model from the documented rules; refusals include states whose link would have more than
// 32 path segments (the tab counts, the flow does not). Values stay short, so the byte limits
// never apply.
//
// A failure names the seed, the step and every step up to it (the table too, for a random
// one), and how to replay it: `NavigatorModelTests.replay(seed:tableSeed:)`.

// MARK: - The table as plain data

/// A route table as plain values: what the reference model reads. Taken from a parsed
/// graph's public data (the app's table), or generated at random, printed as `.routes` text,
/// and checked to parse back to the same data.
private struct ModelTable: Sendable {
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
            case (.int, .int), (.uuid, .uuid), (.bool, .bool):
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

    // MARK: Printing links, independently of the engine's printer

    /// A link in pieces, so that tests can print it canonically or spoil it on purpose.
    struct LinkParts {
        var scheme: String
        var host: String
        var segments: [String]
        /// The parameter type printed in each segment; `nil` for the tab and literals.
        var segmentTypes: [ParameterType?]
        /// `key=value` pairs.
        var query: [String]
        /// The pattern length of the last screen printed.
        var lastPatternLength = 0
        /// Whether the last screen printed ends with a rest parameter (which takes any
        /// segment added after it).
        var endsWithRest = false
        var trailingSlash = false
        var suffix = ""

        var text: String {
            var link = "\(scheme)://\(host)"
            for segment in segments { link += "/" + segment }
            if trailingSlash { link += "/" }
            if !query.isEmpty { link += "?" + query.joined(separator: "&") }
            return link + suffix
        }
    }

    /// How a valid link may be written besides its canonical form.
    struct Spelling {
        var upperCaseSchemeAndHost = false
        var escaping = Escaping.canonical
        var zeroPaddedInts = false
        var upperCaseUUIDs = false
    }

    func parts(_ target: LinkTarget, spelling: Spelling = Spelling()) -> LinkParts {
        var parts = LinkParts(
            scheme: spelling.upperCaseSchemeAndHost ? scheme.uppercased() : scheme,
            host: spelling.upperCaseSchemeAndHost ? target.flow.uppercased() : target.flow,
            segments: [], segmentTypes: [], query: []
        )
        if let tab = target.tab {
            parts.segments.append(tab)
            parts.segmentTypes.append(nil)
        }
        let stack = target.stack
        var pushedAndPresented = stack.path
        if let presented = stack.presented { pushedAndPresented.append(presented.route) }
        for route in pushedAndPresented {
            guard let screen = screenByName[route.screen] else { continue }
            for segment in screen.pattern {
                switch segment {
                case .literal(let word):
                    parts.segments.append(word)
                    parts.segmentTypes.append(nil)
                case .parameter(let name, let type):
                    parts.segments.append(route.parameters[name].map { Self.text(of: $0, spelling) } ?? "")
                    parts.segmentTypes.append(type)
                }
            }
            parts.lastPatternLength = screen.pattern.count
            if case .parameter(_, .rest)? = screen.pattern.last { parts.endsWithRest = true } else { parts.endsWithRest = false }
        }
        for route in [stack.root] + pushedAndPresented {
            guard let screen = screenByName[route.screen] else { continue }
            for query in screen.query {
                guard let value = route.parameters[query.name] else { continue }
                parts.query.append(Self.escaped(query.name, .canonical) + "=" + Self.text(of: value, spelling, inQuery: true))
            }
        }
        return parts
    }

    /// The canonical link: lower-case scheme and flow, the tab, each pattern with its values
    /// escaped (all but `A-Z a-z 0-9 - . _ ~`), then the query in stack and declaration order.
    /// (Written on bytes, apart from ``parts(_:spelling:)``: it runs at every step.)
    func link(_ target: LinkTarget) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes += scheme.utf8
        bytes += "://".utf8
        bytes += target.flow.utf8
        if let tab = target.tab {
            bytes.append(UInt8(ascii: "/"))
            bytes += tab.utf8
        }
        var routes = [target.stack.root]
        routes += target.stack.path
        if let presented = target.stack.presented { routes.append(presented.route) }
        for route in routes.dropFirst() {
            guard let screen = screenByName[route.screen] else { continue }
            for segment in screen.pattern {
                bytes.append(UInt8(ascii: "/"))
                switch segment {
                case .literal(let word): bytes += word.utf8
                case .parameter(let name, _): if let value = route.parameters[name] { Self.append(value, to: &bytes) }
                }
            }
        }
        var separator = UInt8(ascii: "?")
        for route in routes where !route.parameters.isEmpty {
            guard let screen = screenByName[route.screen] else { continue }
            for query in screen.query {
                guard let value = route.parameters[query.name] else { continue }
                bytes.append(separator)
                separator = UInt8(ascii: "&")
                bytes += query.name.utf8
                bytes.append(UInt8(ascii: "="))
                Self.append(value, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value as a canonical link prints it: decimal ints, lower-case uuids, text escaped.
    static func append(_ value: ParameterValue, to bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        switch value {
        case .int(let number):
            bytes += String(number).utf8
        case .string(let text):
            for byte in text.utf8 {
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    bytes.append(byte)
                default:
                    bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
        case .uuid(let uuid):
            let lower = Array("0123456789abcdef".utf8)
            for index in 0..<32 {
                if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
                let half = index < 16 ? uuid.high : uuid.low
                bytes.append(lower[Int((half >> UInt64(60 - (index % 16) * 4)) & 0xF)])
            }
        case .bool(let flag):
            bytes += (flag ? "true" : "false").utf8
        case .double(let number):
            bytes += shortestDecimal(number).utf8
        case .segments(let texts):
            for (index, text) in texts.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "/")) }
                append(.string(text), to: &bytes)
            }
        }
    }

    /// The shortest decimal text that reads back as `number`, found plainly: the fewest
    /// significant digits (`%.Ng`) that parse back the same, then written without exponent.
    static func shortestDecimal(_ number: Double) -> String {
        guard number != 0 else { return "0" }
        for digits in 1...17 {
            let text = String(format: "%.\(digits)e", number)
            guard Double(text) == number else { continue }
            // Mantissa digits and exponent, then placed around the point.
            let parts = text.split(separator: "e")
            let negative = parts[0].hasPrefix("-")
            let mantissa = parts[0].filter(\.isNumber)
            let exponent = Int(parts[1]) ?? 0
            var digitsText = Array(mantissa)
            while digitsText.count > 1, digitsText.last == "0" { digitsText.removeLast() }
            let point = exponent + 1
            var result: String
            if point <= 0 {
                result = "0." + String(repeating: "0", count: -point) + String(digitsText)
            } else if point >= digitsText.count {
                result = String(digitsText) + String(repeating: "0", count: point - digitsText.count)
            } else {
                result = String(digitsText[..<point]) + "." + String(digitsText[point...])
            }
            return (negative ? "-" : "") + result
        }
        return String(number)
    }

    /// Path segments of the link of `target`: the tab counts, the flow does not; a rest
    /// parameter counts its segments.
    func segmentCount(_ target: LinkTarget) -> Int {
        var count = target.tab == nil ? 0 : 1
        var routes = target.stack.path
        if let presented = target.stack.presented { routes.append(presented.route) }
        for route in routes {
            guard let screen = screenByName[route.screen] else { continue }
            count += screen.pattern.count
            for case .parameter(let name, .rest) in screen.pattern { count += (route.parameters[name]?.segmentsValue?.count ?? 1) - 1 }
        }
        return count
    }

    static func text(of value: ParameterValue, _ spelling: Spelling, inQuery: Bool = false) -> String {
        switch value {
        case .int(let number):
            return spelling.zeroPaddedInts && number >= 0 ? "00\(number)" : String(number)
        case .string(let text):
            return escaped(text, spelling.escaping, inQuery: inQuery)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .double(let number):
            let text = shortestDecimal(number)
            return spelling.zeroPaddedInts && number >= 0 ? "00" + text + (text.contains(".") ? "00" : ".000") : text
        case .segments(let texts):
            return texts.map { escaped($0, spelling.escaping) }.joined(separator: "/")
        case .uuid(let uuid):
            func hex(_ half: UInt64) -> String {
                let digits = String(half, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            let all = Array(hex(uuid.high) + hex(uuid.low))
            let text = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(all[$0]) }.joined(separator: "-")
            return spelling.upperCaseUUIDs ? text.uppercased() : text
        }
    }

    /// How values are escaped in a link.
    enum Escaping {
        /// Every byte but `A-Z a-z 0-9 - . _ ~`, in upper-case hex: the canonical form.
        case canonical
        /// Every byte, in lower-case hex.
        case everything
        /// Only what must be: spaces, controls, `# / ? %` (and `& =` in a query); `+`, `é`
        /// and the like stay as they are.
        case raw
    }

    static func escaped(_ text: String, _ escaping: Escaping, inQuery: Bool = false) -> String {
        let upper = Array("0123456789ABCDEF".utf8), lower = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            let keep: Bool
            switch escaping {
            case .canonical:
                keep = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            case .everything:
                keep = false
            case .raw:
                keep = byte > 0x20 && byte != 0x7F && !"#/?%".utf8.contains(byte) && !(inQuery && "&=".utf8.contains(byte))
            }
            if keep {
                result.append(byte)
            } else {
                let digits = escaping == .everything ? lower : upper
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Random tables

    /// The types of generated query parameters, and of path parameters but the last one of
    /// a sheet or alert, which may also be `rest` (nothing follows a sheet or alert).
    static let queryTypes: [ParameterType] = [.int, .string, .uuid, .bool, .double, .oneOf(["new", "top", "hot"])]

    /// URL words for literals: none reads as an int or a uuid, none is a segment a spoiled
    /// link adds.
    static let words = ["a", "b", "go", "item", "list", "edit", "v1.2", "x_y", "~t", "more-info", "p", "q9", "view", "z"]

    /// A random table: a few flows (some with tabs, some guarded), screens whose patterns
    /// start with a literal that differs from every other successor of each predecessor
    /// (so a printed link reads back unambiguously), cycles, sheets and alerts, and optional
    /// query parameters only on screens no cycle goes through.
    static func random(using rng: inout SeededGenerator) -> ModelTable {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        let guardCount = Int.random(in: 1...2, using: &rng)
        let flowCount = Int.random(in: 2...4, using: &rng)
        var flows: [Flow] = []
        for index in 0..<flowCount {
            let guardName = index == 0 || chance(35) ? nil : "g\(Int.random(in: 0..<guardCount, using: &rng))"
            let tabs = chance(40) ? (0..<Int.random(in: 2...3, using: &rng)).map { "t\($0)" } : []
            flows.append(Flow(name: "f\(index)", guardName: guardName, tabs: tabs))
        }
        let open = flows.filter { $0.guardName == nil }
        let guards = (0..<guardCount).map { Guard(name: "g\($0)", fallback: open.randomElement(using: &rng)?.name ?? "f0") }
        var screens: [Screen] = []
        var queryKeys = 0
        func randomQuery() -> Query {
            queryKeys += 1
            return Query(name: "k\(queryKeys)", type: queryTypes.randomElement(using: &rng) ?? .int, optional: true)
        }
        for (flowIndex, flow) in flows.enumerated() {
            var roots: [Screen] = []
            let tabs: [String?] = flow.tabs.isEmpty ? [nil] : flow.tabs.map { $0 }
            for tab in tabs {
                var root = Screen(name: "f\(flowIndex)r\(roots.count)", flow: flow.name, tab: tab, kind: .root)
                if chance(30) { root.query = [randomQuery()] }
                roots.append(root)
            }
            var pushes: [Screen] = []
            for index in 0..<Int.random(in: 1...6, using: &rng) {
                let earlier = roots + pushes
                var after: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    if let name = earlier.randomElement(using: &rng)?.name, !after.contains(name) { after.append(name) }
                }
                pushes.append(Screen(name: "f\(flowIndex)s\(index)", flow: flow.name, tab: nil, kind: .push, after: after))
            }
            // Edges back to the same or an earlier push screen make cycles.
            for index in pushes.indices where chance(35) {
                let later = pushes[index...].randomElement(using: &rng)?.name ?? pushes[index].name
                if !pushes[index].after.contains(later) { pushes[index].after.append(later) }
            }
            var presented: [Screen] = []
            let sheets = Int.random(in: 0...2, using: &rng)
            for index in 0..<(sheets + (chance(50) ? 1 : 0)) {
                var after: [String] = []
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    if let name = (roots + pushes).randomElement(using: &rng)?.name, !after.contains(name) { after.append(name) }
                }
                let kind: RouteGraph.ScreenKind = index < sheets ? .sheet : .alert
                presented.append(Screen(name: "f\(flowIndex)\(kind == .sheet ? "h" : "a")\(index)", flow: flow.name, tab: nil, kind: kind, after: after))
            }
            // Patterns: a first literal no other successor of a shared predecessor starts with.
            var firstWords: [String: String] = [:]
            var successors = pushes + presented
            for index in successors.indices {
                let screen = successors[index]
                let siblings = successors.filter { other in
                    other.name != screen.name && !Set(other.after).isDisjoint(with: screen.after)
                }
                let taken = Set(siblings.compactMap { firstWords[$0.name] })
                let word = words.filter { !taken.contains($0) }.randomElement(using: &rng) ?? "u\(index)"
                firstWords[screen.name] = word
                var pattern: [RouteGraph.Segment] = [.literal(word)]
                let extra = screen.kind == .push ? Int.random(in: 0...3, using: &rng) : Int.random(in: 0...1, using: &rng)
                var parameterNames = ["a", "b", "c"].makeIterator()
                for _ in 0..<extra {
                    if chance(70), let name = parameterNames.next() {
                        pattern.append(.parameter(name: name, type: queryTypes.randomElement(using: &rng) ?? .int))
                    } else {
                        pattern.append(.literal(words.randomElement(using: &rng) ?? "a"))
                    }
                }
                if screen.kind != .push, chance(40) { pattern.append(.parameter(name: "rest", type: .rest)) }
                successors[index].pattern = pattern
            }
            // Optional query parameters only where no cycle passes (a key twice in one link
            // is an error): screens that cannot reach themselves.
            let successorNames = Dictionary(grouping: pushes.flatMap { screen in screen.after.map { ($0, screen.name) } }, by: \.0)
                .mapValues { $0.map(\.1) }
            func onCycle(_ name: String) -> Bool {
                var seen: Set<String> = []
                var queue = successorNames[name] ?? []
                while let next = queue.popLast() {
                    if next == name { return true }
                    if seen.insert(next).inserted { queue += successorNames[next] ?? [] }
                }
                return false
            }
            for index in successors.indices where !onCycle(successors[index].name) && chance(30) {
                successors[index].query = (0..<Int.random(in: 1...2, using: &rng)).map { _ in randomQuery() }
            }
            screens += roots + successors
        }
        return ModelTable(scheme: "gen", guards: guards, flows: flows, screens: screens)
    }

    /// The table as a `.routes` file.
    var routesText: String {
        var lines = ["scheme \(scheme)"]
        for item in guards { lines.append("guard \(item.name) else \(item.fallback)") }
        for flow in flows {
            var line = "flow \(flow.name)"
            if let guardName = flow.guardName { line += " guard \(guardName)" }
            if !flow.tabs.isEmpty { line += " tabs " + flow.tabs.joined(separator: " ") }
            lines.append(line)
        }
        for screen in screens {
            var line = "screen \(screen.name) \(screen.flow)\(screen.tab.map { ".\($0)" } ?? "") \(screen.kind.rawValue)"
            if !screen.pattern.isEmpty { line += " " + screen.pattern.map(\.description).joined(separator: "/") }
            if !screen.after.isEmpty { line += " after " + screen.after.joined(separator: " ") }
            if !screen.query.isEmpty {
                line += " query " + screen.query.map { "\($0.name):\($0.type.declaration)\($0.optional ? "?" : "")" }.joined(separator: " ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - The reference model

private struct ModelPresentation: Hashable, Sendable {
    var route: Route
    var style: PresentationStyle
}

private struct ModelStack: Hashable, Sendable {
    var root: Route
    var path: [Route] = []
    var presented: ModelPresentation?
    var top: Route { path.last ?? root }
}

private struct ModelFlow: Hashable, Sendable {
    var tab: String?
    var stacks: [String: ModelStack]
    var key: String { tab ?? FlowState.singleStack }
}

/// What a link opens: a flow, its tab, a stack and its presentation.
private struct LinkTarget: Hashable, Sendable {
    var flow: String
    var tab: String?
    var stack: ModelStack
}

private struct ModelState: Hashable, Sendable {
    var active: String
    var flows: [String: ModelFlow]
    var pending: LinkTarget?
    var granted: Set<String> = []

    var activeKey: String { flows[active]?.key ?? FlowState.singleStack }
    var activeStack: ModelStack? { flows[active]?.stacks[activeKey] }
    var activeTarget: LinkTarget? {
        activeStack.map { LinkTarget(flow: active, tab: flows[active]?.tab, stack: $0) }
    }
}

/// The part of a state both sides can show: screens and parameters (no ids), the pending
/// link as printed.
private struct ObservedState: Equatable, CustomStringConvertible {
    var active: String
    var flows: [String: ModelFlow]
    var pending: String?
    var granted: Set<String>

    init(_ state: NavigationState) {
        active = state.activeFlow
        flows = state.flows.mapValues { flow in
            ModelFlow(tab: flow.selectedTab, stacks: flow.stacks.mapValues { stack in
                ModelStack(
                    root: stack.root, path: stack.pathRoutes,
                    presented: stack.presentation.map { ModelPresentation(route: $0.route, style: $0.style) }
                )
            })
        }
        pending = state.pending
        granted = state.grantedGuards
    }

    init(_ state: ModelState, table: ModelTable) {
        active = state.active
        flows = state.flows
        pending = state.pending.map(table.link)
        granted = state.granted
    }

    var lines: [String] {
        var lines = ["active \(active)", "granted \(granted.sorted())", "pending \(pending ?? "none")"]
        for name in flows.keys.sorted() {
            guard let flow = flows[name] else { continue }
            lines.append("\(name) tab \(flow.tab ?? "-")")
            for key in flow.stacks.keys.sorted() {
                guard let stack = flow.stacks[key] else { continue }
                var line = "  \(key.isEmpty ? name : "\(name)/\(key)"): " + ([stack.root] + stack.path).map(\.description).joined(separator: " > ")
                if let presented = stack.presented { line += " + \(presented.style.rawValue) \(presented.route)" }
                lines.append(line)
            }
        }
        return lines
    }

    var description: String { lines.joined(separator: "\n") }

    /// The lines that differ, for a failure message.
    func difference(from other: ObservedState) -> String {
        let mine = lines, theirs = other.lines
        var result: [String] = []
        for line in theirs where !mine.contains(line) { result.append("  − model  \(line)") }
        for line in mine where !theirs.contains(line) { result.append("  + engine \(line)") }
        return result.joined(separator: "\n")
    }
}

/// One intent, with what the test knows about it.
private enum ModelIntent: CustomStringConvertible {
    case push(Route)
    case pop
    case popTo(Route)
    case popToRoot
    case replacePath([Route])
    case present(Route)
    case dismiss
    case selectTab(String)
    case activate(String)
    /// A link and what it opens; `nil` when the link was spoiled on purpose (never valid).
    case open(String, LinkTarget?)
    case grant(String, showing: String?)
    case revoke(String)
    case undo
    case redo
    /// Encode the state as JSON, decode it, restore it into a fresh navigator or this one.
    case saveAndRestore(fresh: Bool)
    /// Restore the current state spoiled one way or another (see ``ModelRun/spoil(_:_:)``):
    /// always refused.
    case restoreSpoiled(Int)

    var kind: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .popToRoot: "popToRoot"
        case .replacePath: "replacePath"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .activate: "activate"
        case .open(_, let target): target == nil ? "open spoiled" : "open"
        case .grant: "grant"
        case .revoke: "revoke"
        case .undo: "undo"
        case .redo: "redo"
        case .saveAndRestore: "saveAndRestore"
        case .restoreSpoiled: "restore spoiled"
        }
    }

    var description: String {
        switch self {
        case .push(let route): "push \(route)"
        case .pop: "pop"
        case .popTo(let route): "pop(to: \(route))"
        case .popToRoot: "popToRoot"
        case .replacePath(let routes): "replacePath([\(routes.map(\.description).joined(separator: ", "))])"
        case .present(let route): "present \(route)"
        case .dismiss: "dismiss"
        case .selectTab(let tab): "selectTab \(tab)"
        case .activate(let flow): "activate \(flow)"
        case .open(let link, let target): "open \(link)\(target == nil ? " (spoiled)" : "")"
        case .grant(let name, let flow): "grant \(name)\(flow.map { " showing \($0)" } ?? "")"
        case .revoke(let name): "revoke \(name)"
        case .undo: "undo"
        case .redo: "redo"
        case .saveAndRestore(let fresh): fresh ? "save and restore in a new navigator" : "save and restore in place"
        case .restoreSpoiled(let kind): "restore the state spoiled (\(ModelRun.spoilings[kind]))"
        }
    }
}

/// What an intent did (or, for the model, should do).
private enum ModelOutcome: Equatable, CustomStringConvertible {
    case refused(String)
    case applied
    case deferred
    /// A grant, and the pending link it applied.
    case granted(applied: String?)

    /// The outcome for coverage counts: whether a grant applied a link, not which.
    var kind: String {
        switch self {
        case .granted(let link): link == nil ? "granted" : "granted, pending link applied"
        default: description
        }
    }

    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .refused(let why): "refused (\(why))"
        case .applied: "applied"
        case .deferred: "deferred"
        case .granted(let link): "granted\(link.map { ", applied \($0)" } ?? "")"
        }
    }
}

/// The reference: the rules of the engine's documentation, on plain values.
private struct ReferenceModel {
    let table: ModelTable
    /// How many steps undo keeps (the navigator's `historyLimit`).
    let limit: Int
    var state: ModelState
    /// Whole states to go back to, newest last.
    var undo: [Snapshot] = []
    /// Whole states undone, most recently undone last.
    var redo: [Snapshot] = []
    /// The engine's state before the intent being applied (the runner sets it).
    var engineBefore: NavigationState?
    /// After an undo or redo, the engine state it must give back exactly (ids included).
    var expectedEngineState: NavigationState?

    /// A state to go back (or forward) to: the model's, and the engine's as it was then,
    /// which undo and redo must give back exactly, ids included.
    struct Snapshot {
        var model: ModelState
        var engine: NavigationState?
    }

    /// Links may have at most this many path segments (the tab counts, the flow does not).
    static let maximumSegments = 32

    init(table: ModelTable, limit: Int) {
        self.table = table
        self.limit = limit
        var flows: [String: ModelFlow] = [:]
        for flow in table.flows { flows[flow.name] = Self.initial(flow, table) }
        state = ModelState(active: table.flows[0].name, flows: flows)
    }

    /// A flow at its roots, its first tab selected.
    static func initial(_ flow: ModelTable.Flow, _ table: ModelTable) -> ModelFlow {
        var stacks: [String: ModelStack] = [:]
        for key in table.stackKeys(of: flow) {
            if let root = table.root(flow: flow.name, tab: flow.tabs.isEmpty ? nil : key) {
                stacks[key] = ModelStack(root: Route(root.name))
            }
        }
        return ModelFlow(tab: flow.tabs.first, stacks: stacks)
    }

    func isOpen(_ flow: String, in state: ModelState) -> Bool {
        table.flowByName[flow]?.guardName.map(state.granted.contains) ?? true
    }

    /// A change is recorded for undo when it changes something. Each element an intent
    /// builds takes a fresh id, so building one always counts as a change.
    mutating func commit(_ next: ModelState, buildsElements: Bool) {
        guard next != state || buildsElements else { return }
        record(state)
        state = next
    }

    mutating func record(_ previous: ModelState) {
        undo.append(Snapshot(model: previous, engine: engineBefore))
        if undo.count > limit { undo.removeFirst(undo.count - limit) }
        redo.removeAll()
    }

    /// Why `route` may not be shown as `kind` over `stack` in the active flow; `nil` when it may.
    func refusal(_ route: Route, as kind: RouteGraph.ScreenKind, over stack: ModelStack) -> String? {
        guard let screen = table.screenByName[route.screen] else { return "unknown screen" }
        guard screen.flow == state.active else { return "wrong flow" }
        guard screen.kind == kind else { return "wrong kind" }
        guard stack.presented == nil else { return "presentation active" }
        guard screen.after.contains(stack.top.screen) else { return "not allowed" }
        guard table.parametersFit(route, screen) else { return "bad parameters" }
        return nil
    }

    /// Replaces the active stack with `stack`, unless its link would be too long.
    func withActiveStack(_ stack: ModelStack) -> ModelState? {
        var next = state
        let (flow, key) = (state.active, state.activeKey)
        next.flows[flow]?.stacks[key] = stack
        guard let target = next.activeTarget, table.segmentCount(target) <= Self.maximumSegments else { return nil }
        return next
    }

    mutating func deferToFallback(of guardName: String, pending: LinkTarget) {
        guard let info = table.guardByName[guardName], let fallback = table.flowByName[info.fallback] else { return }
        var next = state
        next.pending = pending
        next.active = fallback.name
        next.flows[fallback.name] = Self.initial(fallback, table)
        commit(next, buildsElements: false)
    }

    static func apply(_ target: LinkTarget, to state: inout ModelState) {
        state.active = target.flow
        state.flows[target.flow]?.tab = target.tab
        state.flows[target.flow]?.stacks[target.tab ?? FlowState.singleStack] = target.stack
    }

    mutating func apply(_ intent: ModelIntent) -> ModelOutcome {
        guard let stack = state.activeStack else { return .refused("no active stack") }
        switch intent {
        case .push(let route):
            if let why = refusal(route, as: .push, over: stack) { return .refused(why) }
            var grown = stack
            grown.path.append(route)
            guard let next = withActiveStack(grown) else { return .refused("link too long") }
            commit(next, buildsElements: true)

        case .pop:
            guard stack.presented == nil else { return .refused("presentation active") }
            guard !stack.path.isEmpty else { return .refused("at root") }
            var shorter = stack
            shorter.path.removeLast()
            if let next = withActiveStack(shorter) { commit(next, buildsElements: false) }

        case .popTo(let route):
            guard stack.presented == nil else { return .refused("presentation active") }
            var shorter = stack
            if let index = stack.path.lastIndex(of: route) {
                shorter.path.removeSubrange((index + 1)...)
            } else if stack.root == route {
                shorter.path.removeAll()
            } else {
                return .refused("not in stack")
            }
            if let next = withActiveStack(shorter) { commit(next, buildsElements: false) }

        case .popToRoot:
            if let next = withActiveStack(ModelStack(root: stack.root)) { commit(next, buildsElements: false) }

        case .replacePath(let routes):
            guard stack.presented == nil else { return .refused("presentation active") }
            var replaced = ModelStack(root: stack.root)
            for route in routes {
                if let why = refusal(route, as: .push, over: replaced) { return .refused(why) }
                replaced.path.append(route)
            }
            guard let next = withActiveStack(replaced) else { return .refused("link too long") }
            commit(next, buildsElements: !routes.isEmpty)

        case .present(let route):
            guard let screen = table.screenByName[route.screen] else { return .refused("unknown screen") }
            guard screen.kind == .sheet || screen.kind == .alert else { return .refused("not a sheet or alert") }
            if let why = refusal(route, as: screen.kind, over: stack) { return .refused(why) }
            var covered = stack
            covered.presented = ModelPresentation(route: route, style: screen.kind == .sheet ? .sheet : .alert)
            guard let next = withActiveStack(covered) else { return .refused("link too long") }
            commit(next, buildsElements: true)

        case .dismiss:
            guard stack.presented != nil else { return .refused("nothing presented") }
            var uncovered = stack
            uncovered.presented = nil
            if let next = withActiveStack(uncovered) { commit(next, buildsElements: false) }

        case .selectTab(let tab):
            guard let flow = table.flowByName[state.active], flow.tabs.contains(tab) else { return .refused("unknown tab") }
            var next = state
            next.flows[flow.name]?.tab = tab
            commit(next, buildsElements: false)

        case .activate(let name):
            guard let flow = table.flowByName[name], let flowState = state.flows[name] else { return .refused("unknown flow") }
            if let guardName = flow.guardName, !state.granted.contains(guardName) {
                guard let current = flowState.stacks[flowState.key] else { return .refused("no stack") }
                deferToFallback(of: guardName, pending: LinkTarget(flow: name, tab: flowState.tab, stack: current))
                return .deferred
            }
            var next = state
            next.active = name
            commit(next, buildsElements: false)

        case .open(_, let target):
            guard let target else { return .refused("invalid link") }
            guard table.segmentCount(target) <= Self.maximumSegments else { return .refused("too many segments") }
            if let guardName = table.flowByName[target.flow]?.guardName, !state.granted.contains(guardName) {
                deferToFallback(of: guardName, pending: target)
                return .deferred
            }
            var next = state
            Self.apply(target, to: &next)
            commit(next, buildsElements: !target.stack.path.isEmpty || target.stack.presented != nil)

        case .grant(let name, let showing):
            if let showing, table.flowByName[showing] == nil { return .refused("unknown flow") }
            guard table.guardByName[name] != nil else { return .refused("unknown guard") }
            var next = state
            next.granted.insert(name)
            var applied: String?
            if let pending = next.pending, isOpen(pending.flow, in: next) {
                next.pending = nil
                Self.apply(pending, to: &next)
                applied = table.link(pending)
            } else if let showing, isOpen(showing, in: next) {
                next.active = showing
            }
            state = next
            undo.removeAll()
            redo.removeAll()
            return .granted(applied: applied)

        case .revoke(let name):
            guard let info = table.guardByName[name] else { return .refused("unknown guard") }
            var next = state
            next.granted.remove(name)
            next.pending = nil
            for flow in table.flows where flow.guardName == name {
                next.flows[flow.name] = Self.initial(flow, table)
                if next.active == flow.name, let fallback = table.flowByName[info.fallback] {
                    next.active = fallback.name
                    next.flows[fallback.name] = Self.initial(fallback, table)
                }
            }
            state = next
            undo.removeAll()
            redo.removeAll()

        case .undo:
            guard let previous = undo.popLast() else { return .refused("nothing to undo") }
            redo.append(Snapshot(model: state, engine: engineBefore))
            state = previous.model
            expectedEngineState = previous.engine

        case .redo:
            guard let next = redo.popLast() else { return .refused("nothing to redo") }
            undo.append(Snapshot(model: state, engine: engineBefore))
            state = next.model
            expectedEngineState = next.engine

        case .saveAndRestore:
            undo.removeAll()
            redo.removeAll()

        case .restoreSpoiled:
            return .refused("invalid state")
        }
        return .applied
    }
}

// MARK: - Random intents

/// Draws intents that mostly make sense in the model's current state, and some that do not.
private struct IntentSource {
    let table: ModelTable
    var rng: SeededGenerator
    /// Whether the last intent drawn was an undo (a redo often follows).
    var undid = false

    /// Text that needs escaping, looks like an int or a uuid, is not ASCII or not in NFC; all
    /// short, so that the byte limits never come into play.
    static let texts = [
        "a", "xy", "a b", "x/y", "é", "e\u{301}", "50%", "a+b", "q=1&r", "~._-", "Z9", "42", "007", "中", "😀", "it's", "-",
        "0b7c3e1a-9d2f-4c5e-8a6b-1f2e3d4c5b6a",
    ]
    /// Ints at the edges: JSON and links must keep them exactly.
    static let edgeInts = [Int.max, Int.min, 1 << 53 + 1, -(1 << 53) - 1, 0]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    mutating func value(_ type: ParameterType) -> ParameterValue {
        switch type {
        case .int: .int(chance(5) ? Self.edgeInts.randomElement(using: &rng) ?? 0 : Int.random(in: -20...999, using: &rng))
        case .string: .string(Self.texts.randomElement(using: &rng) ?? "a")
        case .uuid: .uuid(UUIDValue(high: rng.next(), low: rng.next()))
        case .bool: .bool(chance(50))
        case .double: .double(chance(50) ? Self.doubles.randomElement(using: &rng) ?? 0 : Double.random(in: -1e6...1e6, using: &rng))
        case .oneOf(let words): .string(words.randomElement(using: &rng) ?? "")
        case .rest: .segments((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.texts.randomElement(using: &rng) ?? "a" })
        }
    }

    /// Doubles whose shortest form is awkward: fractions that binary cannot hold, tiny and
    /// huge magnitudes (printed without exponent), negative values.
    static let doubles: [Double] = [0, 7, -2.5, 0.1, 0.1 + 0.2, 1e-7, 1.5e20, 123_456.789, -1e-5, 9_007_199_254_740_992]

    mutating func route(_ screen: ModelTable.Screen) -> Route {
        var parameters: [String: ParameterValue] = [:]
        for (name, type) in screen.pathParameters { parameters[name] = value(type) }
        for query in screen.query where !query.optional || chance(50) { parameters[query.name] = value(query.type) }
        return Route(screen.name, parameters)
    }

    /// A route of any screen, often spoiled: a parameter missing, extra, mistyped, empty or
    /// holding a control character, or an unknown screen.
    mutating func strayRoute() -> Route {
        guard let screen = table.screens.randomElement(using: &rng) else { return Route("nowhere") }
        var result = route(screen)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = nil }
        case 1: result.parameters["zz"] = .int(1)
        case 2:
            if let key = result.parameters.keys.sorted().randomElement(using: &rng) {
                result.parameters[key] = result.parameters[key]?.intValue == nil ? .int(7) : .string("7")
            }
        case 3: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = .string("") }
        case 4: if let key = result.parameters.keys.sorted().randomElement(using: &rng) { result.parameters[key] = .string("a\u{7}") }
        case 5: result.screen = "nowhere"
        default: break
        }
        return result
    }

    /// A state some link opens: a walk from a root (long enough, now and then, to pass the
    /// segment limit), maybe ending in a sheet or alert.
    mutating func randomTarget() -> LinkTarget {
        let flow = table.flows.randomElement(using: &rng) ?? table.flows[0]
        let tab = flow.tabs.randomElement(using: &rng)
        guard let rootScreen = table.root(flow: flow.name, tab: tab) else {
            return LinkTarget(flow: flow.name, tab: tab, stack: ModelStack(root: Route("nowhere")))
        }
        var stack = ModelStack(root: route(rootScreen))
        // Mostly short; now and then filled up to a budget of segments around the limit.
        let long = chance(20)
        let budget = long ? Int.random(in: 29...34, using: &rng) : Int.max
        var segments = tab == nil ? 0 : 1
        for _ in 0..<(long ? 40 : Int.random(in: 0...5, using: &rng)) {
            guard let next = table.pushSuccessors[stack.top.screen]?.randomElement(using: &rng),
                  segments + next.pattern.count <= budget else { break }
            segments += next.pattern.count
            stack.path.append(route(next))
        }
        if chance(25), let screen = table.presentSuccessors[stack.top.screen]?.randomElement(using: &rng) {
            stack.presented = ModelPresentation(route: route(screen), style: screen.kind == .sheet ? .sheet : .alert)
        }
        return LinkTarget(flow: flow.name, tab: tab, stack: stack)
    }

    /// A valid link to `target`, canonical or spelled in another accepted way.
    mutating func link(to target: LinkTarget) -> String {
        guard !chance(50) else { return table.parts(target).text }
        let spelling = ModelTable.Spelling(
            upperCaseSchemeAndHost: chance(40), escaping: [.canonical, .everything, .raw].randomElement(using: &rng) ?? .canonical,
            zeroPaddedInts: chance(40), upperCaseUUIDs: chance(40)
        )
        var parts = table.parts(target, spelling: spelling)
        let firstTab = table.flowByName[target.flow]?.tabs.first
        if firstTab != nil, target.tab == firstTab, parts.segments.count == 1, chance(50) {
            parts.segments = []   // `scheme://flow` opens the first tab
            parts.segmentTypes = []
        } else if !parts.segments.isEmpty, chance(40) {
            parts.trailingSlash = true
        }
        return parts.text
    }

    /// A link to `target` spoiled so that it cannot resolve.
    mutating func spoiledLink(to target: LinkTarget) -> String {
        var parts = table.parts(target)
        var options: [Int] = Array(0...11)
        if parts.segments.isEmpty { options.removeAll { $0 == 5 } }
        if target.tab == nil { options.removeAll { $0 == 6 } }
        if parts.lastPatternLength < 2 || parts.endsWithRest { options.removeAll { $0 == 7 } }
        if parts.endsWithRest { options.removeAll { $0 == 4 } }
        let typed = parts.segmentTypes.indices.filter { parts.segmentTypes[$0].map { $0 != .string && $0 != .rest } ?? false }
        if typed.isEmpty { options.removeAll { $0 == 8 } }
        if parts.query.isEmpty { options.removeAll { $0 == 9 } }
        switch options.randomElement(using: &rng) ?? 0 {
        case 0: parts.scheme = "nope"
        case 1: parts.host = "zzflow"
        case 2: parts.host += ":80"
        case 3: parts.suffix = "#top"
        case 4: parts.segments.append(["zz-nope", "%zz", "a b", "%07", "%C3"].randomElement(using: &rng) ?? "zz-nope")
        case 5: parts.segments.insert("", at: Int.random(in: 0..<parts.segments.count, using: &rng))
        case 6: parts.segments[0] = "zztab"
        case 7: parts.segments.removeLast()
        case 8:
            let index = typed.randomElement(using: &rng) ?? 0
            parts.segments[index] = switch parts.segmentTypes[index] {
            case .int?: ["1x", "99999999999999999999", "+5", ""].randomElement(using: &rng) ?? "1x"
            case .double?: ["1e5", "NaN", "1.", ".5", "0x1p3", "inf"].randomElement(using: &rng) ?? "1e5"
            case .bool?: ["True", "1", "yes"].randomElement(using: &rng) ?? "yes"
            case .oneOf?: "zz-word"
            default: "not-a-uuid"
            }
            if parts.segments[index].isEmpty { parts.segments[index] = "%20" }
        case 9: parts.query.append(parts.query[0])
        case 10: parts.query.append(chance(50) ? "zzq=1" : "zzq")
        default: parts.host = ""
        }
        return parts.text
    }

    mutating func next(for model: ReferenceModel, step: Int) -> ModelIntent {
        let intent = draw(for: model, step: step)
        if case .undo = intent { undid = true } else { undid = false }
        return intent
    }

    private mutating func draw(for model: ReferenceModel, step: Int) -> ModelIntent {
        let state = model.state
        let stack = state.activeStack ?? ModelStack(root: Route("nowhere"))
        if step == 0, chance(50), let guardName = table.guards.randomElement(using: &rng)?.name {
            return .grant(guardName, showing: chance(50) ? table.flows.randomElement(using: &rng)?.name : nil)
        }
        if undid, chance(35) { return .redo }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<26:
            if let screen = table.pushSuccessors[stack.top.screen]?.randomElement(using: &rng) { return .push(route(screen)) }
            return chance(50) ? .push(strayRoute()) : .pop
        case 26..<30:
            return .push(strayRoute())
        case 30..<39:
            return .pop
        case 39..<43:
            if chance(70), let route = ([stack.root] + stack.path).randomElement(using: &rng) { return .popTo(route) }
            return .popTo(strayRoute())
        case 43..<45:
            return .popToRoot
        case 45..<51:
            if let screen = table.presentSuccessors[stack.top.screen]?.randomElement(using: &rng) { return .present(route(screen)) }
            return .present(strayRoute())
        case 51..<53:
            return .present(strayRoute())
        case 53..<59:
            return .dismiss
        case 59..<64:
            if chance(85), let tab = table.flowByName[state.active]?.tabs.randomElement(using: &rng) { return .selectTab(tab) }
            return .selectTab((table.flows.flatMap(\.tabs) + ["zztab"]).randomElement(using: &rng) ?? "zztab")
        case 64..<67:
            return .activate(chance(90) ? table.flows.randomElement(using: &rng)?.name ?? "f0" : "zzflow")
        case 67..<75:
            let target = randomTarget()
            return .open(link(to: target), target)
        case 75..<78:
            return .open(spoiledLink(to: randomTarget()), nil)
        case 78..<81:
            let name = chance(90) ? table.guards.randomElement(using: &rng)?.name ?? "zzguard" : "zzguard"
            let flow: String? = chance(50) ? nil : (chance(90) ? table.flows.randomElement(using: &rng)?.name : "zzflow")
            return .grant(name, showing: flow)
        case 81..<83:
            return .revoke(chance(90) ? table.guards.randomElement(using: &rng)?.name ?? "zzguard" : "zzguard")
        case 83..<91:
            return .undo
        case 91..<95:
            return .redo
        case 95..<97:
            return .saveAndRestore(fresh: chance(70))
        case 97:
            return .restoreSpoiled(Int.random(in: 0..<6, using: &rng))
        default:
            var routes: [Route] = []
            var top = stack.root.screen
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                guard let screen = table.pushSuccessors[top]?.randomElement(using: &rng) else { break }
                routes.append(route(screen))
                top = screen.name
            }
            if chance(20) { routes.append(strayRoute()) }
            return .replacePath(routes)
        }
    }
}

// MARK: - Running the engine and checking it

private struct ModelRun {
    let graph: RouteGraph
    let table: ModelTable
    let seed: UInt64
    let limit: Int

    static let spoilings = [
        "a root pushed", "an unknown active flow", "an unknown guard granted", "a pending link that does not resolve",
        "a root presented as a sheet", "an id out of range (a root pushed when the stack holds none)",
    ]

    /// `state` made invalid in the way `kind` names (see ``spoilings``).
    static func spoil(_ state: NavigationState, _ kind: Int) -> NavigationState {
        var spoiled = state
        let flow = state.activeFlow, key = state.active?.selectedKey ?? FlowState.singleStack
        guard let stack = state.activeStack else { return spoiled }
        switch kind {
        case 1: spoiled.activeFlow = "zzflow"
        case 2: spoiled.grantedGuards.insert("zzguard")
        case 3: spoiled.pending = "nope://nowhere"
        case 4: spoiled.flows[flow]?.stacks[key]?.presentation = Presentation(id: StackID(1 << 40), route: stack.root, style: .sheet)
        case 5 where !stack.path.isEmpty: spoiled.flows[flow]?.stacks[key]?.path[0].id = StackID(-1)
        default: spoiled.flows[flow]?.stacks[key]?.path.append(StackElement(id: StackID(1 << 40), route: stack.root))
        }
        return spoiled
    }

    /// Runs `intent` on the engine.
    static func perform(_ intent: ModelIntent, on navigator: inout Navigator, graph: RouteGraph) -> ModelOutcome {
        do throws(NavigationError) {
            switch intent {
            case .push(let route): try navigator.push(route)
            case .pop: try navigator.pop()
            case .popTo(let route): try navigator.pop(to: route)
            case .popToRoot: try navigator.popToRoot()
            case .replacePath(let routes): try navigator.replacePath(with: routes)
            case .present(let route): try navigator.present(route)
            case .dismiss: try navigator.dismiss()
            case .selectTab(let tab): try navigator.selectTab(tab)
            case .activate(let flow):
                if case .deferred = try navigator.activate(flow: flow) { return .deferred }
            case .open(let link, _):
                if case .deferred = try navigator.open(link) { return .deferred }
            case .grant(let name, let flow):
                let applied = try navigator.grant(name, showing: flow)
                return .granted(applied: applied)
            case .revoke(let name): try navigator.revoke(name)
            case .undo: try navigator.undo()
            case .redo: try navigator.redo()
            case .saveAndRestore(let fresh):
                let saved: NavigationState
                do {
                    saved = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(navigator.state))
                } catch {
                    return .refused("the state does not encode and decode: \(error)")
                }
                guard saved == navigator.state else { return .refused("the decoded state differs from the saved one") }
                // Into a fresh navigator (as a new session would) or the same one.
                var restored = navigator
                if fresh {
                    restored = Navigator(graph: graph)
                    restored.historyLimit = navigator.historyLimit
                }
                try restored.restore(saved)
                guard restored.state == saved else { return .refused("restoring changed the state") }
                navigator = restored
            case .restoreSpoiled(let kind):
                try navigator.restore(spoil(navigator.state, kind))
            }
        } catch {
            return .refused("\(error.code): \(error.message)")
        }
        return .applied
    }

    /// Runs one sequence; the first disagreement or broken invariant, as a message.
    /// `coverage` counts what the model expected, by intent and outcome (`push: refused (link
    /// too long)`), so that the tests can check the sequences reach what they are meant to.
    func run(steps: Int, rng: inout SeededGenerator, coverage: inout [String: Int]) -> String? {
        var navigator = Navigator(graph: graph)
        navigator.historyLimit = limit
        var model = ReferenceModel(table: table, limit: limit)
        var source = IntentSource(table: table, rng: SeededGenerator(seed: rng.next()))
        var log: [(ModelIntent, ModelOutcome)] = []
        for step in 0..<steps {
            let intent = source.next(for: model, step: step)
            let before = navigator
            model.engineBefore = before.state
            model.expectedEngineState = nil
            let expected = model.apply(intent)
            let actual = Self.perform(intent, on: &navigator, graph: graph)
            log.append((intent, actual))
            coverage["\(intent.kind): \(expected.kind)", default: 0] += 1
            var problems: [String] = []
            switch (expected, actual) {
            case (.refused, .refused):
                if navigator.state != before.state { problems.append("a refused intent changed the state") }
                if navigator.undoCount != before.undoCount || navigator.redoCount != before.redoCount {
                    problems.append("a refused intent changed the history")
                }
            case (.refused(let why), _):
                problems.append("the model refuses it (\(why)); the engine did not")
            case (_, .refused):
                problems.append("the model accepts it (\(expected)); the engine refused")
            default:
                if expected != actual { problems.append("the model expects \(expected), the engine says \(actual)") }
                if let exact = model.expectedEngineState, navigator.state != exact {
                    problems.append("\(intent) does not give back exactly the state it returns to (ids included)")
                }
            }
            // A refusal left the state as it was (checked above): what holds of it was checked
            // at the step before. Otherwise, everything is checked again.
            problems += check(navigator, against: model, after: intent, stateChecked: expected.isRefused && actual.isRefused)
            if !problems.isEmpty {
                return "seed \(seed) (history limit \(limit)), step \(step): \(intent)\n"
                    + problems.joined(separator: "\n") + "\nsteps:\n"
                    + log.enumerated().map { "\($0.offset): \($0.element.0) -> \($0.element.1)" }.joined(separator: "\n")
            }
        }
        return nil
    }

    /// Every way `navigator` disagrees with `model` or breaks an invariant.
    /// Stack intents change only the active stack: after them, the other stacks are left to
    /// the comparison with the model, and only the active one is walked through the table.
    func check(_ navigator: Navigator, against model: ReferenceModel, after intent: ModelIntent, stateChecked: Bool) -> [String] {
        var problems: [String] = []
        let state = navigator.state
        if navigator.undoCount != model.undo.count || navigator.redoCount != model.redo.count {
            problems.append("history: engine \(navigator.undoCount) to undo, \(navigator.redoCount) to redo; model \(model.undo.count), \(model.redo.count)")
        }
        if !stateChecked {
            problems += stateProblems(navigator, against: model, after: intent)
        }
        // Undo then redo is the identity (on a copy).
        if navigator.canUndo {
            var copy = navigator
            do throws(NavigationError) {
                try copy.undo()
                if let previous = model.undo.last {
                    if !matches(copy.state, previous.model) {
                        problems.append("undo does not give back the state before the last change:\n\(ObservedState(copy.state).difference(from: ObservedState(previous.model, table: table)))")
                    } else if let exact = previous.engine, copy.state != exact {
                        problems.append("undo gives back the state before the last change with other ids")
                    }
                }
                try copy.redo()
                if copy.state != state { problems.append("undo then redo does not give back the state") }
                if copy.undoCount != navigator.undoCount || copy.redoCount != navigator.redoCount {
                    problems.append("undo then redo does not give back the history counts")
                }
            } catch {
                problems.append("undo then redo was refused: \(error)")
            }
        }
        return problems
    }

    /// Every way the navigator's state differs from the model's or breaks an invariant.
    func stateProblems(_ navigator: Navigator, against model: ReferenceModel, after intent: ModelIntent) -> [String] {
        var problems: [String] = []
        let state = navigator.state
        if !matches(state, model.state) {
            let observed = ObservedState(state)
            let expected = ObservedState(model.state, table: table)
            problems.append("the state differs from the model's:\n\(observed.difference(from: expected))")
        }
        switch intent {
        case .push, .pop, .popTo, .popToRoot, .replacePath, .present, .dismiss, .selectTab:
            problems += graphProblems(in: state, everyStack: false)
        default:
            problems += graphProblems(in: state, everyStack: true)
        }
        // The round trip: the printed link reads back as the active flow, tab, stack and
        // presentation, and it is the link the model prints.
        let url = navigator.url
        if let target = model.state.activeTarget, url != table.link(target) {
            problems.append("the engine prints \(url), the model \(table.link(target))")
        }
        do {
            let link = try graph.resolve(url)
            if link.flow != state.activeFlow || link.tab != state.selectedTab || link.stack != state.activeStack?.routes
                || link.presentation?.route != state.presentation?.route || link.presentation?.style != state.presentation?.style {
                problems.append("\(url) reads back as \(link.flow) \(link.tab ?? "-") \(link.screenNames), not as the state")
            }
        } catch {
            problems.append("\(url) does not read back: \(error)")
        }
        if let pending = state.pending {
            do {
                let link = try graph.resolve(pending)
                if link.url != pending { problems.append("the pending link \(pending) is not canonical") }
                if let guardName = link.guardName, state.grantedGuards.contains(guardName) {
                    problems.append("the pending link \(pending) waits for guard \(guardName), which is met")
                }
            } catch {
                problems.append("the pending link \(pending) does not resolve: \(error)")
            }
        }
        return problems
    }

    /// Whether the engine's `state` shows what the model's does (screens and parameters; no ids).
    func matches(_ state: NavigationState, _ model: ModelState) -> Bool {
        guard state.activeFlow == model.active, state.grantedGuards == model.granted, state.flows.count == model.flows.count else {
            return false
        }
        if state.pending != nil || model.pending != nil {
            guard let pending = model.pending, state.pending == table.link(pending) else { return false }
        }
        for (name, flow) in model.flows {
            guard let actual = state.flows[name], actual.selectedTab == flow.tab, actual.stacks.count == flow.stacks.count else {
                return false
            }
            for (key, stack) in flow.stacks {
                guard let other = actual.stacks[key], other.root == stack.root, other.path.count == stack.path.count,
                      other.presentation?.route == stack.presented?.route, other.presentation?.style == stack.presented?.style
                else { return false }
                for index in stack.path.indices where other.path[index].route != stack.path[index] { return false }
            }
        }
        return true
    }

    /// Every way `state` does not fit the table: each stack a walk from its root, its
    /// presentation a sheet or alert allowed over its top, the active flow's guard met,
    /// ids unique, the active link within the segment limit.
    func graphProblems(in state: NavigationState, everyStack: Bool) -> [String] {
        var problems: [String] = []
        // Ids are unique in the whole state.
        var ids: Set<Int> = []
        for flowState in state.flows.values {
            for stack in flowState.stacks.values {
                for element in stack.path where !ids.insert(element.id.rawValue).inserted { problems.append("id \(element.id) is used twice") }
                if let id = stack.presentation?.id, !ids.insert(id.rawValue).inserted { problems.append("id \(id) is used twice") }
            }
        }
        if everyStack, Set(state.flows.keys) != Set(table.flows.map(\.name)) { problems.append("flows \(state.flows.keys.sorted())") }
        for flow in table.flows where everyStack || flow.name == state.activeFlow {
            guard let flowState = state.flows[flow.name] else { continue }
            if flow.tabs.isEmpty ? flowState.selectedTab != nil : !flow.tabs.contains(flowState.selectedTab ?? "") {
                problems.append("\(flow.name) selects tab \(flowState.selectedTab ?? "nil")")
            }
            let keys = table.stackKeys(of: flow)
            if flowState.stacks.count != keys.count || !keys.allSatisfy({ flowState.stacks[$0] != nil }) {
                problems.append("\(flow.name) has stacks \(flowState.stacks.keys.sorted())")
            }
            for (key, stack) in flowState.stacks where everyStack || key == flowState.selectedKey {
                let place = "\(flow.name)/\(key)"
                guard let root = table.root(flow: flow.name, tab: flow.tabs.isEmpty ? nil : key),
                      stack.root.screen == root.name, table.parametersFit(stack.root, root) else {
                    problems.append("\(place) starts at \(stack.root)")
                    continue
                }
                var top = root.name
                for element in stack.path {
                    guard let screen = table.screenByName[element.route.screen], screen.flow == flow.name, screen.kind == .push,
                          screen.after.contains(top), table.parametersFit(element.route, screen) else {
                        problems.append("\(place): \(element.route) may not follow \(top)")
                        break
                    }
                    top = screen.name
                }
                // At most one presentation per stack: the type holds one; it must fit the top.
                if let presentation = stack.presentation {
                    let screen = table.screenByName[presentation.route.screen]
                    let style: PresentationStyle? = screen?.kind == .sheet ? .sheet : screen?.kind == .alert ? .alert : nil
                    if screen == nil || screen?.flow != flow.name || style != presentation.style || screen?.after.contains(top) != true
                        || !table.parametersFit(presentation.route, screen!) {
                        problems.append("\(place): \(presentation.route) may not be presented over \(top)")
                    }
                }
            }
        }
        if let guardName = table.flowByName[state.activeFlow]?.guardName, !state.grantedGuards.contains(guardName) {
            problems.append("flow \(state.activeFlow) is shown while guard \(guardName) is unmet")
        }
        if !state.grantedGuards.isSubset(of: Set(table.guards.map(\.name))) {
            problems.append("unknown guards granted: \(state.grantedGuards.sorted())")
        }
        if let stack = state.activeStack {
            var segments = state.selectedTab == nil ? 0 : 1
            for element in stack.path { segments += table.screenByName[element.route.screen]?.pattern.count ?? 0 }
            if let presented = stack.presentation { segments += table.screenByName[presented.route.screen]?.pattern.count ?? 0 }
            if segments > ReferenceModel.maximumSegments {
                problems.append("the link has \(segments) path segments, more than \(ReferenceModel.maximumSegments)")
            }
        }
        return problems
    }
}

// MARK: - The tests

@Suite struct NavigatorModelTests {
    /// The sample app's table, read from Routes/app.routes.
    static func appGraph() throws -> RouteGraph {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Routes/app.routes")
        return try RouteGraph(parsing: String(contentsOf: url, encoding: .utf8), file: "app.routes")
    }

    /// History limits to run with: mostly the default, sometimes small enough to fill.
    static let limits = [100, 100, 100, 5, 2, 1, 0]

    /// How many steps a sequence has.
    static let lengths = 14...28

    /// How many failing sequences a test case reports before it stops.
    static let reportedFailures = 3

    /// Runs the sequence `seed` on `graph`: its history limit and length come from the seed.
    /// - Returns: The first disagreement, as a message naming the seed, the step and the steps.
    private static func runSequence(graph: RouteGraph, table: ModelTable, seed: UInt64, coverage: inout [String: Int]) -> String? {
        var rng = SeededGenerator(seed: seed)
        let limit = limits.randomElement(using: &rng) ?? 100
        let length = Int.random(in: lengths, using: &rng)
        return ModelRun(graph: graph, table: table, seed: seed, limit: limit).run(steps: length, rng: &rng, coverage: &coverage)
    }

    /// Replays one sequence (to debug a failure): on the app's table, or on the random table
    /// of `tableSeed`. Prints the steps and returns the failure, if any.
    static func replay(seed: UInt64, tableSeed: UInt64? = nil) throws -> String? {
        var graph = try appGraph()
        var table = ModelTable(graph)
        if let tableSeed {
            var rng = SeededGenerator(seed: tableSeed)
            table = ModelTable.random(using: &rng)
            graph = try RouteGraph(parsing: table.routesText, file: "random-\(tableSeed).routes")
        }
        var coverage: [String: Int] = [:]
        return runSequence(graph: graph, table: table, seed: seed, coverage: &coverage)
    }

    /// Runs `count` sequences from `firstSeed` on; records the first few failures.
    private static func runSequences(graph: RouteGraph, table: ModelTable, firstSeed: UInt64, count: Int, tableSeed: UInt64? = nil, coverage: inout [String: Int]) {
        var failures = 0
        for seed in firstSeed..<(firstSeed + UInt64(count)) {
            guard let failure = runSequence(graph: graph, table: table, seed: seed, coverage: &coverage) else { continue }
            let where_ = tableSeed.map { "random table \($0) (replay(seed: \(seed), tableSeed: \($0)))\n" } ?? "app table (replay(seed: \(seed)))\n"
            let text = tableSeed == nil ? "" : "\ntable:\n\(table.routesText)"
            Issue.record("\(where_)\(failure)\(text)")
            failures += 1
            if failures >= reportedFailures { return }
        }
    }

    /// Checks that the sequences reached what they are meant to exercise.
    private static func expectCoverage(_ coverage: [String: Int], of keys: [String], _ what: String) {
        for key in keys {
            #expect(coverage[key, default: 0] > 0, "\(what): no step did '\(key)'; seen: \(coverage.keys.sorted())")
        }
    }

    static let batches = 8
    static let appSequences = 560
    static let randomTables = 12
    static let sequencesPerTable = 58

    /// 8 batches × 560 sequences on the app's table.
    @Test(arguments: 0..<batches)
    func theAppTableFollowsTheModel(batch: Int) throws {
        let graph = try Self.appGraph()
        let table = ModelTable(graph)
        var coverage: [String: Int] = [:]
        Self.runSequences(graph: graph, table: table, firstSeed: UInt64(1_000_000 + batch * 10_000), count: Self.appSequences, coverage: &coverage)
        Self.expectCoverage(coverage, of: [
            "push: applied", "push: refused (link too long)", "push: refused (presentation active)", "pop: applied",
            "popTo: applied", "present: applied", "dismiss: applied", "selectTab: applied", "activate: deferred",
            "open: applied", "open: deferred", "open: refused (too many segments)", "open spoiled: refused (invalid link)",
            "grant: granted, pending link applied", "revoke: applied", "undo: applied", "redo: applied",
            "saveAndRestore: applied", "replacePath: applied",
        ], "app table, batch \(batch)")
    }

    /// 8 batches × 12 random tables × 58 sequences.
    @Test(arguments: 0..<batches)
    func randomTablesFollowTheModel(batch: Int) throws {
        var coverage: [String: Int] = [:]
        for index in 0..<Self.randomTables {
            let tableSeed = UInt64(2_000_000 + batch * 10_000 + index * 100)
            var rng = SeededGenerator(seed: tableSeed)
            let table = ModelTable.random(using: &rng)
            let text = table.routesText
            let graph: RouteGraph
            do {
                graph = try RouteGraph(parsing: text, file: "random-\(tableSeed).routes")
            } catch {
                Issue.record("random table \(tableSeed) does not parse: \(error)\n\(text)")
                continue
            }
            #expect(ModelTable(graph).sameDeclarations(as: table), "random table \(tableSeed) parses to other declarations:\n\(text)")
            #expect(graph.warnings.isEmpty, "random table \(tableSeed) has overlap warnings: \(graph.warnings)\n\(text)")
            Self.runSequences(graph: graph, table: table, firstSeed: tableSeed + 1, count: Self.sequencesPerTable, tableSeed: tableSeed, coverage: &coverage)
        }
        Self.expectCoverage(coverage, of: [
            "push: applied", "push: refused (link too long)", "present: applied", "selectTab: applied",
            "open: applied", "open: deferred", "open: refused (too many segments)", "open spoiled: refused (invalid link)",
            "grant: granted, pending link applied", "undo: applied", "redo: applied", "saveAndRestore: applied",
        ], "random tables, batch \(batch)")
    }
}
