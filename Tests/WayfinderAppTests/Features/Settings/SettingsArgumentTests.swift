import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 2 on Settings' screens: flag names and values, kinds of notification and
/// `save`'s option are closed sets, whose nearest value is suggested for a mistyped one (a
/// usage error, nothing changed); `setings` gets `settings` suggested from Main.
@MainActor
@Suite struct SettingsArgumentTests {
    /// A shell on fresh demo data, signed in as alice, showing `link`.
    private func shell(showing link: String) async throws -> AppShell {
        let shell = AppShell(app: AppCoordinator(container: .demo()))
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        try shell.app.open(link, from: .app)
        #expect(shell.app.url == link)
        return shell
    }

    /// `line`'s reply: its text, and whether it failed as a usage error.
    private func run(_ line: String, on shell: AppShell) async -> (text: String, isUsageError: Bool) {
        let reply = await shell.execute(line)
        return (reply.output.plainText.trimmingCharacters(in: .newlines), reply.isUsageError)
    }

    @Test func flagNamesAndValuesGetTheNearestSuggested() async throws {
        let settings = try await shell(showing: "wayfinder://settings")
        let name = await run("flag show-post-id off", on: settings)
        #expect(name.text == "error: 'show-post-id' is not a feature flag; did you mean 'show-post-ids'?")
        #expect(name.isUsageError)
        #expect(await run("flag paged-feed of", on: settings).text == "error: 'of' is not a flag value; did you mean 'off'?")
        #expect(await run("flag paged-feed maybe", on: settings).text == "error: 'maybe' is not a flag value: on, off or default")
        let overrides = try await settings.app.container.flags.overrides()
        #expect(overrides.isEmpty, "a refused flag command changed \(overrides)")
        #expect(await run("flag show-post-ids off", on: settings).text.hasPrefix("show-post-ids is off."))
    }

    @Test func notificationKindsAndSaveOptionsGetTheNearestSuggested() async throws {
        let notifications = try await shell(showing: "wayfinder://settings/notifications")
        let kind = await run("off like", on: notifications)
        #expect(kind.text == "error: 'like' is not a kind of notification; did you mean 'likes'?")
        #expect(kind.isUsageError)
        let profile = try await shell(showing: "wayfinder://settings/profile")
        #expect(await run("save --forse", on: profile).text == "error: '--forse' is not a save option; did you mean '--force'?")
    }

    @Test func flagNamesAndValuesComplete() async throws {
        let settings = try await shell(showing: "wayfinder://settings")
        #expect(settings.completions(for: "flag show") == ["show-post-ids"])
        #expect(settings.completions(for: "flag paged-feed o") == ["on", "off"])
    }

    @Test func theCommandThatShowsSettingsIsSuggestedFromMain() async throws {
        let post = try await shell(showing: "wayfinder://main/feed/post/4")
        #expect(await run("setings", on: post).text == "error: unknown command 'setings' here; did you mean 'settings'?")
    }
}
