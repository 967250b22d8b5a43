import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 3: nothing typed is dropped silently. A command that would take the user
/// off a screen holding unsaved input (here the compose sheet) is refused once, naming
/// what would be lost; the same command again leaves without it.
@MainActor
@Suite struct UnsavedEditsTests {
    let shell = AppShell(app: AppCoordinator(container: .demo()))

    /// Signed in as alice, on the feed, the compose sheet open over it with a title typed.
    func composing() async throws -> ComposeViewModel {
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(await shell.execute("compose").isError == false)
        #expect(await shell.execute("title Hello").isError == false)
        return try #require(shell.app.visibleScreen() as? ComposeViewModel)
    }

    static func refusal(_ again: String) -> String {
        "error: unsaved draft of a post (title): type publish to keep it, cancel to drop it, or \(again) again to leave without it\n"
    }

    /// Each command that leaves the sheet, and where it leads once typed twice.
    nonisolated static let leaving: [(command: String, url: String)] = [
        ("back", "wayfinder://main/feed"),
        ("dismiss", "wayfinder://main/feed"),
        ("undo", "wayfinder://main/feed"),
        ("tab search", "wayfinder://main/search"),
        ("open wayfinder://main/feed/post/3", "wayfinder://main/feed/post/3"),
        ("logout", "wayfinder://login"),
    ]

    @Test(arguments: leaving)
    func aLeavingCommandIsRefusedOnceThenLeavesWithoutTheDraft(command: String, url: String) async throws {
        let compose = try await composing()
        let before = shell.app.state

        let refused = await shell.execute(command)
        #expect(refused.isError)
        #expect(refused.output.plainText == Self.refusal(command))
        #expect(refused.showsScreen == false)
        #expect(shell.app.state == before, "a refused command changed the navigation or the session")
        #expect(shell.app.visibleScreen() === compose)
        #expect(compose.title == "Hello", "the draft was dropped by the refusal")

        let left = await shell.execute(command)
        #expect(!left.isError, "\(left.output.plainText)")
        #expect(shell.app.url == url)
        #expect(compose.title.isEmpty, "the draft outlived leaving without it")
    }

    /// `quit` is a leaving command too; `exit` answers its refusal, being its other name.
    @Test func quittingIsRefusedOnce() async throws {
        _ = try await composing()
        #expect(await shell.execute("quit").output.plainText == Self.refusal("quit"))
        let quit = await shell.execute("exit")
        #expect(quit.quits && !quit.isError)
    }

    @Test func anyOtherLineInBetweenAsksAgain() async throws {
        let compose = try await composing()
        #expect(await shell.execute("back").output.plainText == Self.refusal("back"))
        #expect(await shell.execute("where").output.plainText == "wayfinder://main/feed/compose\n")
        #expect(await shell.execute("back").output.plainText == Self.refusal("back"))
        #expect(await shell.execute("dismiss").output.plainText == Self.refusal("dismiss"), "another leaving command")
        #expect(await shell.execute("open wayfinder://main/me").output.plainText == Self.refusal("open wayfinder://main/me"))
        #expect(await shell.execute("open wayfinder://main/search").output.plainText
            == Self.refusal("open wayfinder://main/search"), "the same command with other arguments")
        #expect(await shell.execute("bogus").isError)
        #expect(await shell.execute("back").output.plainText == Self.refusal("back"), "an unknown command in between")
        #expect(shell.app.url == "wayfinder://main/feed/compose")
        #expect(compose.title == "Hello")
    }

    @Test func theScreensOwnCommandsAndThoseThatStayAreNeverRefused() async throws {
        let compose = try await composing()
        #expect(await shell.execute("help").isError == false)
        #expect(await shell.execute("state").isError == false)
        #expect(await shell.execute("body World").isError == false)
        #expect(compose.unsavedEdits?.what == "draft of a post (title and text)")
        #expect(await shell.execute("publish").output.plainText == "Published post 37.\n")
        #expect(await shell.execute("back").isError == false, "nothing unsaved once published")
        #expect(shell.app.url == "wayfinder://main/feed")

        let next = try await composing()
        #expect(await shell.execute("cancel").isError == false, "cancel drops the draft on purpose")
        #expect(shell.app.url == "wayfinder://main/feed")
        #expect(next.unsavedEdits == nil)
    }

    @Test func aScreenWithNothingTypedIsLeftAtOnce() async throws {
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(await shell.execute("compose").isError == false)
        #expect(await shell.execute("back").isError == false)
        #expect(shell.app.url == "wayfinder://main/feed")
    }

    /// Leaving with the second command and coming back (undo) shows no old draft.
    @Test func undoAfterLeavingBringsBackAnEmptySheet() async throws {
        let compose = try await composing()
        _ = await shell.execute("dismiss")
        _ = await shell.execute("dismiss")
        #expect(await shell.execute("undo").isError == false)
        #expect(shell.app.url == "wayfinder://main/feed/compose")
        let shown = try #require(shell.app.visibleScreen() as? ComposeViewModel)
        #expect(shown.title.isEmpty && shown.body.isEmpty, "the draft left without came back (\(shown === compose))")
    }

    /// A command refused by the guard whose second try fails (no such tab) leaves the
    /// draft where it was.
    @Test func aSecondTryThatFailsKeepsTheDraft() async throws {
        let compose = try await composing()
        #expect(await shell.execute("tab nowhere").output.plainText == Self.refusal("tab nowhere"))
        #expect(await shell.execute("tab nowhere").output.plainText.hasPrefix("error: 'nowhere' is not a tab of this flow"))
        #expect(compose.title == "Hello")
        #expect(shell.app.url == "wayfinder://main/feed/compose")
    }
}
