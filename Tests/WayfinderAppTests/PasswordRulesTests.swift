import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #29 item 9: control characters and bidirectional controls are refused in passwords,
/// with a message, at sign-in, at registration and by both kinds of services; nothing
/// changes and no account is made.
@Suite struct PasswordRulesTests {
    static let refused: [Unicode.Scalar] = [
        "\u{00}", "\u{01}", "\u{08}", "\u{09}", "\u{0C}", "\u{0D}", "\u{12}", "\u{14}", "\u{16}", "\u{1B}", "\u{1F}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}",
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test func controlAndBidirectionalCharactersAreRefusedAndOthersAllowed() {
        for scalar in Self.refused {
            #expect(AccountRules.isRefusedInPassword(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(AccountRules.problem(password: "wonder\(Character(scalar))land") != nil, "U+\(String(scalar.value, radix: 16))")
        }
        // Next to the refused ranges, and letters of other scripts: allowed.
        for password in ["wonderland", "correct horse battery", "\u{A0}nbsp\u{A0}spaces", "a\u{A1}\u{200D}\u{2065}\u{206A}\u{200B}b-long-enough",
                         "Ünïcödé!", "שלום עולם", "مرحبا بالعالم", "日本語のパスワード", "🧭🧭🧭🧭🧭🧭🧭🧭", "cafe\u{301}-cafe\u{301}"] {
            #expect(AccountRules.problem(password: password) == nil, "'\(password)' should be allowed")
            #expect(AccountRules.problem(newPassword: password) == nil, "'\(password)' should be allowed")
        }
    }

    @Test func theMessageNamesTheCharacterAndTheKeyButNeverThePassword() throws {
        #expect(AccountRules.problem(password: "wonder\u{0C}land")
            == "a password cannot contain control characters or bidirectional controls (found U+000C, Ctrl-L)")
        #expect(AccountRules.problem(password: "wonder\u{1B}[Dland")
            == "a password cannot contain control characters or bidirectional controls (found U+001B, Esc or an arrow key)")
        #expect(AccountRules.problem(password: "wonder\tland")
            == "a password cannot contain control characters or bidirectional controls (found U+0009, Tab)")
        #expect(AccountRules.problem(password: "wonder\u{200F}land")
            == "a password cannot contain control characters or bidirectional controls (found U+200F)")
        let message = try #require(AccountRules.problem(password: "hunter\u{7F}zz9"))
        #expect(message.hasSuffix("(found U+007F)"))
        #expect(!message.contains("hunter") && !message.contains("zz9"), "\(message)")
    }

    @Test func aNewPasswordIsCheckedForCharactersThenLength() {
        #expect(AccountRules.problem(newPassword: "short") == "a password needs at least 8 characters")
        #expect(AccountRules.problem(newPassword: "ab\u{0C}")
            == "a password cannot contain control characters or bidirectional controls (found U+000C, Ctrl-L)")
        #expect(AccountRules.problem(username: "zed", password: "zebra\u{202E}crossing")
            == "a password cannot contain control characters or bidirectional controls (found U+202E)")
        #expect(AccountRules.problem(username: "zed", password: "zebra-crossing") == nil)
    }

    @Test(arguments: UntrustedTextTests.Store.allCases)
    func bothStoresRefuseSuchAPasswordAndMakeNoAccount(store: UntrustedTextTests.Store) async throws {
        let auth = try store.container().auth
        for password in ["zebra\u{0C}crossing", "zebra\u{061C}crossing", "zebra\u{2066}crossing"] {
            await #expect(throws: ServiceError.self) { try await auth.register(username: "zed", password: password) }
            try await auth.checkAvailable(username: "zed")
        }
        _ = try await auth.register(username: "zed", password: "zebra-crossing")
        _ = try await auth.signIn(username: "zed", password: "zebra-crossing")
    }

    @MainActor
    @Test func aWrongPasswordAsksAgainThreeTriesInAll() async throws {
        let shell = try AppShell()
        _ = await shell.execute("login bob")
        #expect(await shell.execute("nope").output.plainText == "error: wrong password for 'bob'\n")
        #expect(shell.secretPrompt == "Password for bob: ", "the next line is the next try, never a command")
        #expect(await shell.execute("help").output.plainText == "error: wrong password for 'bob'\n")
        let last = await shell.execute("still not it")
        #expect(last.output.plainText == "error: wrong password for 'bob' (3 tries; type login bob to try again)\n")
        #expect(shell.secretPrompt == nil)
        #expect(shell.app.user == nil)
    }

    @MainActor
    @Test func signInRefusesSuchAPasswordAndChangesNothing() async throws {
        let shell = try AppShell()
        _ = await shell.execute("login alice")
        #expect(shell.secretPrompt == "Password for alice: ")
        let refused = await shell.execute("wonder\u{0C}land")
        #expect(refused.isError)
        #expect(refused.output.plainText
            == "error: a password cannot contain control characters or bidirectional controls (found U+000C, Ctrl-L)\n")
        #expect(shell.app.user == nil)
        // A try used, as a wrong password's: the prompt asks again, and the next line is the next try.
        #expect(shell.secretPrompt == "Password for alice: ")
        #expect(await shell.execute("wonderland").isError == false)
        #expect(shell.app.user?.username == "alice")
        // Switching users: the same refusal, and the same user stays.
        _ = await shell.execute("login bob")
        #expect(await shell.execute("wonder\u{202E}land").isError)
        #expect(shell.app.user?.username == "alice")
    }

    @MainActor
    @Test func registrationRefusesSuchAPasswordAndAsksAgain() async throws {
        let shell = try AppShell(opening: ["wayfinder://login/register"])
        _ = await shell.execute("create zed")
        let refused = await shell.execute("zebra\u{200E}crossing")
        #expect(refused.output.plainText
            == "error: a password cannot contain control characters or bidirectional controls (found U+200E)\n")
        #expect(shell.app.user == nil)
        #expect(shell.secretPrompt == "New password for zed (8 or more characters): ", "the next line is the next try")
        try await shell.app.container.auth.checkAvailable(username: "zed")
    }
}
