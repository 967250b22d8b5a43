import GRDB

/// A user as screens show it: a row of the `user` table, without its password hash.
extension User: FetchableRecord, TableRecord {
    /// The `user` table.
    public static let databaseTableName = "user"

    /// The columns a user is read from: all but the password hash, which only signing in
    /// reads.
    public static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.username, Columns.displayName, Columns.bio] }

    /// The user of `row`, which holds the columns of ``databaseSelection``.
    public init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: Columns.id), username: try row.decode(forColumn: Columns.username),
            displayName: try row.decode(forColumn: Columns.displayName), bio: try row.decode(forColumn: Columns.bio))
    }

    /// The table's columns.
    public enum Columns {
        /// Its id.
        public static let id = Column("id")
        /// The sign-in name.
        public static let username = Column("username")
        /// The name shown.
        public static let displayName = Column("displayName")
        /// The text about the user.
        public static let bio = Column("bio")
        /// The password's yescrypt hash.
        public static let passwordHash = Column("passwordHash")
    }
}

/// A user and their password hash, for signing in.
struct Credentials: FetchableRecord, TableRecord {
    static let databaseTableName = User.databaseTableName
    static var databaseSelection: [any SQLSelectable] { User.databaseSelection + [User.Columns.passwordHash] }

    let user: User
    let passwordHash: String

    init(row: Row) throws {
        user = try User(row: row)
        passwordHash = try row.decode(forColumn: User.Columns.passwordHash)
    }
}

/// A new account: its row of the `user` table, whose id SQLite gives at insertion.
struct NewAccount: Encodable, MutablePersistableRecord {
    static let databaseTableName = User.databaseTableName

    var id: Int?
    let username: String
    let displayName: String
    let bio: String
    let passwordHash: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = Int(inserted.rowID)
    }
}

/// A post with its like and comment counts (kept in its row by triggers:
/// `AppDatabase.postCountsV2`).
extension Post: FetchableRecord, TableRecord {
    /// The `post` table.
    public static let databaseTableName = "post"

    /// The columns a post is read from.
    public static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.authorID, Columns.title, Columns.body, Columns.likeCount, Columns.commentCount]
    }

    /// The post of `row`, which holds the columns of ``databaseSelection``.
    public init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: Columns.id), authorID: try row.decode(forColumn: Columns.authorID),
            title: try row.decode(forColumn: Columns.title), body: try row.decode(forColumn: Columns.body),
            likeCount: try row.decode(forColumn: Columns.likeCount), commentCount: try row.decode(forColumn: Columns.commentCount))
    }

    /// The table's columns.
    public enum Columns {
        /// Its id.
        public static let id = Column("id")
        /// Who wrote it.
        public static let authorID = Column("authorID")
        /// The title.
        public static let title = Column("title")
        /// The text.
        public static let body = Column("body")
        /// How many users like it.
        public static let likeCount = Column("likeCount")
        /// How many comments it has.
        public static let commentCount = Column("commentCount")
    }
}

/// A new post: its row of the `post` table, whose id SQLite gives at insertion (its counts
/// start at zero).
struct NewPost: Encodable, MutablePersistableRecord {
    static let databaseTableName = Post.databaseTableName

    var id: Int?
    let authorID: Int
    let title: String
    let body: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = Int(inserted.rowID)
    }
}

/// A comment: a row of the `comment` table.
extension PostComment: FetchableRecord, TableRecord {
    /// The `comment` table.
    public static let databaseTableName = "comment"

    /// The columns a comment is read from.
    public static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.postID, Columns.authorID, Columns.text] }

    /// The comment of `row`, which holds the columns of ``databaseSelection``.
    public init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: Columns.id), postID: try row.decode(forColumn: Columns.postID),
            authorID: try row.decode(forColumn: Columns.authorID), text: try row.decode(forColumn: Columns.text))
    }

    /// The table's columns.
    public enum Columns {
        /// Its id.
        public static let id = Column("id")
        /// The post it belongs to.
        public static let postID = Column("postID")
        /// Who wrote it.
        public static let authorID = Column("authorID")
        /// What it says.
        public static let text = Column("text")
    }
}

/// A like: a row of the `postLike` table, keyed by the post and the user.
struct PostLike: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "postLike"

    let postID: Int
    let userID: Int

    /// The table's columns.
    enum Columns {
        static let postID = Column(CodingKeys.postID)
    }
}

/// A feature flag's override: a row of the `flagOverride` table.
struct FlagOverride: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "flagOverride"

    /// The flag's id.
    let id: String
    let value: Bool
}

/// A session: a row of the `session` table (its `createdAt` is the time of insertion).
struct SessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"

    let token: String
    let userID: Int

    /// The table's columns.
    enum Columns {
        static let userID = Column(CodingKeys.userID)
    }
}

/// The reads screens make at every render (and the session check before every command), as
/// requests of SQL run on cached statements (GRDB's `SQLRequest(…, cached: true)`), whose rows
/// become values through the records; the other reads and the writes use the query interface.
/// A request of the query interface builds its SQL and prepares a new statement each time it
/// runs: through it, these reads took the piped REPL to 2,800–2,900 commands a second, under
/// its floor of 5,000 (`Benchmarks/scripts/repl_session.py`, 100,000 commands), against
/// 6,400–6,800 with these and 9,300–10,200 before (hand-read rows), on the same machine at
/// the same time.
enum RenderRequests {
    private static let post = "SELECT id, authorID, title, body, likeCount, commentCount FROM post"

    static let postCount = SQLRequest<Int>(sql: "SELECT COUNT(*) FROM post", cached: true)

    static func page(size: Int, offset: Int) -> SQLRequest<Post> {
        SQLRequest(sql: post + " ORDER BY id DESC LIMIT ? OFFSET ?", arguments: [size, offset], cached: true)
    }

    static func post(id: Int) -> SQLRequest<Post> {
        SQLRequest(sql: post + " WHERE id = ?", arguments: [id], cached: true)
    }

    static func posts(byAuthor authorID: Int) -> SQLRequest<Post> {
        SQLRequest(sql: post + " WHERE authorID = ? ORDER BY id DESC", arguments: [authorID], cached: true)
    }

    static func comments(onPost postID: Int) -> SQLRequest<PostComment> {
        SQLRequest(sql: "SELECT id, postID, authorID, text FROM comment WHERE postID = ? ORDER BY id", arguments: [postID], cached: true)
    }

    static func user(id: Int) -> SQLRequest<User> {
        SQLRequest(sql: "SELECT id, username, displayName, bio FROM user WHERE id = ?", arguments: [id], cached: true)
    }

    static func isLiked(postID: Int, by userID: Int) -> SQLRequest<Bool> {
        SQLRequest(sql: "SELECT EXISTS (SELECT 1 FROM postLike WHERE postID = ? AND userID = ?)", arguments: [postID, userID], cached: true)
    }

    static let flagOverrides = SQLRequest<FlagOverride>(sql: "SELECT id, value FROM flagOverride", cached: true)

    /// Changes when another connection commits.
    static let dataVersion = SQLRequest<Int>(sql: "PRAGMA data_version", cached: true)

    static func sessionExists(token: String) -> SQLRequest<Bool> {
        SQLRequest(sql: "SELECT EXISTS (SELECT 1 FROM session WHERE token = ?)", arguments: [token], cached: true)
    }
}
