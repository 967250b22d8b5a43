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
    /// what did not fit the table (see ``Navigator/restoration(of:savedWith:)``). Empty when the
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
