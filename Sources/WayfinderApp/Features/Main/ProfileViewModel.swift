import Wayfinder
import WayfinderTerminal

/// A user's profile with their posts; the me tab shows the signed-in user's own.
@MainActor
public final class ProfileViewModel: ScreenModel {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let users: any UserRepository
    /// Whose profile this is.
    public let userID: Int
    /// Whether it is the signed-in user's own profile.
    public let isOwnProfile: Bool
    /// The user, once loaded.
    public private(set) var user: User?
    /// Their posts, newest first.
    public private(set) var userPosts: [Post] = []

    /// Creates the view model.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, users: any UserRepository, userID: Int, isOwnProfile: Bool, isMeTab: Bool = false) {
        self.isMeTab = isMeTab
        self.router = router
        self.posts = posts
        self.users = users
        self.userID = userID
        self.isOwnProfile = isOwnProfile
    }

    /// Whether this is the me tab's root, where `compose` is offered.
    public let isMeTab: Bool

    public var commands: [ScreenCommand] {
        var list = [ScreenCommand("post", "<id>", "open one of the posts")]
        if isMeTab { list.append(ScreenCommand("compose", "", "write a new post")) }
        return list
    }

    public func load() async throws(ServiceError) {
        user = try await users.user(id: userID)
        userPosts = try await posts.posts(byAuthor: userID)
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "post":
            return await openPost(input.arguments, router: router, posts: posts)
        case "compose" where isMeTab:
            return navigate { () throws(NavigationError) in try router.present(.compose) }
        default:
            return nil
        }
    }

    public func completions(for command: String, argument index: Int) -> [String] {
        command == "post" && index == 0 ? userPosts.map { String($0.id) } : []
    }

}
