import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #29 item 9, through the app's shell: `create NAME` asks for the new password twice;
/// only two equal entries make the account, and nothing of a refused one is kept. A refused
/// entry asks again (three tries in all), as signing in does.
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

    @Test func aMismatchIsRefusedAndAskedAgainFromTheFirstEntry() async throws {
        _ = await shell.execute("create zed")
        _ = await shell.execute("zebra-crossing")
        let mismatch = await shell.execute("zebra-crossinG")
        #expect(mismatch == .failed("the passwords do not match"))
        // Nothing of the first entry is kept: the next line is a new first entry.
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ", "the next line is a password, not a command")
        #expect(shell.app.user == nil)
        try await auth.checkAvailable(username: "zed")
        #expect(await shell.execute("zebra-crossing") == ReplReply())
        #expect(await shell.execute("zebra-crossing") == .done("Welcome, zed! Your account is ready."))
    }

    @Test func aThirdRefusalEndsThePromptAndMakesNoAccount() async throws {
        _ = await shell.execute("create zed")
        #expect(await shell.execute("short") == .failed("a password needs at least 8 characters"))
        _ = await shell.execute("zebra-crossing")
        #expect(await shell.execute("zebra-crossinG") == .failed("the passwords do not match"))
        #expect(await shell.execute("tiny") == .failed("a password needs at least 8 characters (3 tries; type create zed to try again)"))
        #expect(shell.secretPrompt == nil, "the next line is a command again")
        try await auth.checkAvailable(username: "zed")
        #expect(await shell.screen().plainText.contains("Could not register: a password needs at least 8 characters (3 tries; type create zed to try again)"))
    }

    /// Equal to Swift's `==` (canonically equivalent), but not the same bytes, so not the
    /// same password to the hash.
    @Test func twoSpellingsOfOneAccentDoNotMatch() async throws {
        _ = await shell.execute("create zed")
        _ = await shell.execute("caf\u{E9} au lait")
        #expect(await shell.execute("cafe\u{301} au lait") == .failed("the passwords do not match"))
        try await auth.checkAvailable(username: "zed")
    }

    @Test func aPasswordTheRulesRefuseIsAskedForAgain() async throws {
        _ = await shell.execute("create zed")
        #expect(await shell.execute("short") == .failed("a password needs at least 8 characters"))
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ")
        #expect(await shell.execute("zebra\u{2067}crossing")
            == .failed("a password cannot contain control characters or bidirectional controls (found U+2067)"))
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ")
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
