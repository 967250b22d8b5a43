import GRDB
import GRDBSQLite
import Synchronization
import WayfinderSystem

/// The app's SQLite database, through GRDB: versioned migrations, WAL mode, the demo data
/// seeded on first run.
///
/// One connection: the app runs one command at a time, so a pool of readers would only add
/// connections to open and a pool to go through for every read. WAL mode (kept in the file)
/// lets other processes on the same data read while this one writes, and the other way round.
public struct AppDatabase: Sendable {
    /// The file.
    public let path: String
    /// The connection, once open.
    private let connection: Connection

    /// Opens (creating and migrating when needed) the database at `path`.
    /// - Throws: ``ServiceError`` naming the file when it cannot be opened or migrated.
    public init(path: String) throws(ServiceError) {
        self.init(openingWhenNeeded: path)
        _ = try connection.queue()
    }

    /// The database at `path`, opened (created, migrated) by its first read or write; a
    /// failure to open it comes out of that read or write (and the next one tries again).
    /// For short runs that may need no data at all (`wayfinder open` while signed out).
    public init(openingWhenNeeded path: String) {
        self.path = path
        self.connection = Connection(path: path)
    }

    /// Opens the connection: persistent WAL, foreign keys, a busy timeout, then migrations.
    static func open(_ path: String) throws(ServiceError) -> DatabaseQueue {
        let queue: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(5)
            // Persistent WAL (GRDB's advice for databases shared between processes): the
            // `-wal` and `-shm` files stay when the last connection closes, so that a short
            // run such as `wayfinder open` neither writes to make them again nor syncs.
            configuration.prepareDatabase { db in
                let code = keepWALFiles(db.sqliteConnection)
                guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                // WAL is a property of the file: this only changes a new (or rolled-back) one.
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseError(message: "could not turn on WAL mode")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
            }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            // At the schema already (every start but the first): one query instead of the
            // migrator's own checks, which go through GRDB's schema and query machinery.
            let applied = queue.writeWithoutTransaction { db in
                try? String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
            if applied != migrator.migrations { try migrator.migrate(queue) }
        } catch {
            throw ServiceError("cannot open the database \(path): \(error)")
        }
        try check(queue, path: path)
        // The database holds password hashes and session tokens: owner only.
        for suffix in ["", "-wal", "-shm"] { try? FileSystem.setMode(0o600, of: path + suffix) }
        return queue
    }

    /// Refuses a damaged database at open, before any screen shows its data: `PRAGMA
    /// quick_check` reads every page (about 50 µs on the demo data's 80 KB, growing with
    /// the file; Benchmarks/analysis.md).
    private static func check(_ queue: DatabaseQueue, path: String) throws(ServiceError) {
        let problems: [String]
        do {
            problems = try queue.writeWithoutTransaction { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        } catch {
            problems = ["\(error)"]
        }
        guard problems != ["ok"] else { return }
        let first = problems.first ?? "no answer"
        throw ServiceError("the database \(path) is damaged (\(first)): run `wayfinder reset` for fresh demo data, or restore a copy of it")
    }

    /// The size, in bytes, past which the `-wal` file is cut back after a checkpoint
    /// (`PRAGMA journal_size_limit`). Set on every connection, it also makes the last one to
    /// close empty the file once its pages are in the database: without it the file keeps
    /// its frames, and every later connection reads all of them again (and writes them
    /// back, with three syncs, when it closes), even one that only reads a row.
    static let walSizeLimit = 1 << 20

    /// Sets `connection` to leave the `-wal` and `-shm` files in place when it closes last
    /// (`SQLITE_FCNTL_PERSIST_WAL`); returns SQLite's result code.
    static func keepWALFiles(_ connection: OpaquePointer?) -> CInt {
        var flag: CInt = 1
        return withUnsafeMutablePointer(to: &flag) { pointer in
            sqlite3_file_control(connection, nil, SQLITE_FCNTL_PERSIST_WAL, pointer)
        }
    }

    /// The schema's history; each migration runs once, in order, in a transaction.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 schema") { db in try db.execute(sql: schemaV1) }
        migrator.registerMigration("v1 demo data", migrate: insertDemoData)
        migrator.registerMigration("v2 post counts") { db in try db.execute(sql: postCountsV2) }
        return migrator
    }

    /// Each post's likes and comments counted in its row, kept by triggers as rows come and
    /// go: the feed shows them at every render, and counting them there took an eighth of a
    /// REPL command (Benchmarks/analysis.md). Existing posts are counted once, here.
    static let postCountsV2 = """
        ALTER TABLE post ADD COLUMN likeCount INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE post ADD COLUMN commentCount INTEGER NOT NULL DEFAULT 0;
        UPDATE post SET
            likeCount = (SELECT COUNT(*) FROM postLike WHERE postLike.postID = post.id),
            commentCount = (SELECT COUNT(*) FROM comment WHERE comment.postID = post.id);
        """ + countingTriggers(of: "postLike", into: "likeCount") + countingTriggers(of: "comment", into: "commentCount")

    /// Triggers that keep `post.<column>` the number of rows of `table` that name the post
    /// (`postID`), as rows are added, removed or moved to another post.
    private static func countingTriggers(of table: String, into column: String) -> String {
        """
        CREATE TRIGGER \(table)_added AFTER INSERT ON \(table) BEGIN
            UPDATE post SET \(column) = \(column) + 1 WHERE id = NEW.postID;
        END;
        CREATE TRIGGER \(table)_removed AFTER DELETE ON \(table) BEGIN
            UPDATE post SET \(column) = \(column) - 1 WHERE id = OLD.postID;
        END;
        CREATE TRIGGER \(table)_moved AFTER UPDATE OF postID ON \(table) BEGIN
            UPDATE post SET \(column) = \(column) - 1 WHERE id = OLD.postID;
            UPDATE post SET \(column) = \(column) + 1 WHERE id = NEW.postID;
        END;

        """
    }

    /// The tables and indexes of the first version.
    static let schemaV1 = """
        CREATE TABLE user (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            username TEXT NOT NULL UNIQUE,
            displayName TEXT NOT NULL,
            bio TEXT NOT NULL,
            passwordHash TEXT NOT NULL);
        CREATE TABLE post (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            authorID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            body TEXT NOT NULL);
        CREATE INDEX post_author ON post(authorID);
        CREATE TABLE comment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            postID INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            authorID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            text TEXT NOT NULL);
        CREATE INDEX comment_post ON comment(postID);
        CREATE TABLE postLike (
            postID INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            userID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            PRIMARY KEY (postID, userID));
        CREATE TABLE notificationSetting (
            userID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            enabled BOOLEAN NOT NULL,
            PRIMARY KEY (userID, kind));
        CREATE TABLE flagOverride (
            id TEXT PRIMARY KEY,
            value BOOLEAN NOT NULL);
        CREATE TABLE session (
            token TEXT PRIMARY KEY,
            userID INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            createdAt TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
        """

    /// The demo data: users (with the demo password), posts, comments and likes.
    static func insertDemoData(_ db: Database) throws {
        for user in DemoData.users {
            // A ServiceError thrown here aborts the migration and comes out of init.
            let hash = try PasswordHasher.hash(DemoData.password)
            try db.execute(
                sql: "INSERT INTO user (id, username, displayName, bio, passwordHash) VALUES (?, ?, ?, ?, ?)",
                arguments: [user.id, user.username, user.displayName, user.bio, hash]
            )
        }
        for post in DemoData.posts {
            try db.execute(
                sql: "INSERT INTO post (id, authorID, title, body) VALUES (?, ?, ?, ?)",
                arguments: [post.id, post.authorID, post.title, post.body]
            )
        }
        for comment in DemoData.comments {
            try db.execute(
                sql: "INSERT INTO comment (id, postID, authorID, text) VALUES (?, ?, ?, ?)",
                arguments: [comment.id, comment.postID, comment.authorID, comment.text]
            )
        }
        for like in DemoData.likes.sorted(by: { ($0.postID, $0.userID) < ($1.postID, $1.userID) }) {
            try db.execute(sql: "INSERT INTO postLike (postID, userID) VALUES (?, ?)", arguments: [like.postID, like.userID])
        }
    }

    /// Runs `work` in a read (deferred) transaction on the caller's thread (a local database
    /// answers in microseconds: no hop to another thread and back); database errors become
    /// ``ServiceError``s. GRDB's own `read` would also switch the connection to read-only and
    /// back, two more statements for every read.
    func read<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try inTransaction(.deferred, work)
    }

    /// Runs `work`, which reads with a single statement, on the caller's thread outside any
    /// transaction: one statement reads one snapshot of the database by itself, and `BEGIN`
    /// and `COMMIT` around it would be two more statements (about a twentieth of a REPL
    /// command's work, for the several reads a screen makes). Database errors become
    /// ``ServiceError``s.
    func readOne<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try onConnection(work)
    }

    /// Runs `work` in a write (immediate) transaction on the caller's thread; database
    /// errors become ``ServiceError``s.
    func write<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try inTransaction(.immediate, work)
    }

    /// Runs `work` in a transaction of `kind` on the calling thread; rolls back when it throws.
    /// `BEGIN` and `COMMIT` are cached statements (GRDB's `inTransaction` parses them anew
    /// each time).
    private func inTransaction<T>(_ kind: TransactionKind, _ work: (Database) throws -> T) throws(ServiceError) -> T {
        try onConnection { db in
            try db.cachedStatement(sql: kind.begin).execute()
            do {
                let result = try work(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return result
            } catch {
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                throw error
            }
        }
    }

    /// Runs `work` on the connection (opened first when needed), on the calling thread, in
    /// no transaction of its own; database errors become ``ServiceError``s.
    private func onConnection<T>(_ work: (Database) throws -> T) throws(ServiceError) -> T {
        do {
            return try connection.queue().writeWithoutTransaction(work)
        } catch {
            throw ServiceError.database(error)
        }
    }

    /// How a transaction takes its locks.
    private enum TransactionKind {
        /// Reads: the snapshot is taken at the first read.
        case deferred
        /// Writes: the write lock is taken at once, so that two writers wait for each other
        /// (the busy timeout) instead of failing to upgrade a read lock.
        case immediate

        var begin: String {
            switch self {
            case .deferred: "BEGIN DEFERRED TRANSACTION"
            case .immediate: "BEGIN IMMEDIATE TRANSACTION"
            }
        }
    }
}

extension ServiceError {
    /// A database failure as a message for the user; a ``ServiceError`` thrown inside a
    /// transaction comes out as it was.
    static func database(_ error: any Error) -> ServiceError {
        if let error = error as? ServiceError { return error }
        return ServiceError("the database failed: \(error). It may be damaged: run `wayfinder reset` for fresh demo data, or restore a copy of the database")
    }
}

/// The one connection of an ``AppDatabase``, opened on first use; shared by its copies.
private final class Connection: Sendable {
    let path: String
    private let opened = Mutex<DatabaseQueue?>(nil)

    init(path: String) {
        self.path = path
    }

    /// Whether it has been opened.
    var isOpen: Bool { opened.withLock { $0 != nil } }

    /// The open connection; opens it first when needed.
    func queue() throws(ServiceError) -> DatabaseQueue {
        let result: Result<DatabaseQueue, ServiceError> = opened.withLock { opened in
            if let opened { return .success(opened) }
            do throws(ServiceError) {
                let queue = try AppDatabase.open(path)
                opened = queue
                return .success(queue)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

