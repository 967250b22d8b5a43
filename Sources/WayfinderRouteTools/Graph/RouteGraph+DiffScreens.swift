@_spi(RouteTools) import Wayfinder

/// Screens and their parameters, compared between two versions of a table.
extension TableDiff {
    /// Whether `change` is about screen `name` (by any of its names).
    static func isAbout(_ change: RouteMigration.Change, screen names: Set<String>) -> Bool {
        switch change {
        case .screenRenamed(let old, let new): names.contains(old) || names.contains(new)
        case .screenMoved(let screen, _, _), .screenRemoved(let screen, _), .linkChanged(let screen, _), .entryChanged(let screen, _),
             .parameterRenamed(let screen, _, _), .parameterRetyped(let screen, _, _, _), .parameterAdded(let screen, _, _):
            names.contains(screen)
        case .flowRenamed, .tabRenamed, .guardRenamed: false
        }
    }

    /// A screen's entry tier changed. Saved places are not about tiers: what changes is what a
    /// link from outside does. A stricter tier breaks the old links to the screen (they stop
    /// opening, or now ask first), named, unless the table says the change is on purpose
    /// (`from V screen NAME entry TIER`, suggested when it does not).
    private mutating func compareEntry(of screen: RouteGraph.Screen, rebuilt: RouteGraph.Screen, newer: RouteGraph.Screen, about: [RouteMigration]) {
        let (old, new) = (screen.entry, newer.entry)
        let effect = switch new {
        case .outside: "links from outside open it at once"
        case .confirm: "links from outside to it wait to be confirmed"
        case .internal: "links from outside to it are refused"
        }
        var summary = "screen '\(newer.name)' entry \(old.rawValue) → \(new.rawValue): \(effect)"
        guard new > old else { return add(summary, breaking: false, covered: true) }
        let links = older.linkTemplates(reaching: screen.name)
        if !links.isEmpty { summary += " (old links: \(links.joined(separator: ", ")))" }
        let covered = rebuilt.entry == old
        let declared = about.filter { if case .entryChanged = $0.change { true } else { false } }
        changes.append(RouteChange(
            isBreaking: true, summary: summary, coveredBy: covered ? declared : [], isCovered: covered,
            suggestedMigrations: covered ? [] : ["from \(older.version) screen \(newer.name) entry \(old.rawValue)"]))
    }

    mutating func compareScreens() {
        // Screens removed with nothing to cover it, by the index of their change.
        var uncoveredRemovals: [(change: Int, screen: RouteGraph.Screen)] = []
        for screen in older.screens {
            let name = newName(ofScreen: screen.name)
            let names: Set = [screen.name, name]
            let about = migrations.filter { Self.isAbout($0.change, screen: names) }
            guard let rebuiltScreen = rebuilt.screens.first(where: { $0.name == screen.name }), let newScreen = newer.screen(named: name) else {
                let removal = about.filter { if case .screenRemoved = $0.change { true } else { false } }
                if removal.isEmpty { uncoveredRemovals.append((changes.count, screen)) }
                add("screen '\(screen.name)' removed: its saved places and links are lost", covered: !removal.isEmpty, by: removal)
                continue
            }
            if name != screen.name {
                add("screen '\(screen.name)' renamed '\(name)'", covered: true, by: about.filter { if case .screenRenamed = $0.change { true } else { false } })
            }
            let moves = about.filter { if case .screenMoved = $0.change { true } else { false } }
            if newName(ofFlow: screen.flow) != newScreen.flow {
                add("screen '\(name)' moved from flow '\(screen.flow)' to '\(newScreen.flow)'", covered: rebuiltScreen.flow == screen.flow, by: moves)
            }
            if screen.kind != newScreen.kind {
                add("screen '\(name)' is now \(newScreen.kind.rawValue) (was \(screen.kind.rawValue)): saved places on it do not fit", covered: false)
            }
            if screen.entry != newScreen.entry { compareEntry(of: screen, rebuilt: rebuiltScreen, newer: newScreen, about: about) }
            if screen.patternText != newScreen.patternText {
                add(
                    "screen '\(name)' link \(screen.patternText) → \(newScreen.patternText)", covered: rebuiltScreen.pattern == screen.pattern,
                    by: about.filter { if case .screenRenamed = $0.change { false } else { true } }
                )
            }
            compareParameters(of: screen, rebuilt: rebuiltScreen, newName: name, about: about)
            let newPredecessors = Set(newScreen.predecessors)
            for previous in screen.predecessors where !newPredecessors.contains(newName(ofScreen: previous)) {
                guard older.screen(named: previous) != nil, rebuilt.screens.contains(where: { $0.name == previous }) else { continue }
                add("screen '\(name)' may no longer follow '\(newName(ofScreen: previous))': saved stacks with it there are cut", covered: !moves.isEmpty, by: moves)
            }
        }
        let carried = Set(older.screens.map { newName(ofScreen: $0.name) })
        let added = newer.screens.filter { !carried.contains($0.name) }
        for screen in added {
            add("screen '\(screen.name)' added", breaking: false, covered: true)
        }
        suggestRenames(of: uncoveredRemovals, among: added)
    }

    /// For each screen removed that one added screen resembles (the same flow, tab and
    /// style, and a pattern of the same shape: the same number of segments, a parameter of
    /// the same type where it had one), the migration lines that would declare it renamed.
    private mutating func suggestRenames(of removals: [(change: Int, screen: RouteGraph.Screen)], among added: [RouteGraph.Screen]) {
        for (index, screen) in removals {
            let candidates = added.filter { Self.sameShape(screen, $0, flow: newName(ofFlow: screen.flow)) }
            guard candidates.count == 1, let renamed = candidates.first else { continue }
            let (version, change) = (older.version, changes[index])
            var lines = ["from \(version) screen \(screen.name) renamed \(renamed.name)"]
            if screen.patternText != renamed.patternText { lines.append("from \(version) screen \(renamed.name) link \(screen.patternText)") }
            changes[index] = RouteChange(
                isBreaking: change.isBreaking, summary: "\(change.summary); if it is now '\(renamed.name)', declare the rename",
                coveredBy: change.coveredBy, isCovered: change.isCovered, suggestedMigrations: lines
            )
        }
    }

    /// Whether `new` (in `flow`) could be `old` renamed: see ``suggestRenames(of:among:)``.
    private static func sameShape(_ old: RouteGraph.Screen, _ new: RouteGraph.Screen, flow: String) -> Bool {
        guard new.flow == flow, new.tab == old.tab, new.kind == old.kind, new.pattern.count == old.pattern.count else { return false }
        return zip(old.pattern, new.pattern).allSatisfy { pair in
            switch pair {
            case (.literal, .literal): true
            case (.parameter(_, let type), .parameter(_, let otherType)): type == otherType
            default: false
            }
        }
    }

    /// The parameters of `screen` (older) against the rebuilt declaration (what the newer
    /// table's migrations say it was): what no migration explains, then what they do.
    private mutating func compareParameters(of screen: RouteGraph.Screen, rebuilt: RouteGraph.Screen, newName name: String, about: [RouteMigration]) {
        let before = Self.parameters(of: screen)
        let explained = Self.parameters(of: rebuilt)
        for (parameter, (type, _)) in before.sorted(by: { $0.key < $1.key }) {
            guard let (rebuiltType, _) = explained[parameter] else {
                add("parameter '\(name).\(parameter)' removed: saved values of it do not fit", covered: false)
                continue
            }
            if rebuiltType != type {
                add("parameter '\(name).\(parameter)' changed type \(type.declaration) → \(rebuiltType.declaration) with no migration", covered: false)
            }
        }
        for (parameter, (_, isRequired)) in explained.sorted(by: { $0.key < $1.key }) where before[parameter] == nil {
            add("parameter '\(name).\(parameter)' added\(isRequired ? ": states and links saved without it do not fit" : "")", breaking: isRequired, covered: false)
        }
        for migration in about {
            switch migration.change {
            case .parameterRenamed(_, let old, let new): add("parameter '\(name).\(old)' renamed '\(new)'", covered: true, by: [migration])
            case .parameterRetyped(_, let parameter, let type, let otherwise):
                add("parameter '\(name).\(parameter)' changed type from \(type.declaration)\(otherwise.map { " (values that do not fit become '\($0)')" } ?? " (values that do not fit are dropped)")", covered: true, by: [migration])
            case .parameterAdded(_, let parameter, let value):
                add("parameter '\(name).\(parameter)' added (saved states get '\(value)')", covered: true, by: [migration])
            default: break
            }
        }
    }

    /// A screen's parameters, path and query: each one's type and whether a link must give it.
    private static func parameters(of screen: RouteGraph.Screen) -> [String: (ParameterType, Bool)] {
        var result: [String: (ParameterType, Bool)] = [:]
        for (name, type) in screen.pathParameters { result[name] = (type, true) }
        for query in screen.query { result[query.name] = (query.type, !query.isOptional) }
        return result
    }
}

extension RouteGraph {
    /// Link templates (`wayfinder://main/feed/post/{id:int}`) of the shortest way from each
    /// root (of a flow, or of a tab) that reaches `target`, at most `limit`: the links to it
    /// this table opens.
    func linkTemplates(reaching target: String, limit: Int = 3) -> [String] {
        var found: [String] = []
        for flow in flows {
            for tab in flow.hasTabs ? flow.tabs.map(Optional.some) : [nil] {
                guard found.count < limit, let root = rootScreen(flow: flow.name, tab: tab) else { continue }
                var queue = [(screen: root, link: scheme + "://" + flow.name + (tab.map { "/" + $0 } ?? ""))]
                var seen: Set = [root.name]
                var next = 0
                while next < queue.count {
                    let (screen, link) = queue[next]
                    next += 1
                    if screen.name == target {
                        found.append(link)
                        break
                    }
                    for successor in successors(of: screen.name) where seen.insert(successor.name).inserted {
                        queue.append((successor, link + "/" + successor.patternText))
                    }
                }
            }
        }
        return found
    }
}
