import GRDB

/// ``AuthService`` on the SQLite database: passwords are checked against yescrypt hashes.
public struct SQLiteAuthService: AuthService {
    let database: AppDatabase
    /// Creates the service.
    public init(database: AppDatabase) { self.database = database }

    public func signIn(username: String, password: String) async throws(ServiceError) -> User {
        let found = try await database.read { db in
            try Credentials.filter(User.Columns.username == username).fetchOne(db)
        }
        guard let found else { throw ServiceError("unknown user '\(username)'") }
        guard PasswordHasher.verify(password, against: found.passwordHash) else { throw ServiceError("wrong password for '\(username)'", kind: .wrongPassword) }
        return found.user
    }

    public func register(username: String, password: String) async throws(ServiceError) -> User {
        if let problem = AccountRules.problem(username: username, password: password) { throw ServiceError(problem) }
        let hash = try PasswordHasher.hash(password)
        return try await database.write { db in
            if try Self.isTaken(username, in: db) { throw AccountRules.taken(username) }
            var account = NewAccount(username: username, displayName: username, bio: "", passwordHash: hash)
            try account.insert(db)
            return try User.find(db, key: account.id)
        }
    }

    public func checkAvailable(username: String) async throws(ServiceError) {
        if let problem = AccountRules.problem(username: username) { throw ServiceError(problem) }
        if try await database.read({ db in try Self.isTaken(username, in: db) }) { throw AccountRules.taken(username) }
    }

    private static func isTaken(_ username: String, in db: Database) throws -> Bool {
        try !User.filter(User.Columns.username == username).isEmpty(db)
    }
}

/// ``PostRepository`` on the SQLite database; likes fail while `failsLikes` says so.
public struct SQLitePostRepository: PostRepository {
    let database: AppDatabase
    let failsLikes: @Sendable () async throws(ServiceError) -> Bool

    /// Creates the repository.
    /// - Parameters:
    ///   - database: The database.
    ///   - failsLikes: Asked before each like; `true` makes it fail (the `flaky-likes` flag),
    ///     and its error fails the like.
    public init(database: AppDatabase, failsLikes: @escaping @Sendable () async throws(ServiceError) -> Bool = { false }) {
        self.database = database
        self.failsLikes = failsLikes
    }

    public func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage {
        let size = max(1, size)
        return try await database.read { db in
            let total = try RenderRequests.postCount.fetchOne(db) ?? 0
            let pageCount = max(1, (total + size - 1) / size)
            let number = min(max(1, number), pageCount)
            let posts = try RenderRequests.page(size: size, offset: (number - 1) * size).fetchAll(db)
            return PostPage(posts: posts, number: number, pageCount: pageCount)
        }
    }

    public func post(id: Int) async throws(ServiceError) -> Post? {
        try await database.read { db in try RenderRequests.post(id: id).fetchOne(db) }
    }

    public func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post] {
        try await database.read { db in
            try RenderRequests.posts(byAuthor: authorID).fetchAll(db)
        }
    }

    public func search(_ query: String) async throws(ServiceError) -> [Post] {
        try UserText.check(query, field: .search)
        let matcher = SearchMatcher(query)
        // Matched in Swift, by the rule the in-memory repository uses: SQLite's lower() folds
        // ASCII only and instr() compares bytes, so neither `CAFÉ` nor a combining accent would
        // match. Every post is read and folded once per search, linear in all the text stored
        // (fine for the demo's posts; a large database would want a folded column or a
        // full-text index: no index helps a substring search).
        return try await database.read { db in
            try Array(Post.order(Post.Columns.id.desc).fetchCursor(db).filter { matcher.matches(title: $0.title, body: $0.body) })
        }
    }

    public func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment] {
        try await database.read { db in
            try RenderRequests.comments(onPost: postID).fetchAll(db)
        }
    }

    public func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post {
        try UserText.check(title, field: .title)
        try UserText.check(body, field: .body)
        return try await database.write { db in
            var post = NewPost(authorID: authorID, title: title, body: body)
            try post.insert(db)
            return try Post.find(db, key: post.id)
        }
    }

    public func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool {
        try await database.read { db in try RenderRequests.isLiked(postID: postID, by: userID).fetchOne(db) == true }
    }

    public func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int {
        if try await failsLikes() { throw ServiceError("the network is unreachable (flaky-likes is on)") }
        return try await database.write { db in
            guard try Post.exists(db, id: postID) else { throw ServiceError("post \(postID) does not exist") }
            let like = PostLike(postID: postID, userID: userID)
            if liked {
                try like.insert(db, onConflict: .ignore)
            } else {
                try like.delete(db)
            }
            return try PostLike.filter(PostLike.Columns.postID == postID).fetchCount(db)
        }
    }
}

/// ``UserRepository`` on the SQLite database.
public struct SQLiteUserRepository: UserRepository {
    let database: AppDatabase
    /// Creates the repository.
    public init(database: AppDatabase) { self.database = database }

    public func user(id: Int) async throws(ServiceError) -> User? {
        try await database.read { db in try RenderRequests.user(id: id).fetchOne(db) }
    }

    /// The row is updated only where it still holds `original`'s values: compared in the
    /// `UPDATE` itself, under the write lock, so that no other process can save in between.
    public func update(_ user: User, replacing original: User?) async throws(ServiceError) {
        try UserText.check(user.displayName, field: .displayName)
        try UserText.check(user.bio, field: .bio)
        try await database.write { db in
            var stored = User.filter(id: user.id)
            if let original {
                stored = stored.filter(User.Columns.displayName == original.displayName && User.Columns.bio == original.bio)
            }
            let changed = try stored.updateAll(db, User.Columns.displayName.set(to: user.displayName), User.Columns.bio.set(to: user.bio))
            guard changed == 0 else { return }
            throw try User.exists(db, id: user.id) ? ServiceError.profileChanged(user.id) : ServiceError("user \(user.id) does not exist")
        }
    }
}

/// ``FeatureFlagService`` on the SQLite database.
///
/// Screens read feature flags on every render, so a flag changed here or by another process
/// using the same data shows on the next screen.
public struct SQLiteFeatureFlagService: FeatureFlagService {
    let database: AppDatabase

    /// Creates the service.
    public init(database: AppDatabase) { self.database = database }

    public func value(of flag: FeatureFlag) async throws(ServiceError) -> Bool {
        flag.value(in: try await overrides())
    }

    public func setOverride(_ value: Bool?, for flag: FeatureFlag) async throws(ServiceError) {
        try await database.write { db in
            if let value {
                try FlagOverride(id: flag.id, value: value).insert(db, onConflict: .replace)
            } else {
                try FlagOverride.deleteOne(db, key: flag.id)
            }
        }
    }

    public func overrides() async throws(ServiceError) -> [String: Bool] {
        try await database.read { db in
            try Dictionary(RenderRequests.flagOverrides.fetchAll(db).map { ($0.id, $0.value) }, uniquingKeysWith: { _, last in last })
        }
    }
}
