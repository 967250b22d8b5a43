import WayfinderSystem

extension NavigationState {
    /// Reads a state saved in its saved form (``SavedStateFormat``), element by element, keeping what can be
    /// read: a value of the wrong type, a number out of range or with a fraction where an
    /// integer belongs, drops only the element it belongs to, and each drop is a problem.
    ///
    /// - A stack element or presentation whose route does not read is dropped with
    ///   everything above it in its stack (as ``Navigator/restoration(of:savedWith:)`` cuts a
    ///   stack before the first screen that does not fit).
    /// - A stack id that does not read as an integer (`1e308`, `4.5`, a string) becomes -1,
    ///   out of range: ``Navigator/restoration(of:savedWith:)`` renumbers it, as it does ids
    ///   too large or repeated.
    /// - A stack whose root does not read, a flow or stack that is not an object, a guard
    ///   that is not a string, are left out; the nearest valid state starts them afresh.
    /// - Keys the saved form does not have are ignored, as `Codable` ignores them.
    ///
    /// The result still has to be fitted to a graph with ``Navigator/restoration(of:savedWith:)``.
    /// - Parameter json: The saved state, such as `JSONValue(parsing:)` reads it.
    /// - Returns: The state read and what was dropped, as sentences; nil when `json` is
    ///   not an object.
    public static func decodedLeniently(from json: JSONValue) -> (state: NavigationState, problems: [String])? {
        guard case .object = json else { return nil }
        var reader = LenientStateReader()
        let state = reader.state(json)
        return (state, reader.problems)
    }

    /// The problems of a state read with ``decodedLeniently(from:)`` (`read`) and then
    /// fitted to a graph (`fitted`, from ``Navigator/restoration(of:savedWith:)`` or a
    /// restoration), each said once: an active flow that did not read as a name is reported
    /// by the reader, and not again as the unknown active flow `''` it was read as; so is a
    /// selected tab that did not read as a name, and not again as no tab selected.
    public static func problems(read: [String], fitted: [String]) -> [String] {
        let activeFlowUnread = read.contains { $0.hasPrefix(LenientStateReader.unreadableActiveFlow) }
        return read + fitted.filter { problem in
            if activeFlowUnread, problem == Navigator.unknownActiveFlow("") { return false }
            // A tab that did not read as a name: told by the reader, not again as none selected.
            guard let prefix = LenientStateReader.unreadableTabPrefix(ofNoSelectedTab: problem) else { return true }
            return !read.contains { $0.hasPrefix(prefix) }
        }
    }
}

/// A value that does not read as what its place needs, and why.
private struct Unreadable: Error {
    let reason: String
}

struct LenientStateReader {
    typealias Key = SavedStateFormat.Key

    /// How the problem of an active flow that is not a string begins.
    static let unreadableActiveFlow = "the active flow"

    /// How the reader's problem of a flow's selected tab that is not a string begins.
    static func unreadableTabPrefix(ofFlow shown: String) -> String {
        "flow '\(shown)' selects a tab "
    }

    /// For the fitted problem of a flow that selects no tab (``Navigator/noSelectedTab(_:)``),
    /// how the reader's problem of that flow's unreadable tab begins; `nil` for another problem.
    static func unreadableTabPrefix(ofNoSelectedTab problem: String) -> String? {
        let (head, tail) = ("flow '", "' selects no tab")
        guard problem.hasPrefix(head), problem.hasSuffix(tail), problem.count > head.count + tail.count else { return nil }
        return unreadableTabPrefix(ofFlow: String(problem.dropFirst(head.count).dropLast(tail.count)))
    }

    var problems: [String] = []
    /// The first stack id that did not read as an integer: not one of ``problems``, as the
    /// nearest valid state renumbers it and says so, but what a strict reading refuses.
    var unreadableID: String?

    mutating func state(_ json: JSONValue) -> NavigationState {
        var activeFlow = ""
        switch json.member(Key.activeFlow) {
        case .string(let name): activeFlow = name
        case let other: problems.append("\(Self.unreadableActiveFlow) \(Self.describe(other)) is not a flow name")
        }
        var flows: [String: FlowState] = [:]
        if case .object(let members) = json.member(Key.flows) {
            for (name, value) in members {
                if let flow = flow(value, name: name) { flows[name] = flow }
            }
        } else {
            problems.append("the flows \(Self.describe(json.member(Key.flows))) are not an object")
        }
        var state = NavigationState(
            activeFlow: activeFlow, flows: flows, pending: link(json.member(Key.pending), "the pending link"),
            grantedGuards: grantedGuards(json.member(Key.grantedGuards)))
        state.confirming = link(json.member(Key.confirming), "the link to confirm")
        return state
    }

    /// A link member (the pending link, the link to confirm): absent, `null` or a string.
    private mutating func link(_ json: JSONValue?, _ what: String) -> String? {
        switch json {
        case nil, .null?: return nil
        case .string(let link)?: return link
        case let other?:
            problems.append("\(what) \(Self.describe(other)) is not a string")
            return nil
        }
    }

    private mutating func grantedGuards(_ json: JSONValue?) -> Set<String> {
        guard let json else { return [] }
        guard case .array(let elements) = json else {
            problems.append("the granted guards \(Self.describe(json)) are not a list")
            return []
        }
        var names: Set<String> = []
        for element in elements {
            if case .string(let name) = element {
                names.insert(name)
            } else {
                problems.append("a granted guard \(Self.describe(element)) is not a name")
            }
        }
        return names
    }

    private mutating func flow(_ json: JSONValue, name: String) -> FlowState? {
        let shown = name.escapingControlCharacters
        guard case .object = json else {
            problems.append("flow '\(shown)' \(Self.describe(json)) is not an object")
            return nil
        }
        var selectedTab: String?
        switch json.member(Key.selectedTab) {
        case nil, .null?: break
        case .string(let tab)?: selectedTab = tab
        case let other?: problems.append(Self.unreadableTabPrefix(ofFlow: shown) + "\(Self.describe(other)) that is not a name")
        }
        var stacks: [String: RouteStack] = [:]
        if case .object(let members) = json.member(Key.stacks) {
            for (key, value) in members {
                let place = key.isEmpty ? shown : "\(shown).\(key.escapingControlCharacters)"
                if let stack = stack(value, place: place) { stacks[key] = stack }
            }
        } else {
            problems.append("flow '\(shown)': its stacks \(Self.describe(json.member(Key.stacks))) are not an object")
        }
        return FlowState(selectedTab: selectedTab, stacks: stacks)
    }

    private mutating func stack(_ json: JSONValue, place: String) -> RouteStack? {
        let root: Route
        do throws(Unreadable) {
            guard case .object = json else { throw Unreadable(reason: "\(Self.describe(json)) is not an object") }
            root = try Self.route(json.member(Key.root))
        } catch {
            problems.append("\(place): the stack does not read (\(error.reason)); it starts afresh")
            return nil
        }
        var stack = RouteStack(root: root)
        var elements: [JSONValue] = []
        switch json.member(Key.path) {
        case nil: break
        case .array(let path)?: elements = path
        case let other?: problems.append("\(place): the path \(Self.describe(other)) is not a list; the stack is cut at its root")
        }
        for (index, element) in elements.enumerated() {
            do {
                stack.push(try Self.route(element.member(Key.route)), id: stackID(element.member(Key.id)))
            } catch {
                problems.append("\(place): screen \(index + 1) of the stack does not read (\(error.reason)); the stack is cut below it")
                return stack
            }
        }
        if stack.path.count == elements.count, let json = json.member(Key.presentation), json != .null {
            do {
                stack.presentation = try presentation(json)
            } catch {
                problems.append("\(place): the presentation does not read (\(error.reason)); it was dropped")
            }
        }
        return stack
    }

    private mutating func presentation(_ json: JSONValue) throws(Unreadable) -> Presentation {
        let route = try Self.route(json.member(Key.route))
        guard case .string(let name) = json.member(Key.style), let style = PresentationStyle(rawValue: name) else {
            throw Unreadable(reason: "style \(Self.describe(json.member(Key.style))) is not sheet or alert")
        }
        return Presentation(id: stackID(json.member(Key.id)), route: route, style: style)
    }

    /// The id as it is saved (`{"rawValue":3}`), or -1 (out of range, so
    /// renumbered) when it is not an integer that fits.
    private mutating func stackID(_ json: JSONValue?) -> StackID {
        if case .int(let number)? = json?.member(Key.rawValue) { return StackID(number) }
        unreadableID = unreadableID ?? "the stack id \(Self.describe(json)) is not a whole number"
        return StackID(-1)
    }

    private static func route(_ json: JSONValue?) throws(Unreadable) -> Route {
        guard case .string(let screen) = json?.member(Key.screen) else {
            throw Unreadable(reason: "its screen \(describe(json?.member(Key.screen))) is not a name")
        }
        var parameters: [String: ParameterValue] = [:]
        switch json?.member(Key.parameters) {
        case nil: break
        case .object(let members)?:
            for (name, value) in members {
                guard let parameter = parameter(value) else {
                    throw Unreadable(reason: "parameter '\(name.escapingControlCharacters)' of '\(screen.escapingControlCharacters)' is \(describe(value)), not a saved value")
                }
                parameters[name] = parameter
            }
        case let other?:
            throw Unreadable(reason: "the parameters of '\(screen.escapingControlCharacters)' \(describe(other)) are not an object")
        }
        return Route(screen, parameters)
    }

    /// The value in its saved form (``SavedStateFormat/json(of:)-(ParameterValue)``), or nil.
    static func parameter(_ json: JSONValue) -> ParameterValue? {
        switch json {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .string(let text): return .string(text)
        case .array(let elements):
            var segments: [String] = []
            for element in elements {
                guard case .string(let segment) = element else { return nil }
                segments.append(segment)
            }
            return .segments(segments)
        case .object:
            if let number = json.member(Key.double) {
                switch number {
                case .int(let value): return .double(Double(value))
                case .double(let value) where value.isFinite: return .double(value == 0 ? 0 : value)
                default: return nil
                }
            }
            for type in ParameterValue.textTaggedTypes {
                guard let member = json.member(type.declaration) else { continue }
                guard case .string(let text) = member else { return nil }
                return ParameterValue(parsing: text, as: type)
            }
            return nil
        case .null, .double:
            return nil
        }
    }

    /// A value as a problem shows it: its JSON text, shortened, control characters escaped.
    static func describe(_ json: JSONValue?) -> String {
        guard let json else { return "(missing)" }
        let text = json.serialized
        let shortened = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
        return String(shortened).escapingControlCharacters
    }
}
