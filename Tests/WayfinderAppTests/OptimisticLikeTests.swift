import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// A post repository whose likes wait until the test lets them finish, or fail.
actor GatedPosts: PostRepository {
    let base: InMemoryPostRepository
    private var waiting: CheckedContinuation<Bool, Never>?

    init(database: InMemoryDatabase) {
        base = InMemoryPostRepository(database: database)
    }

    var isWaiting: Bool { waiting != nil }

    /// Lets the waiting like finish (`succeed`) or fail.
    func release(succeed: Bool) {
        waiting?.resume(returning: succeed)
        waiting = nil
    }

    func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int {
        let succeed = await withCheckedContinuation { waiting = $0 }
        guard succeed else { throw ServiceError("timed out") }
        return try await base.setLiked(liked, postID: postID, by: userID)
    }

    func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage { try await base.page(number, size: size) }
    func post(id: Int) async throws(ServiceError) -> Post? { try await base.post(id: id) }
    func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post] { try await base.posts(byAuthor: authorID) }
    func search(_ query: String) async throws(ServiceError) -> [Post] { try await base.search(query) }
    func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment] { try await base.comments(onPost: postID) }
    func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post {
        try await base.create(authorID: authorID, title: title, body: body)
    }
    func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool { try await base.isLiked(postID: postID, by: userID) }
}

@MainActor
@Suite struct OptimisticLikeTests {
    private func makePost() async throws -> (PostViewModel, GatedPosts) {
        let database = InMemoryDatabase()
        let posts = GatedPosts(database: database)
        var container = Container.demo()
        container.posts = posts
        container.users = InMemoryUserRepository(database: database)
        let app = AppCoordinator(container: container)
        try app.open("wayfinder://main/feed/post/2")  // bob does not like post 2 yet
        let signIn = try #require(app.visibleScreen() as? SignInViewModel)
        _ = await signIn.perform(CommandInput(parsing: "login bob"))
        _ = await signIn.receiveSecret(DemoData.password)
        try await app.openPendingLink()  // As the shell does after a command.
        let post = try #require(app.visibleScreen() as? PostViewModel)
        try await post.load()
        return (post, posts)
    }

    /// Lets the like task run until it waits on the service (bounded, so a like that
    /// never reaches the service fails the test instead of hanging it).
    private func waitUntilWaiting(_ posts: GatedPosts) async {
        for _ in 0..<10_000 where await !posts.isWaiting { await Task.yield() }
        #expect(await posts.isWaiting, "the like never reached the service")
    }

    @Test func aLikeShowsAtOnceAndStaysWhenTheServiceAgrees() async throws {
        let (model, posts) = try await makePost()
        let before = try #require(model.post?.likeCount)
        #expect(!model.isLiked)
        let input = CommandInput(parsing: "like")
        let like = Task { await model.perform(input) }
        await waitUntilWaiting(posts)
        #expect(model.isLiked, "the like shows before the service answers")
        #expect(model.post?.likeCount == before + 1)
        await posts.release(succeed: true)
        #expect(await like.value == .done("Liked."))
        #expect(model.isLiked)
        #expect(model.post?.likeCount == before + 1)
    }

    @Test func aFailedLikeIsRolledBackWithAMessage() async throws {
        let (model, posts) = try await makePost()
        let before = try #require(model.post)
        let input = CommandInput(parsing: "like")
        let like = Task { await model.perform(input) }
        await waitUntilWaiting(posts)
        #expect(model.isLiked)
        await posts.release(succeed: false)
        #expect(await like.value == .failed("Could not like: timed out. Rolled back."))
        #expect(!model.isLiked)
        #expect(model.post == before)
        // The message was the command's reply; the screen does not keep it.
        #expect(!PostView(model: model).render().plainText.contains("Rolled back."))
    }
}
