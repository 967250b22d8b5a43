import Foundation
import Testing
import Wayfinder

// MARK: - Running the engine and checking it

struct ModelRun {
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
                if case .deferred = try navigator.open(link, from: .app) { return .deferred }
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
                problems += stackProblems(stack, flow: flow, key: key)
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

    /// Every way `stack` (of `flow`, under `key`) does not fit the table: a walk from its
    /// root, its presentation a sheet or alert allowed over its top.
    func stackProblems(_ stack: RouteStack, flow: ModelTable.Flow, key: String) -> [String] {
        var problems: [String] = []
        let place = "\(flow.name)/\(key)"
        guard let root = table.root(flow: flow.name, tab: flow.tabs.isEmpty ? nil : key),
              stack.root.screen == root.name, table.parametersFit(stack.root, root) else {
            return ["\(place) starts at \(stack.root)"]
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
        return problems
    }
}
