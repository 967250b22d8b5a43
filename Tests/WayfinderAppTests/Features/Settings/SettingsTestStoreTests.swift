import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting

/// A test-store session through the Settings flow (removed with the Settings feature).
extension AppTestStoreTests {
    @Test func signInThenBrowseThenSignOut() async throws {
        let store = NavigationTestStore(try AppShell(opening: []))
        await store.command("login bob")
        await store.command("wonderland") {
            $0.activeFlow = "main"
            $0.grantedGuards = signedIn
        }
        await store.command("post 12") { $0.stacks["main/feed"] = [feed, MainRoute.post(id: 12).route] }
        await store.command("author") { $0.stacks["main/feed"]?.append(MainRoute.person(id: 6).route) }
        await store.command("tab me") { $0.selectedTabs["main"] = "me" }
        await store.command("compose") { $0.presentations["main/me"] = MainRoute.compose.route }
        await store.command("settings") { $0.activeFlow = "settings" }
        await store.command("signout") { $0.presentations["settings"] = SettingsRoute.logout.route }
        await store.command("yes") {
            $0 = NavigationSnapshot(AppCoordinator(container: .demo()).state.navigation)
        }
        store.expectURL("wayfinder://login")
    }
}
