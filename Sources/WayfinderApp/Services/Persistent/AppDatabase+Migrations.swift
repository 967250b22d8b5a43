import GRDB

/// One step of the schema's history: its identifier (recorded by GRDB's `DatabaseMigrator`
/// in the database once applied) and its work. A step is never changed once released, nor
/// its identifier, so that a database made by any earlier version migrates.
public struct DatabaseMigration: Sendable {
    /// Its identifier.
    let identifier: String
    /// Its work, in the transaction that records it.
    let run: @Sendable (Database) throws -> Void

    /// A step named `identifier` doing `run`.
    init(_ identifier: String, run: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.run = run
    }
}

/// The schema's history, and how a database is brought up to it.
extension AppDatabase {
    /// The app's own steps, in order; a new one goes at the end. The features' steps
    /// (``FeatureStorage``) come after these.
    static let migrations: [DatabaseMigration] = [
        DatabaseMigration("v1 schema") { db in try db.execute(sql: schemaV1) },
        DatabaseMigration("v1 demo data", run: insertDemoData),
        DatabaseMigration("v2 post counts") { db in try db.execute(sql: postCountsV2) },
    ]

    /// GRDB's migrator with the app's steps, then `features`'.
    static func migrator(with features: [DatabaseMigration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations + features {
            migrator.registerMigration(migration.identifier, migrate: migration.run)
        }
        return migrator
    }

    /// Brings the database up to `migrator`.
    ///
    /// A new database is migrated before any other process sees it (``create(_:with:)``);
    /// this upgrades one an earlier version made, which other processes may be upgrading
    /// at the same time. The migrator applies each step in an immediate transaction that
    /// also records it, and a step is recorded once (its identifier is the key of GRDB's
    /// table): a process that runs a step another one applied meanwhile fails, and its
    /// transaction is rolled back. It then reads what is applied again, and carries on
    /// while the others make progress.
    ///
    /// Foreign keys are off while a step runs, so that it may rebuild a table (SQLite's
    /// advice for schema changes), and checked before its commit (the migrator's default).
    static func migrate(_ queue: DatabaseQueue, with migrator: DatabaseMigrator) throws {
        // Every start but the first: one read, no write lock.
        var applied = try queue.read { db in try migrator.appliedIdentifiers(db) }
        while !migrator.migrations.allSatisfy(applied.contains) {
            do {
                try migrator.migrate(queue)
                return
            } catch {
                let now = try queue.read { db in try migrator.appliedIdentifiers(db) }
                // Nothing applied since the last try, by this process or another: the
                // failure is no race.
                guard now.isStrictSuperset(of: applied) else { throw error }
                applied = now
            }
        }
    }

    /// Each post's likes and comments counted in its row, kept by triggers as rows come and
    /// go: the feed shows them at every render, which then reads two columns instead of
    /// counting rows for each post it shows. Existing posts are counted once, here.
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

    /// The tables and indexes of the first version. (It made Settings' `notificationSetting`
    /// too, before the feature kept its own table: ``FeatureStorage/settings`` makes it, the
    /// same, in a new database, and leaves it as it is in those made before.)
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
