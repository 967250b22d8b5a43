import Wayfinder
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

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("user", "<id>", "open a commenter's profile"),
            ScreenCommand("reload", "", "load the comments again"),
        ]
    }

    public func load() async throws(ServiceError) {
        comments = try await posts.comments(onPost: postID)
        authors = try await loadingAuthors(of: comments.map(\.authorID), into: authors, from: users)
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "user":
            switch parseID(input.arguments, what: "user") {
            case .failure(let failure): return .failed(failure.message)
            case .success(let id):
                guard (try? await users.user(id: id)) ?? nil != nil else { return .failed("user \(id) does not exist") }
                return navigate { () throws(NavigationError) in try router.push(.user(id: id)) }
            }
        case "reload":
            // Loaded for this command already.
            return .done(nil)
        default:
            return nil
        }
    }

    public func completions(for command: String, argument index: Int) -> [String] {
        command == "user" && index == 0 ? Array(Set(comments.map { String($0.authorID) })).sorted() : []
    }

}
