import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal
import WayfinderTesting

/// Issue #15, items 7, 8, 13 (the name checked before the password) and 15: the one rule for
/// text users type (``UserText``), applied by the view models and again by both kinds of
/// services; search after normalisation and case folding (``SearchMatcher``), in memory and
/// in SQLite alike; registration refusing a taken name at once; one message from `send`.
@Suite struct UntrustedTextTests {
    /// Both implementations of the services.
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite

        var testDescription: String { rawValue }

        func container() throws -> Container {
            switch self {
            case .memory: Container.demo()
            case .sqlite: try Container.persistent(in: DataDirectory.temporary("text"))
            }
        }
    }

    static let refused: [Unicode.Scalar] = [
        "\u{00}", "\u{07}", "\u{09}", "\u{0A}", "\u{0D}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    // MARK: The rule

    @Test func theRuleRefusesControlsDELAndBidirectionalOverridesAndIsolates() {
        for scalar in Self.refused {
            #expect(UserText.isRefused(scalar), "U+\(String(scalar.value, radix: 16)) should be refused")
            #expect(UserText.problem(in: "a\(Character(scalar))b", field: .bio) != nil)
        }
        // Next to the refused ranges, and text in other scripts: allowed.
        for text in [" ", "~", "\u{A0}", "\u{2029}", "\u{2065}", "\u{206A}", "\u{200E}", "\u{200F}", "\u{061C}",
                     "Ünïcödé", "שלום", "مرحبا", "日本語", "🧭", "cafe\u{301}"] {
            #expect(UserText.problem(in: text, field: .bio) == nil, "'\(text)' should be allowed")
        }
    }

    @Test func oneMessageNamesTheFieldAndTheFirstRefusedCharacter() {
        #expect(UserText.problem(in: "x\u{1B}]2;y\u{07}", field: .displayName)
            == "the name cannot contain control characters or bidirectional overrides (found U+001B)")
        #expect(UserText.problem(in: "evil\u{202E}txt.exe", field: .title)
            == "the title cannot contain control characters or bidirectional overrides (found U+202E)")
        #expect(UserText.problem(in: "a\tb", field: .body)
            == "the text cannot contain control characters or bidirectional overrides (found U+0009)")
    }

    /// User names were already letters, digits and `_`; a control character now gets the
    /// same message as in every other field.
    @Test func userNamesAllowOnlyLowerCaseLettersDigitsAndUnderscore() {
        #expect(AccountRules.problem(username: "new_user9") == nil)
        #expect(AccountRules.problem(username: "a\u{1B}bc")
            == "the user name cannot contain control characters or bidirectional overrides (found U+001B)")
        for name in ["Alice", "al", "al ice", "аlice", "ａlice", "alice\u{301}", String(repeating: "a", count: 21)] {
            #expect(AccountRules.problem(username: name) == "a user name is 3 to 20 lower-case letters, digits or '_'", "\(name)")
        }
    }

    // MARK: The services refuse, whoever calls them

    @Test(arguments: Store.allCases)
    func servicesStoreNoRefusedText(store: Store) async throws {
        let container = try store.container()
        let before = try #require(try await container.users.user(id: 1))
        for scalar in Self.refused {
            let bad = "x\(Character(scalar))y"
            var named = before
            named.displayName = bad
            await #expect(throws: ServiceError.self) { try await container.users.update(named) }
            var bio = before
            bio.bio = bad
            await #expect(throws: ServiceError.self) { try await container.users.update(bio) }
            await #expect(throws: ServiceError.self) { try await container.posts.create(authorID: 1, title: bad, body: "fine") }
            await #expect(throws: ServiceError.self) { try await container.posts.create(authorID: 1, title: "fine", body: bad) }
            await #expect(throws: ServiceError.self) { try await container.posts.search(bad) }
            await #expect(throws: ServiceError.self) { try await container.auth.register(username: "ab\(Character(scalar))c", password: "long enough") }
        }
        #expect(try await container.users.user(id: 1) == before)
        #expect(try await container.posts.page(1, size: 100).posts.count == 36, "no post was stored")
        do {
            var changed = before
            changed.bio = "evil\u{202E}txt.exe"
            try await container.users.update(changed)
            Issue.record("an override was stored")
        } catch {
            #expect(error.message == "the bio cannot contain control characters or bidirectional overrides (found U+202E)")
        }
    }

    @Test(arguments: Store.allCases)
    func updatingAProfileKeepsTheUserName(store: Store) async throws {
        let container = try store.container()
        var changed = try #require(try await container.users.user(id: 2))
        changed = User(id: changed.id, username: "mallory2", displayName: "Robert", bio: "Tabs, not spaces.")
        try await container.users.update(changed)
        let stored = try #require(try await container.users.user(id: 2))
        #expect(stored.username == "bob")
        #expect(stored.displayName == "Robert")
        #expect(stored.bio == "Tabs, not spaces.")
    }

    // MARK: Search

    @Test func theMatcherFoldsCaseAndNormalisesButKeepsAccents() {
        let cafe = SearchMatcher("café")
        #expect(cafe.matches("Notes from the cafe\u{301}"), "a combining accent")
        #expect(cafe.matches("CAFÉ SOCIETY"), "upper case")
        #expect(cafe.matches("CAFE\u{301}"), "upper case with a combining accent")
        #expect(!cafe.matches("Notes from the cafe"), "no accent: another word")
        #expect(!SearchMatcher("cafe").matches("café"))
        #expect(!SearchMatcher("cafe").matches("cafe\u{301}"), "whole characters: the e carries the accent")
        #expect(SearchMatcher("CAFÉ").matches("café"))
        #expect(SearchMatcher("cafe\u{301}").matches("café"))
        #expect(SearchMatcher("STRASSE").matches("Die Straße"), "full case folding")
        #expect(SearchMatcher("λόγος").matches("ΛΌΓΟΣ"))
        #expect(SearchMatcher("ΛΌΓΟΣ").matches("λόγος"), "final sigma")
        #expect(SearchMatcher("").matches("anything"))
        #expect(!SearchMatcher("longer than the text").matches("short"))
    }

    @Test(arguments: Store.allCases)
    func bothStoresSearchAlike(store: Store) async throws {
        let container = try store.container()
        let combining = try await container.posts.create(authorID: 1, title: "Notes from the cafe\u{301}", body: "Typed with a combining accent.")
        let upper = try await container.posts.create(authorID: 2, title: "Opening hours", body: "THE CAFÉ OPENS AT NINE.")
        let plain = try await container.posts.create(authorID: 3, title: "A cafe without an accent", body: "Plain.")
        let street = try await container.posts.create(authorID: 4, title: "Die Straße", body: "Ein Weg.")
        func ids(_ query: String) async throws -> [Int] { try await container.posts.search(query).map(\.id) }
        #expect(try await ids("café") == [upper.id, combining.id], "newest first")
        #expect(try await ids("CAFÉ") == [upper.id, combining.id])
        #expect(try await ids("cafe\u{301}") == [upper.id, combining.id])
        #expect(try await ids("cafe") == [plain.id])
        #expect(try await ids("strasse") == [street.id])
        // ASCII as before, in titles and texts.
        #expect(try await ids("TERMINAL").contains(13))
        #expect(try await ids("WAYFINDER SAMPLE APP").count == 36)
        // Counts come with the posts found.
        let found = try #require(try await container.posts.search("libedit").first)
        #expect(found == (try await container.posts.post(id: found.id)))
    }

    // MARK: View models refuse early, and leave the draft as it was

    @MainActor
    final class Session {
        let app = AppCoordinator(container: .demo())

        func run(_ line: String) async throws -> ReplReply? {
            let screen = app.visibleScreen()
            try await screen.load()
            return await screen.perform(CommandInput(parsing: line))
        }

        func signIn() async throws {
            _ = try await run("login alice")
            _ = await app.visibleScreen().receiveSecret(DemoData.password)
            #expect(app.user?.username == "alice")
        }
    }

    @MainActor
    @Test func composeRefusesEachFieldAsItIsTyped() async throws {
        let session = Session()
        try await session.signIn()
        try session.app.open("wayfinder://main/feed/compose", from: .app)
        let model = try #require(session.app.visibleScreen() as? ComposeViewModel)
        #expect(try await session.run("title Fine") == .done(nil))
        #expect(try await session.run("title Terminal \u{1B}]2;x\u{07}")
            == .failed("the title cannot contain control characters or bidirectional overrides (found U+001B)"))
        #expect(try await session.run("body \u{2066}isolated")
            == .failed("the text cannot contain control characters or bidirectional overrides (found U+2066)"))
        #expect(try await session.run("body \"a\tb\"")
            == .failed("the text cannot contain control characters or bidirectional overrides (found U+0009)"))
        #expect(model.title == "Fine")
        #expect(model.body.isEmpty)
    }

    @MainActor
    @Test func findRefusesAnOverrideAndALinkWithOneShowsWhy() async throws {
        let session = Session()
        try await session.signIn()
        try session.app.open("wayfinder://main/search?q=swift")
        let url = session.app.url
        #expect(try await session.run("find evil\u{202E}txt")
            == .failed("the search cannot contain control characters or bidirectional overrides (found U+202E)"))
        #expect(session.app.url == url, "the search was not replaced")
        // A link cannot carry controls (the engine refuses them), but an override can get
        // this far: the service refuses it and the screen says why.
        try session.app.open("wayfinder://main/search?q=evil%E2%80%AEtxt")
        let model = try #require(session.app.visibleScreen() as? SearchViewModel)
        try await model.load()
        #expect(model.results.isEmpty)
        #expect(SearchView(model: model).render().plainText.contains("Could not search: the search cannot contain control characters or bidirectional overrides (found U+202E)"))
        #expect(try await session.run("find CAFÉ") == .done(nil))
    }

    // MARK: Registration: the name first

    @MainActor
    @Test func createWithATakenNameSaysSoBeforeAskingForAPassword() async throws {
        let session = Session()
        _ = try await session.run("register")
        let model = try #require(session.app.visibleScreen() as? RegisterViewModel)
        #expect(try await session.run("create alice") == .failed("the name 'alice' is taken"))
        #expect(model.secretPrompt == nil, "no password is asked for")
        #expect(RegisterView(model: model).render().plainText.contains("Could not register: the name 'alice' is taken"))
        #expect(try await session.run("create a\u{1B}b")
            == .failed("the user name cannot contain control characters or bidirectional overrides (found U+001B)"))
        #expect(model.secretPrompt == nil)
        #expect(try await session.run("create zed") == .done(nil))
        #expect(model.secretPrompt == "New password for zed (8 or more characters): ")
    }

    @Test func bothStoresSayATakenNameIsTaken() async throws {
        for store in Store.allCases {
            let auth = try store.container().auth
            await #expect(throws: ServiceError("the name 'bob' is taken")) { try await auth.checkAvailable(username: "bob") }
            await #expect(throws: ServiceError("a user name is 3 to 20 lower-case letters, digits or '_'")) {
                try await auth.checkAvailable(username: "Bob")
            }
            try await auth.checkAvailable(username: "zed")
            _ = try await auth.register(username: "zed", password: "zebra-crossing")
            await #expect(throws: ServiceError("the name 'zed' is taken")) { try await auth.checkAvailable(username: "zed") }
        }
    }

    // MARK: Forgot password: one message

    @MainActor
    @Test func sendSaysOneThing() async throws {
        let shell = try AppShell(opening: ["wayfinder://login/forgot"])
        let played = await TranscriptRunner.play(Transcript(steps: [Transcript.Step(input: "send a@b.c", output: [])])) { _ in shell }
        let lines = played.steps[0].output.map { output in
            switch output {
            case .standard(let line), .error(let line): line
            }
        }
        #expect(lines.filter { $0.contains("a@b.c") } == ["If a@b.c has an account, a reset link is on its way."], "\(lines)")
        #expect(!lines.contains { $0.contains("was sent") }, "\(lines)")
        // A control character in the address is refused like in any other field.
        let forgot = ForgotPasswordViewModel(router: shell.app.login, email: nil)
        #expect(await forgot.perform(CommandInput(parsing: "send a\u{1B}@b.c"))
            == .failed("the email address cannot contain control characters or bidirectional overrides (found U+001B)"))
        #expect(forgot.sentTo == nil)
    }
}
