/// The services the app runs on, behind their protocols.
public struct Container: Sendable {
    /// Signs users in and creates accounts.
    public var auth: any AuthService
    /// Posts, comments, likes.
    public var posts: any PostRepository
    /// Users.
    public var users: any UserRepository
    /// Preferences and feature flags.
    public var settings: any SettingsService

    /// A container of the given services.
    public init(auth: any AuthService, posts: any PostRepository, users: any UserRepository, settings: any SettingsService) {
        self.auth = auth
        self.posts = posts
        self.users = users
        self.settings = settings
    }

    /// The in-memory services on fresh demo data; likes fail while the `flaky-likes` flag is on.
    public static func demo() -> Container {
        let database = InMemoryDatabase()
        let settings = InMemorySettingsService(database: database)
        return Container(
            auth: InMemoryAuthService(database: database),
            posts: InMemoryPostRepository(database: database) { await settings.value(of: .flakyLikes) },
            users: InMemoryUserRepository(database: database),
            settings: settings
        )
    }
}
