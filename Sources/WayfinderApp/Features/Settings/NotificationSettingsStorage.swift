import GRDB
import Synchronization

extension FeatureStorage {
    /// Settings keeps each user's notification settings, in the `notificationSetting` table.
    static let settings = FeatureStorage(
        migrations: [DatabaseMigration("Settings: notificationSetting table") { db in try db.execute(sql: notificationSettingTable) }],
        inMemory: { InMemoryNotificationSettingsService() },
        sqlite: { SQLiteNotificationSettingsService(database: $0) }
    )

    /// The table, as the app's first schema made it (`v1 schema`, in the databases made
    /// before Settings kept its own table: `IF NOT EXISTS` leaves theirs as it is).
    static let notificationSettingTable = """
        CREATE TABLE IF NOT EXISTS notificationSetting (
            userID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            enabled BOOLEAN NOT NULL,
            PRIMARY KEY (userID, kind));
        """
}

extension Container {
    /// Settings' notification settings; `nil` when ``FeatureStorage/all`` lacks Settings'.
    public var notificationSettings: (any NotificationSettingsService)? {
        service((any NotificationSettingsService).self)
    }
}

/// ``NotificationSettingsService`` on the SQLite database.
public struct SQLiteNotificationSettingsService: NotificationSettingsService {
    let database: AppDatabase

    /// Creates the service.
    public init(database: AppDatabase) { self.database = database }

    public func notifications(for userID: Int) async throws(ServiceError) -> NotificationSettings {
        try await database.read { db in
            var settings = NotificationSettings()
            for row in try NotificationSettingRecord.filter(NotificationSettingRecord.Columns.userID == userID).fetchAll(db) {
                // A kind this version does not know (a later one's) is left out.
                guard let kind = NotificationSettings.Kind(rawValue: row.kind) else { continue }
                if row.enabled { settings.enabled.insert(kind) } else { settings.enabled.remove(kind) }
            }
            return settings
        }
    }

    public func setNotification(_ kind: NotificationSettings.Kind, enabled: Bool, for userID: Int) async throws(ServiceError) {
        try await database.write { db in
            try NotificationSettingRecord(userID: userID, kind: kind.rawValue, enabled: enabled).insert(db, onConflict: .replace)
        }
    }
}

/// One kind of notification of one user: a row of the `notificationSetting` table.
struct NotificationSettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "notificationSetting"

    let userID: Int
    /// A ``NotificationSettings/Kind``'s raw value.
    let kind: String
    let enabled: Bool

    /// The table's columns.
    enum Columns {
        static let userID = Column(CodingKeys.userID)
    }
}

/// ``NotificationSettingsService`` in memory, for the in-memory data (``Container/demo()``).
public final class InMemoryNotificationSettingsService: NotificationSettingsService {
    private let settings = Mutex<[Int: NotificationSettings]>([:])

    /// Creates the service, every user with the default settings.
    public init() {}

    public func notifications(for userID: Int) async throws(ServiceError) -> NotificationSettings {
        settings.withLock { $0[userID] ?? NotificationSettings() }
    }

    public func setNotification(_ kind: NotificationSettings.Kind, enabled: Bool, for userID: Int) async throws(ServiceError) {
        settings.withLock { settings in
            var changed = settings[userID] ?? NotificationSettings()
            if enabled { changed.enabled.insert(kind) } else { changed.enabled.remove(kind) }
            settings[userID] = changed
        }
    }
}
