extension RouteGraph {
    /// What a table declares about its earlier versions.
    struct History: Sendable {
        var version = 1
        /// In the order they apply: by version, then as declared.
        var migrations: [RouteMigration] = []
        var aliases: [RouteAlias] = []
    }

    /// The table's version (`version 2`); 1 when it declares none. A saved navigation state
    /// records it, so that a later version of the table knows which migrations apply.
    public var version: Int { storage.history.version }

    /// The table's migrations (`from 1 …` lines), in the order they apply: by version, then
    /// as declared.
    public var migrations: [RouteMigration] { storage.history.migrations }

    /// The table's aliases (`alias SCREEN PATTERN` lines), as declared.
    public var aliases: [RouteAlias] { storage.history.aliases }

    /// The migrations that apply to what was saved with `version`: those from that version on.
    public func migrations(since version: Int) -> [RouteMigration] {
        migrations.filter { $0.version >= version }
    }
}
