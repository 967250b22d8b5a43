/// What restoring a saved state gave: the state, the migrations it went through and what
/// could not be kept.
public struct Restoration: Hashable, Sendable {
    /// The state restored: it fits the table.
    public var state: NavigationState
    /// The table version the state was saved with.
    public var savedVersion: Int
    /// The migrations that changed the saved state, in the order they applied.
    public var migrations: [RouteMigration]
    /// What could not be kept, as sentences: what the migrations could not carry over, then
    /// what did not fit the table (see ``Navigator/nearestValidState(to:)``). Empty when the
    /// saved place was kept whole.
    public var dropped: [String]

    /// Whether the state was saved with a newer version of the table than this one (its
    /// migrations are unknown here: it is restored as it fits).
    public var isFromNewerTable: Bool { savedVersion > currentVersion }

    /// The version of the table it was restored against.
    public var currentVersion: Int

    /// A restoration.
    public init(state: NavigationState, savedVersion: Int, currentVersion: Int, migrations: [RouteMigration], dropped: [String]) {
        self.state = state
        self.savedVersion = savedVersion
        self.currentVersion = currentVersion
        self.migrations = migrations
        self.dropped = dropped
    }
}

extension Navigator {
    /// The state `snapshot`, saved with version `savedVersion` of the table, becomes under
    /// this one: the table's migrations from that version on applied in order (see
    /// ``RouteMigration``), then the nearest state that fits (``nearestValidState(to:)``).
    /// When every change between the two versions was declared, nothing is dropped.
    ///
    /// ```swift
    /// let restored = navigator.restoration(of: saved, savedWith: 1)
    /// restored.dropped // [] when every change was declared
    /// ```
    /// - Parameters:
    ///   - snapshot: The saved state.
    ///   - savedVersion: ``RouteGraph/version`` of the table it was saved with (1 for a
    ///     state that records none). A version newer than this table's applies no migration.
    public func restoration(of snapshot: NavigationState, savedWith savedVersion: Int) -> Restoration {
        var migrator = StateMigrator(graph: graph, state: snapshot, savedWith: savedVersion)
        migrator.run()
        var migrated = migrator.state
        if let pending = migrated.pending { migrated.pending = graph.migratedLink(pending) ?? pending }
        let (state, problems) = nearestValidState(to: migrated)
        return Restoration(
            state: state, savedVersion: savedVersion, currentVersion: graph.version,
            migrations: migrator.applied, dropped: migrator.dropped + problems
        )
    }

    /// Replaces the state with what `snapshot`, saved with version `savedVersion` of the
    /// table, becomes under this one (see ``restoration(of:savedWith:)``), starting a new
    /// undo history.
    @discardableResult
    public mutating func restore(_ snapshot: NavigationState, savedWith savedVersion: Int) -> Restoration {
        let restored = restoration(of: snapshot, savedWith: savedVersion)
        restoreNearest(to: restored.state)
        return restored
    }
}
