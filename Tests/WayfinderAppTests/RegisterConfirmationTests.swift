import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #29 item 9, through the app's shell: `create NAME` asks for the new password twice;
/// only two equal entries make the account, and nothing of a refused one is kept.
@MainActor
@Suite struct RegisterConfirmationTests {
    let shell: AppShell

    init() throws {
        shell = try AppShell(opening: ["wayfinder://login/register"])
    }

    private var auth: any AuthService { shell.app.container.auth }

    @Test func theAccountIsMadeOnlyWhenTheSecondEntryAgrees() async throws {
        #expect(await shell.execute("create zed") == ReplReply())
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ")
        let first = await shell.execute("zebra-crossing")
        #expect(first == ReplReply(), "nothing is said or shown between the two entries")
        #expect(shell.secretPrompt == "Repeat the password for zed: ")
        #expect(shell.app.user == nil)
        try await auth.checkAvailable(username: "zed")

        let second = await shell.execute("zebra-crossing")
        #expect(second.output.plainText == "Welcome, zed! Your account is ready.\n")
        #expect(shell.app.user?.username == "zed")
        #expect(shell.secretPrompt == nil)
        _ = try await auth.signIn(username: "zed", password: "zebra-crossing")
    }

    @Test func aMismatchIsRefusedAndMakesNoAccount() async throws {
        _ = await shell.execute("create zed")
        _ = await shell.execute("zebra-crossing")
        let mismatch = await shell.execute("zebra-crossinG")
        #expect(mismatch == .failed("the passwords do not match; no account was created"))
        #expect(shell.secretPrompt == nil, "the next line is a command again")
        #expect(shell.app.user == nil)
        try await auth.checkAvailable(username: "zed")
        #expect(await shell.screen().plainText.contains("Could not register: the passwords do not match; no account was created"))

        // Nothing of the first entry is kept: the next `create` asks for a new one.
        _ = await shell.execute("create zed")
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ")
    }

    /// Equal to Swift's `==` (canonically equivalent), but not the same bytes, so not the
    /// same password to the hash.
    @Test func twoSpellingsOfOneAccentDoNotMatch() async throws {
        _ = await shell.execute("create zed")
        _ = await shell.execute("caf\u{E9} au lait")
        #expect(await shell.execute("cafe\u{301} au lait") == .failed("the passwords do not match; no account was created"))
        try await auth.checkAvailable(username: "zed")
    }

    @Test func aPasswordTheRulesRefuseIsNotAskedForAgain() async throws {
        _ = await shell.execute("create zed")
        #expect(await shell.execute("short") == .failed("a password needs at least 8 characters"))
        #expect(shell.secretPrompt == nil)
        _ = await shell.execute("create zed")
        #expect(await shell.execute("zebra\u{2067}crossing")
            == .failed("a password cannot contain control characters or bidirectional controls (found U+2067)"))
        #expect(shell.secretPrompt == nil)
        try await auth.checkAvailable(username: "zed")
    }

    @Test func cancellingTheSecondPromptMakesNoAccountAndForgetsTheFirst() async throws {
        _ = await shell.execute("create zed")
        _ = await shell.execute("zebra-crossing")
        #expect(shell.cancelSecretInput().plainText == "Registration cancelled; no account was created.\n")
        #expect(shell.secretPrompt == nil)
        try await auth.checkAvailable(username: "zed")
        _ = await shell.execute("create zed")
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ")
    }
}
