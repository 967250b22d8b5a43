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
    /// Sessions that outlive the process.
    public var sessions: any SessionStore
    /// Where the services count their storage failures (how the shell tells a command that
    /// failed on storage from one refused).
    public var faults: StorageFaults

    /// A container of the given services.
    public init(
        auth: any AuthService, posts: any PostRepository, users: any UserRepository,
        settings: any SettingsService, sessions: any SessionStore = TransientSessionStore(), faults: StorageFaults = StorageFaults()
    ) {
        self.auth = auth
        self.posts = posts
        self.users = users
        self.settings = settings
        self.sessions = sessions
        self.faults = faults
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

extension Container {
    /// The services on the SQLite database in `directory`, which its first read or write
    /// opens (creating, migrating and seeding it with the demo data when new; see
    /// ``AppDatabase/init(path:migrations:faults:)``); sessions are remembered in its
    /// `session` file.
    /// - Throws: ``ServiceError`` when the directory cannot be created.
    public static func persistent(in directory: DataDirectory) throws(ServiceError) -> Container {
        let faults = StorageFaults()
        do {
            try directory.create()
        } catch {
            faults.record()
            throw ServiceError("cannot create the data directory: \(error)", kind: .storage)
        }
        let database = AppDatabase(path: directory.database, faults: faults)
        let settings = SQLiteSettingsService(database: database)
        return Container(
            auth: SQLiteAuthService(database: database),
            posts: SQLitePostRepository(database: database) { await settings.value(of: .flakyLikes) },
            users: SQLiteUserRepository(database: database),
            settings: settings,
            sessions: SQLiteSessionStore(database: database, tokenFile: directory.session),
            faults: faults
        )
    }
}
