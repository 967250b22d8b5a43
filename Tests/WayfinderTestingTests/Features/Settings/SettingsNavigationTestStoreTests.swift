import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting

@MainActor
/// `NavigationTestStore` on the Settings flow (removed with the Settings feature).
@Suite struct SettingsNavigationTestStoreTests {
    @Test func eventsCanBeAsserted() throws {
        let store = try NavigationTestStore(graph: AppRoutes.graph)
        store.open("wayfinder://settings") { $0.pending = "wayfinder://settings" }
        store.send({ try $0.grant("signed-in") }) {
            $0.pending = nil
            $0.grantedGuards = ["signed-in"]
            $0.activeFlow = "settings"
        }
        store.expectEvents([
            .deferred(pending: "wayfinder://settings", guardName: "signed-in"),
            .granted("signed-in"),
            .pendingApplied("wayfinder://settings"),
            .navigated(from: "wayfinder://login", to: "wayfinder://settings"),
        ])
        store.send({ try $0.push(SettingsRoute.notifications.route) }) {
            $0.stacks["settings"]?.append(SettingsRoute.notifications.route)
        }
        store.expectEvents([.navigated(from: "wayfinder://settings", to: "wayfinder://settings/notifications")])
    }
}
