import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit

/// `SettingsRoute`, generated from the table (removed with the Settings feature).
@Suite struct SettingsRouteTests {
    @Test func settingsRoutesConvertBothWays() throws {
        let resolved = try AppRoutes.graph.resolve("wayfinder://settings/profile")
        #expect(resolved.stack == [SettingsRoute.settings.route, SettingsRoute.editProfile.route])
        #expect(resolved.stack.map { SettingsRoute(route: $0)?.route } == resolved.stack)
    }

    @Test func settingsRoutesRejectRoutesOfOtherFlows() {
        #expect(SettingsRoute(route: Route("signIn")) == nil)
        #expect(SettingsRoute(route: Route("feed")) == nil)
    }
}
