/// The services the app runs on, behind their protocols.
public struct Container: Sendable {
    /// Signs users in and creates accounts.
    public var auth: any AuthService
    /// Posts, comments, likes.
    public var posts: any PostRepository
    /// Users.
    public var users: any UserRepository
    /// Feature-flag overrides.
    public var flags: any FeatureFlagService
    /// Sessions that outlive the process.
    public var sessions: any SessionStore
    /// Where the services count their storage failures (how the shell tells a command that
    /// failed on storage from one refused).
    public var faults: StorageFaults
    /// The services the features add (``FeatureStorage``), found by their type.
    var featureServices: [any Sendable]

    /// A container of the given services, and of the features' services on fresh
    /// in-memory data.
    public init(
        auth: any AuthService, posts: any PostRepository, users: any UserRepository,
        flags: any FeatureFlagService, sessions: any SessionStore = TransientSessionStore(), faults: StorageFaults = StorageFaults()
    ) {
        self.init(
            auth: auth, posts: posts, users: users, flags: flags, sessions: sessions, faults: faults,
            featureServices: FeatureStorage.all.map { $0.inMemory() })
    }

    /// A container of the given services, the features' included.
    init(
        auth: any AuthService, posts: any PostRepository, users: any UserRepository, flags: any FeatureFlagService,
        sessions: any SessionStore, faults: StorageFaults, featureServices: [any Sendable]
    ) {
        self.auth = auth
        self.posts = posts
        self.users = users
        self.flags = flags
        self.sessions = sessions
        self.faults = faults
        self.featureServices = featureServices
    }

    /// The service of type `Service` a feature added (``FeatureStorage``); `nil` when no
    /// feature of ``FeatureStorage/all`` adds one.
    func service<Service>(_ type: Service.Type) -> Service? {
        for service in featureServices {
            if let service = service as? Service { return service }
        }
        return nil
    }

    /// The in-memory services on fresh demo data; likes fail while the `flaky-likes` flag is on.
    public static func demo() -> Container {
        let database = InMemoryDatabase()
        let flags = InMemoryFeatureFlagService(database: database)
        return Container(
            auth: InMemoryAuthService(database: database),
            posts: InMemoryPostRepository(database: database) { () async throws(ServiceError) in try await flags.value(of: .flakyLikes) },
            users: InMemoryUserRepository(database: database),
            flags: flags
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
        let features = FeatureStorage.all
        let database = AppDatabase(path: directory.database, migrations: features.flatMap(\.migrations), faults: faults)
        let flags = SQLiteFeatureFlagService(database: database)
        return Container(
            auth: SQLiteAuthService(database: database),
            posts: SQLitePostRepository(database: database) { () async throws(ServiceError) in try await flags.value(of: .flakyLikes) },
            users: SQLiteUserRepository(database: database),
            flags: flags,
            sessions: SQLiteSessionStore(database: database, tokenFile: directory.session),
            faults: faults,
            featureServices: features.map { $0.sqlite(database) }
        )
    }
}
