import Synchronization
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal
import WayfinderTesting

/// A post repository that counts the reads made through it.
final class CountingPosts: PostRepository {
    enum Read: Hashable { case page, post, isLiked, comments }

    let base: any PostRepository
    private let counts = Mutex<[Read: Int]>([:])

    init(wrapping base: any PostRepository) {
        self.base = base
    }

    /// How many times `read` was made since the last ``reset()``.
    func count(_ read: Read) -> Int { counts.withLock { $0[read] ?? 0 } }

    func reset() { counts.withLock { $0.removeAll() } }

    private func counted(_ read: Read) { counts.withLock { $0[read, default: 0] += 1 } }

    func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage {
        counted(.page)
        return try await base.page(number, size: size)
    }
    func post(id: Int) async throws(ServiceError) -> Post? {
        counted(.post)
        return try await base.post(id: id)
    }
    func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool {
        counted(.isLiked)
        return try await base.isLiked(postID: postID, by: userID)
    }
    func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment] {
        counted(.comments)
        return try await base.comments(onPost: postID)
    }
    func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post] { try await base.posts(byAuthor: authorID) }
    func search(_ query: String) async throws(ServiceError) -> [Post] { try await base.search(query) }
    func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post {
        try await base.create(authorID: authorID, title: title, body: body)
    }
    func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int {
        try await base.setLiked(liked, postID: postID, by: userID)
    }
}

/// A command reads the data of the screen it is typed on once, and the screen shown after
/// it is not read again: the view model loads, the shell asks once.
@MainActor
@Suite struct OneLoadPerCommandTests {
    /// A shell signed in as alice on `link`, its posts counted from then on.
    private func signedIn(on link: String) async throws -> (AppShell, CountingPosts) {
        var container = Container.demo()
        let posts = CountingPosts(wrapping: container.posts)
        container.posts = posts
        let shell = AppShell(app: AppCoordinator(container: container))
        try shell.app.open(link, from: .app)
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute("wonderland").isError == false)
        #expect(shell.app.url == link)
        posts.reset()
        return (shell, posts)
    }

    /// Plays `lines` through the REPL loop, as a piped session does, on `shell`.
    private func play(_ lines: [String], on shell: AppShell) async throws -> Transcript {
        let transcript = try Transcript(parsing: lines.map { "> \($0)\n" }.joined())
        return await TranscriptRunner.play(transcript) { _ in shell }
    }

    @Test func refreshingTheFeedReadsItsPageOnce() async throws {
        let (shell, posts) = try await signedIn(on: "wayfinder://main/feed")
        let played = try await play(["refresh"], on: shell)
        #expect(played.steps[0].output.contains(.standard("Page 1 of 4")))
        #expect(posts.count(.page) == 1)
    }

    @Test func reloadingTheCommentsReadsThemOnce() async throws {
        let (shell, posts) = try await signedIn(on: "wayfinder://main/feed/post/4/comments")
        let played = try await play(["reload", "reload"], on: shell)
        #expect(played.steps.allSatisfy { $0.output.contains(.standard("Comments on post 4")) })
        #expect(posts.count(.comments) == 2)
    }

    @Test func aCommandThatLeavesTheScreenReadsEachScreenOnce() async throws {
        let (shell, posts) = try await signedIn(on: "wayfinder://main/feed")
        _ = try await play(["post 4", "back"], on: shell)
        // `post 4` reads the feed (the command's screen), checks that post 4 exists, and
        // shows it (post, like); `back` shows the feed again, read once.
        #expect(posts.count(.page) == 2)
        #expect(posts.count(.post) == 2)
        #expect(posts.count(.isLiked) == 1)
    }

    @Test func aScreenShownWithoutACommandIsRead() async throws {
        let (shell, posts) = try await signedIn(on: "wayfinder://main/feed")
        _ = await shell.screen()
        _ = await shell.screen()
        #expect(posts.count(.page) == 2)
    }
}
