import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The comments of the post below this screen in the stack.
@MainActor
public final class CommentsViewModel: ScreenModel {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let users: any UserRepository
    /// The post whose comments these are.
    public let postID: Int
    /// The comments, oldest first.
    public private(set) var comments: [PostComment] = []
    private(set) var authors: [Int: User] = [:]

    /// Creates the view model for the comments of post `postID`.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, users: any UserRepository, postID: Int) {
        self.router = router
        self.posts = posts
        self.users = users
        self.postID = postID
    }

    public static let commands: [ScreenCommand<CommentsViewModel>] = [
        ScreenCommand(
            "user", "<id>", "open a commenter's profile", arguments: 1...1,
            completions: { model, index in index == 0 ? Array(Set(model.comments.map { String($0.authorID) })).sorted() : [] }
        ) { model, input in
            switch parseID(input.arguments[0], what: "user") {
            case .failure(let failure): return .usageFailed(failure.message)
            case .success(let id):
                do {
                    guard try await model.users.user(id: id) != nil else { return .failed("user \(id) does not exist") }
                } catch {
                    return .failed(error)
                }
                return navigate { () throws(NavigationError) in try model.router.push(.person(id: id)) }
            }
        },
        // Loaded for this command already, before it runs.
        ScreenCommand("reload", "", "load the comments again") { _, _ in .done(nil) },
    ]

    public func load() async throws(ServiceError) {
        comments = try await posts.comments(onPost: postID)
        authors = try await loadingAuthors(of: comments.map(\.authorID), into: authors, from: users)
    }
}
