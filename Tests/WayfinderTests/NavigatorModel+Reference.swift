import Foundation
import Testing
import Wayfinder

/// The reference: the rules of the engine's documentation, on plain values.
struct ReferenceModel {
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

    /// What `intent` should do, and the state and history it leaves.
    mutating func apply(_ intent: ModelIntent) -> ModelOutcome {
        guard let stack = state.activeStack else { return .refused("no active stack") }
        switch intent {
        case .push, .pop, .popTo, .popToRoot, .replacePath:
            return applyToPath(intent, stack)
        case .present, .dismiss:
            return applyToPresentation(intent, stack)
        case .selectTab, .activate, .open:
            return applyToFlows(intent)
        case .grant, .revoke:
            return applyToGuards(intent)
        case .undo, .redo, .saveAndRestore, .restoreSpoiled:
            return applyToHistory(intent)
        }
    }

    /// Push, pop, pop to, pop to root, replace path: the active stack's path.
    private mutating func applyToPath(_ intent: ModelIntent, _ stack: ModelStack) -> ModelOutcome {
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
        default:
            return .refused("not a path intent")
        }
        return .applied
    }

    /// Present and dismiss: the active stack's presentation.
    private mutating func applyToPresentation(_ intent: ModelIntent, _ stack: ModelStack) -> ModelOutcome {
        switch intent {
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
        default:
            return .refused("not a presentation intent")
        }
        return .applied
    }

    /// Select tab, activate, open: which flow and tab are shown, and what a link opens.
    private mutating func applyToFlows(_ intent: ModelIntent) -> ModelOutcome {
        switch intent {
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
            // The least change: a link already open changes nothing and records no step.
            commit(next, buildsElements: false)
        default:
            return .refused("not a flow intent")
        }
        return .applied
    }

    /// Grant and revoke: both clear the history.
    private mutating func applyToGuards(_ intent: ModelIntent) -> ModelOutcome {
        var outcome = ModelOutcome.applied
        switch intent {
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
            outcome = .granted(applied: applied)
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
        default:
            return .refused("not a guard intent")
        }
        undo.removeAll()
        redo.removeAll()
        return outcome
    }

    /// Undo, redo, saving and restoring.
    private mutating func applyToHistory(_ intent: ModelIntent) -> ModelOutcome {
        switch intent {
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
        default:
            return .refused("invalid state")
        }
        return .applied
    }
}
