import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Navigation-state tests of the sample app, without a terminal: coordinators, view
/// models and services, through their public API.
@MainActor
@Suite struct AppNavigationTests {
    let app = AppCoordinator(container: .demo())

    func run(_ line: String, on model: (any ScreenModel)? = nil) async throws -> ReplReply? {
        let screen = model ?? app.visibleScreen()
        try await screen.load()
        return await screen.perform(CommandInput(parsing: line))
    }

    func signIn(_ name: String = "alice") async throws {
        let model = try #require(app.visibleScreen() as? SignInViewModel)
        #expect(try await run("login \(name)", on: model) == .done(nil))
        #expect(model.secretPrompt == "Password for \(name): ")
        #expect(await model.receiveSecret(DemoData.password) == .done("Signed in as \(name)."))
    }

    @Test func signingInShowsMain() async throws {
        #expect(app.url == "wayfinder://login")
        try await signIn()
        #expect(app.user?.username == "alice")
        #expect(app.url == "wayfinder://main/feed")
        #expect(app.visibleScreen() is FeedViewModel)
    }

    /// The feed keeps its drawn lines between renders: they must follow every change of the
    /// page, its authors and the ids flag, whoever makes it.
    @Test func theFeedIsDrawnAgainWhenWhatItShowsChanges() async throws {
        try await signIn()
        let feed = try #require(app.visibleScreen() as? FeedViewModel)
        func drawn() async throws -> String {
            try await feed.load()
            return FeedView(model: feed).render().plainText
        }
        let first = try await drawn()
        #expect(first.contains("[36] "))
        #expect(try await drawn() == first, "nothing changed")
        let top = try #require(feed.page?.posts.first)
        let likes = "\(count(top.likeCount, "like")) · "
        #expect(first.contains(likes))
        let liker = try #require(DemoData.users.first { user in !DemoData.likes.contains { $0.postID == top.id && $0.userID == user.id } })
        _ = try await app.container.posts.setLiked(true, postID: top.id, by: liker.id)
        let liked = try await drawn()
        #expect(liked.contains("\(count(top.likeCount + 1, "like")) · "))
        try await app.container.flags.setOverride(false, for: .showPostIDs)
        let withoutIDs = try await drawn()
        #expect(!withoutIDs.contains("[36] "))
        #expect(withoutIDs.contains(top.title))
        try await app.container.flags.setOverride(nil, for: .showPostIDs)
        #expect(try await drawn() == liked)
    }

    @Test func wrongPasswordsAndUnknownUsersStayOnSignIn() async throws {
        let model = try #require(app.visibleScreen() as? SignInViewModel)
        _ = try await run("login alice", on: model)
        #expect(await model.receiveSecret("nope") == .failed("wrong password for 'alice'"))
        #expect(model.error == "wrong password for 'alice'")
        _ = try await run("login nobody", on: model)
        #expect(await model.receiveSecret("x") == .failed("unknown user 'nobody'"))
        #expect(app.user == nil)
        #expect(app.url == "wayfinder://login")
    }

    @Test func aPendingLinkOpensAfterSignIn() async throws {
        let outcome = try app.open("wayfinder://main/feed/post/3/comments")
        #expect(outcome == .deferred(pending: "wayfinder://main/feed/post/3/comments", guardName: AppCoordinator.signedInGuard))
        #expect(app.state.navigation.pending == "wayfinder://main/feed/post/3/comments")
        #expect((app.visibleScreen() as? SignInViewModel)?.pending == "wayfinder://main/feed/post/3/comments")
        try await signIn("bob")
        #expect(app.url == "wayfinder://main/feed", "signed in, the feed; the link still waits")
        // What the shell does after each command: the waiting link opens, its data checked.
        #expect(try await app.openPendingLink() == .applied)
        #expect(app.url == "wayfinder://main/feed/post/3/comments")
        #expect(app.state.navigation.pending == nil)
        #expect(app.main.path == [.post(id: 3), .comments])
    }

    @Test func tabsKeepTheirOwnStacks() async throws {
        try await signIn()
        #expect(try await run("post 5") == .done(nil))
        try app.main.selectTab("search")
        #expect(try await run("find tabs") == .done(nil))
        #expect(try await run("post 6") == .done(nil))
        try app.main.selectTab("feed")
        #expect(app.url == "wayfinder://main/feed/post/5")
        try app.main.selectTab("search")
        #expect(app.url == "wayfinder://main/search/post/6?q=tabs")
        #expect(app.main.root == .search(q: "tabs"))
    }

    @Test func undoAndRedoStepThroughScreens() async throws {
        try await signIn()
        _ = try await run("post 7")
        _ = try await run("comments")
        try app.store.perform { n throws(NavigationError) in try n.undo() }
        #expect(app.url == "wayfinder://main/feed/post/7")
        try app.store.perform { n throws(NavigationError) in try n.undo() }
        #expect(app.url == "wayfinder://main/feed")
        try app.store.perform { n throws(NavigationError) in try n.redo() }
        #expect(app.url == "wayfinder://main/feed/post/7")
        #expect(app.visibleScreen() is PostViewModel)
    }

    @Test func composeValidatesItsInput() async throws {
        try await signIn()
        _ = try await run("compose")
        let compose = try #require(app.visibleScreen() as? ComposeViewModel)
        #expect(try await run("publish", on: compose) == .failed("cannot publish: the post needs a title (title <text>)"))
        // Told when typed, and not kept.
        #expect(try await run("title " + String(repeating: "x", count: 81), on: compose)
            == .failed("the title is longer than 80 characters (it has 81)"))
        #expect(try await run("body " + String(repeating: "y", count: 2_001), on: compose)
            == .failed("the text is longer than 2000 characters (it has 2001)"))
        #expect(compose.title.isEmpty && compose.body.isEmpty)
        _ = try await run("title Hello", on: compose)
        #expect(try await run("publish", on: compose) == .failed("cannot publish: the post needs a text (body <text>)"))
        _ = try await run("body World", on: compose)
        #expect(try await run("publish", on: compose) == .done("Published post 37."))
        #expect(app.url == "wayfinder://main/feed/post/37")
    }

    @Test func aLoginLinkWhileSignedInIsRefused() async throws {
        try await signIn()
        #expect(throws: NavigationError.self) { try app.open("wayfinder://login/register") }
        #expect(app.url == "wayfinder://main/feed")
    }

    @Test func aRefusedOpenKeepsTheDeepLinkErrorIntact() throws {
        do {
            try app.open("wayfinder://main/feed/post/abc")
            Issue.record("opened")
        } catch {
            #expect(error.code == .invalidLink)
            let cause = try #require(error.deepLinkError)
            #expect(cause.code == .typeMismatch)
            #expect(cause.segment == 3)
            #expect(cause.part == "abc")
            #expect(error.message == cause.message)
        }
        do {
            try app.open(all: ["wayfinder://login", "https://evil.example/main"])
            Issue.record("opened")
        } catch {
            #expect(error.deepLinkError?.code == .unknownOrigin)
        }
    }

    @Test func aBadLinkAmongSeveralAppliesNone() throws {
        #expect(throws: NavigationError.self) {
            try app.open(all: ["wayfinder://login/register", "wayfinder://main/feed/post/abc"])
        }
        #expect(app.url == "wayfinder://login")
        try app.open(all: ["wayfinder://login/register", "wayfinder://login/terms"])
        #expect(app.url == "wayfinder://login/terms")
    }

    @Test func aSnapshotRestores() async throws {
        try await signIn()
        try app.open("wayfinder://main/feed/post/4/people/2")
        let snapshot = app.state
        let other = AppCoordinator(container: .demo())
        try other.restore(snapshot)
        #expect(other.state == snapshot)
        #expect(other.url == "wayfinder://main/feed/post/4/people/2")
        var inconsistent = snapshot
        inconsistent.user = nil
        #expect(throws: NavigationError.self) { try other.restore(inconsistent) }
        #expect(other.state == snapshot)
    }
}

/// `1 like`, `2 likes`, as the post list writes them.
private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
