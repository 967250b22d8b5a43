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
        try await database.readOne { db in
            var settings = NotificationSettings()
            let rows = try db.cachedStatement(sql: "SELECT kind, enabled FROM notificationSetting WHERE userID = ?")
                .fetchAll(arguments: [userID]) { (try $0.decode(String.self, atIndex: 0), try $0.decode(Bool.self, atIndex: 1)) }
            for (name, enabled) in rows {
                guard let kind = NotificationSettings.Kind(rawValue: name) else { continue }
                if enabled { settings.enabled.insert(kind) } else { settings.enabled.remove(kind) }
            }
            return settings
        }
    }

    public func setNotification(_ kind: NotificationSettings.Kind, enabled: Bool, for userID: Int) async throws(ServiceError) {
        try await database.write { db in
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO notificationSetting (userID, kind, enabled) VALUES (?, ?, ?)")
                .execute(arguments: [userID, kind.rawValue, enabled])
        }
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
