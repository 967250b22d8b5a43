/// How a link that resolved was written, when it was not in one of today's patterns.
public enum LinkOrigin: Hashable, Sendable {
    /// In a second pattern of a screen (`alias post p/{id:int}`).
    case alias(RouteAlias)
    /// In the shape of an earlier version of the table: `version` is the one it resolved in,
    /// `migrations` the ones that changed what it opens.
    case migrated(version: Int, migrations: [RouteMigration])
}

/// Links in other shapes than today's patterns: the table with its aliases as screens of their
/// own, and the table as it was at each earlier version that migrations describe (rebuilt from
/// today's by undoing them, newest first). A link today's patterns refuse is read in these, in
/// that order: the first that resolves it, and whose state carries over with nothing dropped,
/// gives what it opens. Today's patterns always come first, so precedence is unchanged.
struct LinkShapes: Sendable {
    struct Table: Sendable {
        /// The version it is the table of; `nil` for today's with its aliases.
        let version: Int?
        let graph: RouteGraph
        /// The screens standing for an alias: their name, and which alias.
        let aliasScreens: [String: Int]
    }

    let tables: [Table]

    static let none = LinkShapes(tables: [])

    /// The shapes of a table of these declarations and `history`; `nil` for a table that
    /// cannot be built.
    init(scheme: String, webOrigins: [WebOrigin], guards: [RouteGraph.Guard], flows: [RouteGraph.Flow],
         screens: [RouteGraph.Screen], history: RouteGraph.History) {
        var tables: [Table] = []
        var declarations = Declarations(guards: guards, flows: flows, screens: screens)
        if !history.aliases.isEmpty {
            var aliased = declarations
            var aliasScreens: [String: Int] = [:]
            for (number, alias) in history.aliases.enumerated() {
                guard let name = aliased.addCopy(of: alias.screen, pattern: alias.pattern, number: number) else { continue }
                aliasScreens[name] = number
            }
            if let graph = aliased.assemble(scheme: scheme, webOrigins: webOrigins) {
                tables.append(Table(version: nil, graph: graph, aliasScreens: aliasScreens))
            }
        }
        let versions = Set(history.migrations.map(\.version)).sorted(by: >)
        var remaining = history.migrations
        for version in versions {
            while let last = remaining.last, last.version >= version {
                declarations.undo(remaining.removeLast().change)
            }
            if let graph = declarations.assemble(scheme: scheme, webOrigins: webOrigins) {
                tables.append(Table(version: version, graph: graph, aliasScreens: [:]))
            }
        }
        self.init(tables: tables)
    }

    private init(tables: [Table]) {
        self.tables = tables
    }
}

extension RouteGraph {
    /// `link`, which today's patterns refuse with `error`, read in an alias or an earlier
    /// version's shape (see ``LinkShapes``), as today's table resolves its canonical form.
    /// - Throws: When no shape reads it (or what it opened would not carry over whole), the
    ///   error that got furthest into the link: today's, unless an earlier shape read more of
    ///   its path (an old link with a bad value is told what is wrong with the value).
    func resolveInOtherShape(_ link: String, refused error: DeepLinkError) throws(DeepLinkError) -> ResolvedLink {
        var furthest = error
        for table in storage.shapes.tables {
            let old: ResolvedLink
            do {
                old = try table.graph.resolveInTodaysShape(link)
            } catch {
                if Self.getsFurther(error, than: furthest) { furthest = error }
                continue
            }
            let navigator = Navigator(graph: table.graph)
            var (state, ids) = (navigator.state, StackIDGenerator())
            navigator.apply(old, to: &state, ids: &ids)
            let origin: LinkOrigin
            if let version = table.version {
                var migrator = StateMigrator(graph: self, state: state, savedWith: version)
                migrator.run()
                guard migrator.dropped.isEmpty else { continue }
                state = migrator.state
                origin = .migrated(version: version, migrations: linkMigrations(migrator, opening: old))
            } else {
                let used = old.screenNames.compactMap { table.aliasScreens[$0] }
                guard let first = used.first else { continue }
                state = table.renamingAliasScreens(in: state)
                origin = .alias(aliases[first])
            }
            guard let flowState = state.active, let opened = flowState.selectedStack else { continue }
            let canonical = self.link(flow: state.activeFlow, tab: flowState.selectedTab, stack: opened)
            // On a table with overlap warnings the canonical link may read as another place:
            // then this one cannot be opened by a link of today's.
            guard var resolved = try? resolveInTodaysShape(canonical), resolved.stack == opened.routes,
                  resolved.presentation?.route == opened.presentation?.route else { continue }
            resolved.origin = origin
            return resolved
        }
        throw furthest
    }

    /// Whether `error` is about a later part of the link than `other`: its query (the whole
    /// path read) where `other` stopped in the path, a later segment, or the same one, which
    /// `other` reads as no screen at all and `error` as a screen (a value of the wrong type, a
    /// link that ends inside its pattern).
    private static func getsFurther(_ error: DeepLinkError, than other: DeepLinkError) -> Bool {
        if error.stage == .query, other.stage == .path || other.stage == .tab { return true }
        guard let segment = error.segment, let otherSegment = other.segment else { return false }
        return segment > otherSegment || (segment == otherSegment && other.code == .unknownScreen && error.code != .unknownScreen)
    }

    /// The migrations that changed what the old link `old` opens: the renames of its flow,
    /// tab and screens, the changes of its screens' link shapes, and the others that changed
    /// its screens (as `migrator` applied them).
    private func linkMigrations(_ migrator: StateMigrator, opening old: ResolvedLink) -> [RouteMigration] {
        var names = Set(old.screenNames)
        var flow = old.flow
        return migrator.migrations.filter { migration in
            switch migration.change {
            case .screenRenamed(let from, let to):
                guard names.contains(from) else { return false }
                names.insert(to)
                return true
            case .linkChanged(let screen, _):
                return names.contains(screen)
            case .flowRenamed(let from, let to):
                guard from == flow else { return false }
                flow = to
                return true
            case .tabRenamed(let owner, let from, _):
                return owner == flow && from == old.tab
            case .guardRenamed:
                return false
            default:
                return migrator.applied.contains(migration)
            }
        }
    }
}

extension LinkShapes.Table {
    /// `state` with each alias screen named as the screen it stands for.
    func renamingAliasScreens(in state: NavigationState) -> NavigationState {
        var renamed = state
        for (flow, flowState) in state.flows {
            for (key, stack) in flowState.stacks {
                var stack = stack
                for index in stack.path.indices { stack.path[index].route.screen = original(stack.path[index].route.screen) }
                if let presentation = stack.presentation { stack.presentation?.route.screen = original(presentation.route.screen) }
                renamed.flows[flow]?.stacks[key] = stack
            }
        }
        return renamed
    }

    private func original(_ name: String) -> String {
        guard aliasScreens[name] != nil, let cut = name.lastIndex(of: "~") else { return name }
        return String(name[..<cut])
    }
}

extension RouteGraph {
    /// Whether links are read in other shapes than today's patterns: the table has aliases or migrations.
    @_spi(RouteTools) public var hasOtherShapes: Bool { storage.hasShapes }

    /// The other shapes links are read in, in the order they are: this table with its aliases
    /// (`version` `nil`, each screen standing for an alias with the alias), then each earlier
    /// version's (empty when the table has neither aliases nor migrations).
    @_spi(RouteTools) public var otherShapes: [(version: Int?, graph: RouteGraph, aliasScreens: [String: RouteAlias])] {
        let aliases = self.aliases
        return storage.shapes.tables.map { table in
            (table.version, table.graph, table.aliasScreens.compactMapValues { $0 < aliases.count ? aliases[$0] : nil })
        }
    }
}
