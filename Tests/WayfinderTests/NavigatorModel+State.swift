import Foundation
import Testing
import Wayfinder

// MARK: - The reference model

struct ModelPresentation: Hashable, Sendable {
    var route: Route
    var style: PresentationStyle
}

struct ModelStack: Hashable, Sendable {
    var root: Route
    var path: [Route] = []
    var presented: ModelPresentation?
    var top: Route { path.last ?? root }
}

struct ModelFlow: Hashable, Sendable {
    var tab: String?
    var stacks: [String: ModelStack]
    var key: String { tab ?? FlowState.singleStack }
}

/// What a link opens: a flow, its tab, a stack and its presentation.
struct LinkTarget: Hashable, Sendable {
    var flow: String
    var tab: String?
    var stack: ModelStack
}

struct ModelState: Hashable, Sendable {
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
struct ObservedState: Equatable, CustomStringConvertible {
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
enum ModelIntent: CustomStringConvertible {
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
enum ModelOutcome: Equatable, CustomStringConvertible {
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
