import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// One post: like it (optimistically), read its comments, visit its author.
@MainActor
public final class PostViewModel: ScreenModel {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let users: any UserRepository
    /// The post's id.
    public let postID: Int
    let viewerID: Int
    /// The post, once loaded.
    public private(set) var post: Post?
    /// Its author.
    public private(set) var author: User?
    /// Whether the viewer likes it.
    public private(set) var isLiked = false
    private(set) var loaded = false

    /// Creates the view model for post `postID`, seen by `viewerID`.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, users: any UserRepository, postID: Int, viewerID: Int) {
        self.router = router
        self.posts = posts
        self.users = users
        self.postID = postID
        self.viewerID = viewerID
    }

    /// Whether the post's commands can work: not once it is known not to exist.
    private var exists: Bool { post != nil || !loaded }

    public static let commands: [ScreenCommand<PostViewModel>] = [
        ScreenCommand("like", "", "like this post", when: { $0.exists }) { model, _ in await model.setLiked(true) },
        ScreenCommand("unlike", "", "take your like back", when: { $0.exists }) { model, _ in await model.setLiked(false) },
        ScreenCommand("comments", "", "read the comments", when: { $0.exists }) { model, _ in
            guard model.post != nil else { return .failed("post \(model.postID) does not exist") }
            return navigate { () throws(NavigationError) in try model.router.push(.comments) }
        },
        ScreenCommand("author", "", "open the author's profile", when: { $0.exists }) { model, _ in
            guard let post = model.post else { return .failed("post \(model.postID) does not exist") }
            return navigate { () throws(NavigationError) in try model.router.push(.person(id: post.authorID)) }
        },
        ScreenCommand("reload", "", "load the post again") { model, _ in
            do throws(ServiceError) {
                try await model.reload()
            } catch {
                return .failed(error.message)
            }
            return .done(nil)
        },
    ]

    public func load() async throws(ServiceError) {
        guard !loaded else { return }
        try await reload()
    }

    func reload() async throws(ServiceError) {
        post = try await posts.post(id: postID)
        isLiked = try await posts.isLiked(postID: postID, by: viewerID)
        if let post { author = try await users.user(id: post.authorID) }
        loaded = true
    }

    /// Optimistic: the like shows at once; when the service fails it is rolled back and
    /// the failure is shown.
    func setLiked(_ liked: Bool) async -> ReplReply {
        guard var current = post else { return .failed("post \(postID) does not exist") }
        guard isLiked != liked else { return .failed(liked ? "you already like this post" : "you do not like this post") }
        let before = (post: current, isLiked: isLiked)
        current.likeCount += liked ? 1 : -1
        post = current
        isLiked = liked
        do {
            let count = try await posts.setLiked(liked, postID: postID, by: viewerID)
            post?.likeCount = count
            return .done(liked ? "Liked." : "Like taken back.")
        } catch {
            post = before.post
            isLiked = before.isLiked
            // The message belongs to this command's reply, not to the screen: it is shown
            // once, and a later render or reload does not repeat it.
            return .failed("Could not \(liked ? "like" : "unlike"): \(error.message). Rolled back.")
        }
    }

}
