import GRDB

/// The schema's history, and how a database is brought up to it.
extension AppDatabase {
    /// One step of the schema's history: its identifier (kept in `grdb_migrations`, the
    /// table GRDB's `DatabaseMigrator` kept for the databases made before) and its work.
    struct Migration: Sendable {
        let identifier: String
        let run: @Sendable (Database) throws -> Void
    }

    /// The steps, in order. A new one goes at the end; a step is never changed once
    /// released, so that a database made by any earlier version migrates.
    static let migrations: [Migration] = [
        Migration(identifier: "v1 schema") { db in try db.execute(sql: schemaV1) },
        Migration(identifier: "v1 demo data", run: insertDemoData),
        Migration(identifier: "v2 post counts") { db in try db.execute(sql: postCountsV2) },
    ]

    /// Brings the database up to ``migrations``: every step not yet applied, all of them in
    /// ONE immediate transaction that also reads which are applied. Several processes
    /// starting at once on a new data directory therefore migrate (and seed the demo data)
    /// once: the first takes the write lock, the others wait for it (the busy timeout),
    /// then find every step applied and do nothing. (GRDB's `DatabaseMigrator` reads the
    /// applied steps before it takes the lock, and gives each step its own transaction: two
    /// processes could both seed.)
    ///
    /// Foreign keys are off while it runs, so that a step may rebuild a table (SQLite's
    /// advice for schema changes), and checked before the commit.
    static func migrate(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            // Every start but the first: one read, no write lock.
            let applied = try? String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            if applied == migrations.map(\.identifier) { return }
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            do {
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                    let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                    for migration in migrations where !applied.contains(migration.identifier) {
                        try migration.run(db)
                        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                    }
                    try db.checkForeignKeys()
                    return .commit
                }
            } catch {
                try? db.execute(sql: "PRAGMA foreign_keys = ON")
                throw error
            }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
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
}
