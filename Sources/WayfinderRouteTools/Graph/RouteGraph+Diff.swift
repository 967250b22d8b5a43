@_spi(RouteTools) import Wayfinder

/// One difference between two versions of a route table (`wayfinder routes diff`).
public struct RouteChange: Hashable, Sendable, CustomStringConvertible {
    /// Whether a change can break what users saved under the older table: a saved state (it
    /// would restore elsewhere, or lose part of itself) or a saved link (refused, or opening
    /// something else).
    public let isBreaking: Bool
    /// What changed, as a sentence: `screen 'comments' renamed 'thread'`.
    public let summary: String
    /// The migrations of the newer table that carry what was saved across the change.
    public let coveredBy: [RouteMigration]
    /// Whether what users saved survives it: it breaks nothing, or migrations cover it.
    public let isCovered: Bool
    /// Migration lines that would cover it, when the table suggests some: for a screen
    /// removed while another of the same pattern shape was added,
    /// `from 1 screen comments renamed thread` (and the old link, when it changed).
    public let suggestedMigrations: [String]

    /// A change.
    public init(isBreaking: Bool, summary: String, coveredBy: [RouteMigration], isCovered: Bool, suggestedMigrations: [String] = []) {
        self.isBreaking = isBreaking
        self.summary = summary
        self.coveredBy = coveredBy
        self.isCovered = isCovered
        self.suggestedMigrations = suggestedMigrations
    }

    /// The summary.
    public var description: String { summary }
}

extension RouteGraph {
    /// What changed from `older` (an earlier version of this table) to this table, and for
    /// each change that would break a state or link saved under `older`, whether this
    /// table's migrations cover it.
    ///
    /// The migrations from `older`'s version on are undone on this table, newest first; what
    /// still differs from `older` then is what no migration covers.
    public func changes(since older: RouteGraph) -> [RouteChange] {
        let migrations = migrations(since: older.version)
        var rebuilt = Declarations(guards: guards, flows: flows, screens: screens)
        for migration in migrations.reversed() { rebuilt.undo(migration.change) }
        var differ = TableDiff(older: older, newer: self, rebuilt: rebuilt, migrations: migrations)
        differ.compareLinks()
        differ.compareFlows()
        differ.compareGuards()
        differ.compareScreens()
        if !differ.changes.isEmpty, version <= older.version {
            differ.changes.append(RouteChange(
                isBreaking: true,
                summary: "the table changed but its version did not go up (\(older.version) → \(version)): saved states would not know which migrations apply",
                coveredBy: [], isCovered: false
            ))
        }
        return differ.changes
    }
}

/// Compares an older table with a newer one, and with the newer one's migrations undone.
struct TableDiff {
    let older: RouteGraph
    let newer: RouteGraph
    /// The newer table with its migrations undone: what it says the older one was.
    let rebuilt: Declarations
    let migrations: [RouteMigration]
    var changes: [RouteChange] = []

    mutating func add(_ summary: String, breaking: Bool = true, covered: Bool, by lines: [RouteMigration] = []) {
        changes.append(RouteChange(isBreaking: breaking, summary: summary, coveredBy: covered && breaking ? lines : [], isCovered: covered || !breaking))
    }

    /// The migrations whose change `matches`.
    func lines(_ matches: (RouteMigration.Change) -> Bool) -> [RouteMigration] {
        migrations.filter { matches($0.change) }
    }

    /// The name `older`'s screen or flow `name` has in the newer table, through the renames.
    func newName(ofScreen name: String) -> String { migrations.renaming(screen: name) }
    func newName(ofFlow name: String) -> String { migrations.renaming(flow: name) }

    mutating func compareLinks() {
        if older.scheme != newer.scheme {
            add("scheme '\(older.scheme)' changed to '\(newer.scheme)': every saved link is refused", covered: false)
        }
        for origin in older.webOrigins where !newer.webOrigins.contains(origin) {
            add("web origin \(origin) removed: its links are refused", covered: false)
        }
        for origin in newer.webOrigins where !older.webOrigins.contains(origin) {
            add("web origin \(origin) added", breaking: false, covered: true)
        }
    }

    mutating func compareFlows() {
        for flow in older.flows {
            let name = newName(ofFlow: flow.name)
            guard let rebuiltFlow = rebuilt.flows.first(where: { $0.name == flow.name }), let newFlow = newer.flow(named: name) else {
                add("flow '\(flow.name)' removed: its saved stacks and links are lost", covered: false)
                continue
            }
            if name != flow.name {
                add("flow '\(flow.name)' renamed '\(name)'", covered: true, by: lines { if case .flowRenamed(flow.name, _) = $0 { true } else { false } })
            }
            for (position, tab) in flow.tabs.enumerated() {
                guard rebuiltFlow.tabs.contains(tab) else {
                    add("tab '\(flow.name).\(tab)' removed: its saved stack and links are lost", covered: false)
                    continue
                }
                let index = rebuiltFlow.tabs.firstIndex(of: tab) ?? position
                let newTab = index < newFlow.tabs.count ? newFlow.tabs[index] : tab
                if newTab != tab {
                    add("tab '\(name).\(tab)' renamed '\(newTab)'", covered: true, by: lines { if case .tabRenamed(_, tab, newTab) = $0 { true } else { false } })
                }
            }
            for (index, tab) in rebuiltFlow.tabs.enumerated() where !flow.tabs.contains(tab) {
                add("tab '\(name).\(index < newFlow.tabs.count ? newFlow.tabs[index] : tab)' added", breaking: false, covered: true)
            }
            if flow.guardName != newFlow.guardName, rebuiltFlow.guardName != flow.guardName {
                add("flow '\(name)' guard '\(flow.guardName ?? "none")' → '\(newFlow.guardName ?? "none")'", breaking: false, covered: true)
            }
        }
        for flow in newer.flows where !older.flows.contains(where: { newName(ofFlow: $0.name) == flow.name }) {
            add("flow '\(flow.name)' added", breaking: false, covered: true)
        }
    }

    mutating func compareGuards() {
        for guardInfo in older.guards where !rebuilt.guards.contains(where: { $0.name == guardInfo.name }) {
            add("guard '\(guardInfo.name)' removed: states that had it granted lose it", covered: false)
        }
        for migration in migrations {
            if case .guardRenamed(let old, let new) = migration.change, older.guardNamed(old) != nil {
                add("guard '\(old)' renamed '\(new)'", covered: true, by: [migration])
            }
        }
    }
}
