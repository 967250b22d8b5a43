import Foundation
import Testing
@testable import WayfinderApp
import WayfinderKit

/// Settings keeps its notification settings itself: its table made by a migration it
/// registers (``FeatureStorage/settings``), its service found in the container.
@Suite struct NotificationSettingsStorageTests {
    let directory = DataDirectory.temporary("notifications")

    private func service(_ container: Container) throws -> any NotificationSettingsService {
        try #require(container.notificationSettings)
    }

    @Test func notificationSettingsPersistAndAreEachUsersOwn() async throws {
        let here = try service(try Container.persistent(in: directory))
        try await here.setNotification(.likes, enabled: false, for: 2)
        try await here.setNotification(.follows, enabled: false, for: 2)
        let reopened = try service(try Container.persistent(in: directory))
        #expect(try await reopened.notifications(for: 2) == NotificationSettings(enabled: [.comments]))
        #expect(try await reopened.notifications(for: 3) == NotificationSettings())
    }

    @Test func oneKindChangedLeavesTheOthersAsStored() async throws {
        let here = try service(try Container.persistent(in: directory))
        let elsewhere = try service(try Container.persistent(in: directory))
        #expect(try await here.notifications(for: 4) == NotificationSettings())
        try await elsewhere.setNotification(.comments, enabled: false, for: 4)
        try await here.setNotification(.likes, enabled: false, for: 4)
        #expect(try await elsewhere.notifications(for: 4) == NotificationSettings(enabled: [.follows]))
    }

    @Test func theInMemoryDataHasItsOwnSettings() async throws {
        let first = try service(Container.demo())
        let second = try service(Container.demo())
        try await first.setNotification(.likes, enabled: false, for: 1)
        #expect(try await first.notifications(for: 1) == NotificationSettings(enabled: [.comments, .follows]))
        #expect(try await second.notifications(for: 1) == NotificationSettings(), "each container its own data")
    }

    @Test func theTableIsMadeByTheFeaturesMigration() async throws {
        try directory.create()
        // Without Settings' migration (the feature removed), no table for it.
        let database = AppDatabase(path: directory.database)
        let tables = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tables.contains("notificationSetting"))
        #expect(tables.contains("flagOverride"), "flags are the app's, not Settings'")
        // Settings added to a database made without it: its migration makes the table.
        let withSettings = AppDatabase(path: directory.database, migrations: FeatureStorage.settings.migrations)
        let applied = try await withSettings.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name = 'notificationSetting'"),
             try AppDatabase.migrator(with: FeatureStorage.settings.migrations).appliedMigrations(db))
        }
        #expect(applied.0 == ["notificationSetting"])
        #expect(applied.1 == AppDatabase.migrations.map(\.identifier) + FeatureStorage.settings.migrations.map(\.identifier))
    }
}
