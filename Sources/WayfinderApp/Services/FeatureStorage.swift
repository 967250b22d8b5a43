/// What a feature keeps besides the app's own data: its tables, made by migrations that run
/// after the app's own (``AppDatabase``), and the service that reads and writes them, made
/// on each kind of store with the container (``Container/service(_:)``).
///
/// A feature declares it in its folder and lists it in ``all`` (AppFeatures.swift): the
/// services are made off the main actor, before any feature's screen is. Removing the
/// feature removes its service and its migrations; a database made before keeps the
/// feature's tables, unused, and its migrations recorded, which the migrator ignores.
struct FeatureStorage: Sendable {
    /// The migrations of the feature's tables, in order; an identifier never changes once
    /// released.
    let migrations: [DatabaseMigration]
    /// The feature's service on fresh in-memory data.
    let inMemory: @Sendable () -> any Sendable
    /// The feature's service on the SQLite database.
    let sqlite: @Sendable (AppDatabase) -> any Sendable
}
