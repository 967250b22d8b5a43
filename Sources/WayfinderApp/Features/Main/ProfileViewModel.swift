import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// A user's profile with their posts; the me tab shows the signed-in user's own.
@MainActor
public final class ProfileViewModel: ScreenModel, PostOpening {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let users: any UserRepository
    let settings: any FeatureFlagService
    /// Whose profile this is.
    public let userID: Int
    /// Whether it is the signed-in user's own profile.
    public let isOwnProfile: Bool
    /// The user, once loaded.
    public private(set) var user: User?
    /// Their posts, newest first.
    public private(set) var userPosts: [Post] = []
    private(set) var showsPostIDs = true

    /// Creates the view model; `settings` holds the `show-post-ids` flag.
    public init(
        router: any Routable<MainRoute>, posts: any PostRepository, users: any UserRepository, settings: any FeatureFlagService,
        userID: Int, isOwnProfile: Bool, isMeTab: Bool = false
    ) {
        self.isMeTab = isMeTab
        self.router = router
        self.posts = posts
        self.users = users
        self.settings = settings
        self.userID = userID
        self.isOwnProfile = isOwnProfile
    }

    /// Whether this is the me tab's root, where `compose` is offered.
    public let isMeTab: Bool

    public static let commands: [ScreenCommand<ProfileViewModel>] = [
        openPost("open one of the posts"),
        compose(when: { $0.isMeTab }),
    ]

    var shownPosts: [Post] { userPosts }

    public func load() async throws(ServiceError) {
        showsPostIDs = FeatureFlag.showPostIDs.value(in: try await settings.overrides())
        user = try await users.user(id: userID)
        userPosts = try await posts.posts(byAuthor: userID)
    }
}
