import Foundation
import Testing
@testable import WayfinderApp
import WayfinderKit

/// Settings' data in a database made by 0.2.0 (`Fixtures/database-0.2.0.sqlite`, see
/// `EarlierDatabaseTests`): its table, made by the app's first schema then, is the one Settings'
/// migration keeps.
@Suite struct SettingsEarlierDatabaseTests {
    @Test func theNotificationSettingsOfZeroTwoZeroAreKept() async throws {
        let directory = DataDirectory.temporary("v020-settings")
        try directory.create()
        try FileManager.default.copyItem(atPath: EarlierDatabaseTests.fixture, toPath: directory.database)
        let services = try Container.persistent(in: directory)
        let settings = try #require(services.notificationSettings)
        #expect(try await settings.notifications(for: 1) == NotificationSettings(enabled: [.comments, .follows]))
        #expect(try await settings.notifications(for: 2) == NotificationSettings())
        try await settings.setNotification(.likes, enabled: true, for: 1)
        #expect(try await settings.notifications(for: 1) == NotificationSettings())
    }
}
