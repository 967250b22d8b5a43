import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// The app's navigation tests that go through the Settings flow (removed with the Settings
/// feature; see scripts/remove-feature-check.sh).
extension AppNavigationTests {
    @Test func signingOutClearsMainAndSettings() async throws {
        try await signIn()
        try app.open("wayfinder://main/search/post/3?q=swift")
        try app.open("wayfinder://settings/profile")
        try app.send(SignOutRequested())
        #expect(app.user == nil)
        #expect(app.url == "wayfinder://login")
        let fresh = AppCoordinator(container: .demo())
        #expect(app.state.navigation.flows["main"] == fresh.state.navigation.flows["main"])
        #expect(app.state.navigation.flows["settings"] == fresh.state.navigation.flows["settings"])
        #expect(throws: NavigationError.self) { try app.send(SignOutRequested()) }
    }

    @Test func sheetsAndTheSignOutAlert() async throws {
        try await signIn()
        #expect(try await run("compose") == .done(nil))
        #expect(app.main.presented?.route == .compose)
        #expect(app.main.presented?.style == .sheet)
        #expect(try await run("cancel") == .done(nil))
        #expect(app.main.presented == nil)
        try app.main.send(ShowFlow("settings"))
        #expect(try await run("signout") == .done(nil))
        #expect(app.settings.presented?.route == .logout)
        #expect(app.settings.presented?.style == .alert)
        #expect(try await run("no") == .done(nil))
        #expect(app.user != nil)
        #expect(try await run("signout") == .done(nil))
        #expect(try await run("yes") == .done("Signed out."))
        #expect(app.user == nil)
        #expect(app.url == "wayfinder://login")
    }

    @Test func childIntentsBubbleToTheAppCoordinator() async throws {
        try await signIn()
        try app.main.send(ShowFlow("settings"))
        #expect(app.state.navigation.activeFlow == "settings")
        try app.settings.send(ShowFlow("main"))
        #expect(app.state.navigation.activeFlow == "main")
        try app.main.send(SignOutRequested())
        #expect(app.user == nil)
        #expect(app.state.navigation.activeFlow == "login")
    }
}
