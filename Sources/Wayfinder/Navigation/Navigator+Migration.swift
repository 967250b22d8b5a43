extension Navigator {
    /// The state `snapshot`, saved with version `savedVersion` of the table, becomes under
    /// this one: the table's migrations from that version on applied in order (see
    /// ``RouteMigration``), then the nearest state that fits (as `restore(_:savedWith:)` restores it).
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
        var copy = self
        return copy.restore(snapshot, savedWith: savedVersion)
    }

    /// Replaces the state with what `snapshot`, saved with version `savedVersion` of the
    /// table, becomes under this one (see ``restoration(of:savedWith:)``), starting a new
    /// undo history: the lenient restore, beside the strict ``restore(_:)``.
    ///
    /// What does not fit is dropped, each with a sentence in ``Restoration/dropped``: unknown
    /// flows, tabs and guards; a flow or stack that is missing or does not start at its root
    /// starts afresh; each stack keeps its longest valid prefix (and its presentation only
    /// when nothing below it was dropped); a guarded active flow whose guard is not granted
    /// gives way to the guard's fallback; a pending link that no longer resolves is dropped.
    /// Give the table's own ``RouteGraph/version`` for a state saved with it.
    @discardableResult
    public mutating func restore(_ snapshot: NavigationState, savedWith savedVersion: Int) -> Restoration {
        var migrator = StateMigrator(graph: graph, state: snapshot, savedWith: savedVersion)
        migrator.run()
        var migrated = migrator.state
        // A pending link saved in an earlier shape waits in today's: read once, here, and
        // kept as read. One that no longer resolves is dropped by restoreNearest.
        if let pending = migrated.pending, let link = try? graph.resolve(pending) {
            migrated.pending = link.url
            kept.pending = KeptLinks.Kept(text: link.url, link: link)
        }
        let problems = restoreNearest(to: migrated)
        return Restoration(
            state: state, savedVersion: savedVersion, currentVersion: graph.version,
            migrations: migrator.applied, dropped: migrator.dropped + problems
        )
    }
}
