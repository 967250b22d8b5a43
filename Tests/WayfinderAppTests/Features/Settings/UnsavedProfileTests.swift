import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 3 on the edit-profile screen (removed with the Settings feature): unsaved
/// profile edits are not dropped on `back` without a word.
@MainActor
@Suite struct UnsavedProfileTests {
    let shell = AppShell(app: AppCoordinator(container: .demo()))

    /// Signed in as alice, on the edit-profile screen.
    func editing() async throws -> EditProfileViewModel {
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(await shell.execute("open wayfinder://settings/profile").isError == false)
        #expect(await shell.execute("confirm").isError == false)
        _ = await shell.screen()
        return try #require(shell.app.visibleScreen() as? EditProfileViewModel)
    }

    static func refusal(_ fields: String, again: String) -> String {
        "error: unsaved changes to your profile (\(fields)): type save to keep them, revert to drop them, or \(again) again to leave without them\n"
    }

    /// Each command that leaves the screen: the global ones, showing Main, signing in as
    /// someone else.
    nonisolated static let leaving = ["back", "root", "undo", "main", "logout", "open wayfinder://settings/about", "login bob", "quit"]

    @Test(arguments: leaving)
    func aLeavingCommandIsRefusedOnceAndTheEditIsKept(command: String) async throws {
        let profile = try await editing()
        #expect(await shell.execute("name Robert").isError == false)
        let before = shell.app.state

        let refused = await shell.execute(command)
        #expect(refused.output.plainText == Self.refusal("name", again: command))
        #expect(refused.isError && !refused.showsScreen && !refused.quits)
        #expect(shell.app.state == before)
        #expect(shell.app.visibleScreen() === profile)
        #expect(profile.draft?.displayName == "Robert")
        #expect(shell.secretPrompt == nil, "login bob asked for a password")
    }

    @Test func backTwiceLeavesWithoutTheEditsAndNothingIsStored() async throws {
        let profile = try await editing()
        #expect(await shell.execute("name Robert").isError == false)
        #expect(await shell.execute("bio Builds routers.").isError == false)
        #expect(await shell.execute("back").output.plainText == Self.refusal("name and bio", again: "back"))
        #expect(await shell.execute("back").isError == false)
        #expect(shell.app.url == "wayfinder://settings")
        #expect(profile.unsavedEdits == nil)
        let stored = try await shell.app.container.users.user(id: 1)
        #expect(stored?.displayName == "Alice Liddell")
        #expect(shell.app.user?.displayName == "Alice Liddell")
    }

    @Test func saveOrRevertThenBackLeavesAtOnce() async throws {
        let profile = try await editing()
        #expect(await shell.execute("name Robert").isError == false)
        #expect(await shell.execute("back").isError)
        #expect(await shell.execute("save").output.plainText == "Profile saved.\n")
        #expect(await shell.execute("back").isError == false)
        #expect(shell.app.url == "wayfinder://settings")
        #expect(try await shell.app.container.users.user(id: 1)?.displayName == "Robert")

        #expect(await shell.execute("profile").isError == false)
        #expect(shell.app.visibleScreen() !== profile || profile.unsavedEdits == nil)
        #expect(await shell.execute("bio Gone soon").isError == false)
        #expect(await shell.execute("revert").isError == false)
        #expect(await shell.execute("back").isError == false)
        #expect(shell.app.url == "wayfinder://settings")
    }

    /// An edit typed back to the saved value is nothing unsaved.
    @Test func anEditBackToTheSavedValueIsNothingToLose() async throws {
        let profile = try await editing()
        #expect(await shell.execute("name Robert").isError == false)
        #expect(await shell.execute("name Alice Liddell").isError == false)
        #expect(profile.unsavedEdits == nil)
        #expect(await shell.execute("back").isError == false)
    }

    /// Showing Settings from the compose sheet is leaving it too.
    @Test func showingSettingsFromAComposeDraftIsRefusedOnce() async throws {
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(await shell.execute("compose").isError == false)
        #expect(await shell.execute("title Hello").isError == false)
        let compose = try #require(shell.app.visibleScreen() as? ComposeViewModel)
        #expect(await shell.execute("settings").output.plainText
            == "error: unsaved draft of a post (title): type publish to keep it, cancel to drop it, or settings again to leave without it\n")
        #expect(shell.app.state.navigation.activeFlow == "main")
        #expect(await shell.execute("settings").isError == false)
        #expect(shell.app.state.navigation.activeFlow == "settings")
        #expect(compose.title.isEmpty)
    }
}
