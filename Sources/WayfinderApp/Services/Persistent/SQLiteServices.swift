import GRDB

extension Statement {
    /// The statement's rows for `arguments`, each made into a value by `make` while it is the
    /// statement's current row (GRDB's `Row` cursor: no row is copied).
    func fetchAll<Value>(arguments: StatementArguments = [], _ make: (Row) throws -> Value) throws -> [Value] {
        let rows = try Row.fetchCursor(self, arguments: arguments)
        var values: [Value] = []
        while let row = try rows.next() { values.append(try make(row)) }
        return values
    }

    /// The row of a statement that selects at most one (by a unique key), made into a value
    /// by `make`. The statement is reset once read (the cursor's end), which ends its read.
    func fetchOne<Value>(arguments: StatementArguments = [], _ make: (Row) throws -> Value) throws -> Value? {
        try fetchAll(arguments: arguments, make).first
    }
}

extension User {
    /// The columns ``init(row:)`` reads, in their order.
    static let columns = "user.id, user.username, user.displayName, user.bio"

    /// A user from a row that starts with ``columns``.
    init(row: Row) throws {
        self.init(id: try row.decode(atIndex: 0), username: try row.decode(atIndex: 1), displayName: try row.decode(atIndex: 2), bio: try row.decode(atIndex: 3))
    }
}

extension Post {
    /// Selects a post with its like and comment counts (kept in its row: `AppDatabase.postCountsV2`).
    static let selection = "SELECT post.id, post.authorID, post.title, post.body, post.likeCount, post.commentCount FROM post"

    /// A post from a row of ``selection``.
    init(row: Row) throws {
        self.init(
            id: try row.decode(atIndex: 0), authorID: try row.decode(atIndex: 1), title: try row.decode(atIndex: 2),
            body: try row.decode(atIndex: 3), likeCount: try row.decode(atIndex: 4), commentCount: try row.decode(atIndex: 5))
    }
}

/// ``AuthService`` on the SQLite database: passwords are checked against yescrypt hashes.
public struct SQLiteAuthService: AuthService {
    let database: AppDatabase
    /// Creates the service.
    public init(database: AppDatabase) { self.database = database }

    public func signIn(username: String, password: String) async throws(ServiceError) -> User {
        let found = try await database.readOne { db in
            try db.cachedStatement(sql: "SELECT \(User.columns), user.passwordHash FROM user WHERE username = ?")
                .fetchOne(arguments: [username]) { (try User(row: $0), try $0.decode(String.self, atIndex: 4)) }
        }
        guard let (user, hash) = found else { throw ServiceError("unknown user '\(username)'") }
        guard PasswordHasher.verify(password, against: hash) else { throw ServiceError("wrong password for '\(username)'", kind: .wrongPassword) }
        return user
    }

    public func register(username: String, password: String) async throws(ServiceError) -> User {
        if let problem = AccountRules.problem(username: username, password: password) { throw ServiceError(problem) }
        let hash = try PasswordHasher.hash(password)
        return try await database.write { db in
            if try Self.isTaken(username, in: db) { throw AccountRules.taken(username) }
            try db.execute(
                sql: "INSERT INTO user (username, displayName, bio, passwordHash) VALUES (?, ?, '', ?)",
                arguments: [username, username, hash]
            )
            return User(id: Int(db.lastInsertedRowID), username: username, displayName: username, bio: "")
        }
    }

    public func checkAvailable(username: String) async throws(ServiceError) {
        if let problem = AccountRules.problem(username: username) { throw ServiceError(problem) }
        if try await database.readOne({ db in try Self.isTaken(username, in: db) }) { throw AccountRules.taken(username) }
    }

    private static func isTaken(_ username: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM user WHERE username = ?)"), arguments: [username]) == true
    }
}

/// ``PostRepository`` on the SQLite database; likes fail while `failsLikes` says so.
public struct SQLitePostRepository: PostRepository {
    let database: AppDatabase
    let failsLikes: @Sendable () async -> Bool

    /// Creates the repository.
    public init(database: AppDatabase, failsLikes: @escaping @Sendable () async -> Bool = { false }) {
        self.database = database
        self.failsLikes = failsLikes
    }

    public func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage {
        let size = max(1, size)
        // The feed asks for its page on every render: kept until something is committed.
        return try await database.read { db in
            let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM post")) ?? 0
            let pageCount = max(1, (total + size - 1) / size)
            let number = min(max(1, number), pageCount)
            let posts = try db.cachedStatement(sql: Post.selection + " ORDER BY post.id DESC LIMIT ? OFFSET ?")
                .fetchAll(arguments: [size, (number - 1) * size], Post.init(row:))
            return PostPage(posts: posts, number: number, pageCount: pageCount)
        }
    }

    public func post(id: Int) async throws(ServiceError) -> Post? {
        try await database.readOne { db in
            try db.cachedStatement(sql: Post.selection + " WHERE post.id = ?").fetchOne(arguments: [id], Post.init(row:))
        }
    }

    public func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post] {
        try await database.readOne { db in
            try db.cachedStatement(sql: Post.selection + " WHERE post.authorID = ? ORDER BY post.id DESC")
                .fetchAll(arguments: [authorID], Post.init(row:))
        }
    }

    public func search(_ query: String) async throws(ServiceError) -> [Post] {
        try UserText.check(query, field: .search)
        let matcher = SearchMatcher(query)
        // Matched in Swift, by the rule the in-memory repository uses: SQLite's lower() folds
        // ASCII only and instr() compares bytes, so neither `CAFÉ` nor a combining accent would
        // match. The cost: every post's title and text are read and folded once per search,
        // linear in all the text stored (fine for the demo's posts; a large database would want
        // a folded column or a full-text index). Only the matches are then read whole, with
        // their counts. The matcher registered as an SQL function would run in the WHERE
        // clause instead, but would still read every row: no index helps a substring search.
        return try await database.read { db in
            let ids = try db.cachedStatement(sql: "SELECT id, title, body FROM post ORDER BY id DESC")
                .fetchAll { row -> Int? in try matcher.matches(title: row.decode(atIndex: 1), body: row.decode(atIndex: 2)) ? row.decode(Int.self, atIndex: 0) : nil }
                .compactMap { $0 }
            let byID = try db.cachedStatement(sql: Post.selection + " WHERE post.id = ?")
            return try ids.compactMap { id in try byID.fetchOne(arguments: [id], Post.init(row:)) }
        }
    }

    public func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment] {
        try await database.readOne { db in
            try db.cachedStatement(sql: "SELECT id, postID, authorID, text FROM comment WHERE postID = ? ORDER BY id").fetchAll(arguments: [postID]) {
                PostComment(id: try $0.decode(atIndex: 0), postID: try $0.decode(atIndex: 1), authorID: try $0.decode(atIndex: 2), text: try $0.decode(atIndex: 3))
            }
        }
    }

    public func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post {
        try UserText.check(title, field: .title)
        try UserText.check(body, field: .body)
        return try await database.write { db in
            try db.cachedStatement(sql: "INSERT INTO post (authorID, title, body) VALUES (?, ?, ?)").execute(arguments: [authorID, title, body])
            return Post(id: Int(db.lastInsertedRowID), authorID: authorID, title: title, body: body)
        }
    }

    public func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool {
        try await database.readOne { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM postLike WHERE postID = ? AND userID = ?)"), arguments: [postID, userID]) ?? false
        }
    }

    public func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int {
        if await failsLikes() { throw ServiceError("the network is unreachable (flaky-likes is on)") }
        return try await database.write { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM post WHERE id = ?)"), arguments: [postID]) == true else {
                throw ServiceError("post \(postID) does not exist")
            }
            if liked {
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO postLike (postID, userID) VALUES (?, ?)").execute(arguments: [postID, userID])
            } else {
                try db.cachedStatement(sql: "DELETE FROM postLike WHERE postID = ? AND userID = ?").execute(arguments: [postID, userID])
            }
            return try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM postLike WHERE postID = ?"), arguments: [postID]) ?? 0
        }
    }
}

/// ``UserRepository`` on the SQLite database.
public struct SQLiteUserRepository: UserRepository {
    let database: AppDatabase
    /// Creates the repository.
    public init(database: AppDatabase) { self.database = database }

    public func user(id: Int) async throws(ServiceError) -> User? {
        try await database.readOne { db in
            try db.cachedStatement(sql: "SELECT \(User.columns) FROM user WHERE id = ?").fetchOne(arguments: [id], User.init(row:))
        }
    }

    /// The row is updated only where it still holds `original`'s values: compared in the
    /// `UPDATE` itself, under the write lock, so that no other process can save in between.
    public func update(_ user: User, replacing original: User?) async throws(ServiceError) {
        try UserText.check(user.displayName, field: .displayName)
        try UserText.check(user.bio, field: .bio)
        try await database.write { db in
            if let original {
                try db.cachedStatement(sql: "UPDATE user SET displayName = ?, bio = ? WHERE id = ? AND displayName = ? AND bio = ?")
                    .execute(arguments: [user.displayName, user.bio, user.id, original.displayName, original.bio])
            } else {
                try db.cachedStatement(sql: "UPDATE user SET displayName = ?, bio = ? WHERE id = ?").execute(arguments: [user.displayName, user.bio, user.id])
            }
            guard db.changesCount == 0 else { return }
            let exists = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM user WHERE id = ?)"), arguments: [user.id]) == true
            throw exists ? ServiceError.profileChanged(user.id) : ServiceError("user \(user.id) does not exist")
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

    public func value(of flag: FeatureFlag) async -> Bool {
        flag.value(in: await overrides())
    }

    public func setOverride(_ value: Bool?, for flag: FeatureFlag) async throws(ServiceError) {
        try await database.write { db in
            if let value {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO flagOverride (id, value) VALUES (?, ?)").execute(arguments: [flag.id, value])
            } else {
                try db.cachedStatement(sql: "DELETE FROM flagOverride WHERE id = ?").execute(arguments: [flag.id])
            }
        }
    }

    public func overrides() async -> [String: Bool] {
        let overrides = try? await database.readOne { db -> [String: Bool] in
            var result: [String: Bool] = [:]
            for (id, value) in try db.cachedStatement(sql: "SELECT id, value FROM flagOverride").fetchAll({ (try $0.decode(String.self, atIndex: 0), try $0.decode(Bool.self, atIndex: 1)) }) {
                result[id] = value
            }
            return result
        }
        return overrides ?? [:]
    }
}
