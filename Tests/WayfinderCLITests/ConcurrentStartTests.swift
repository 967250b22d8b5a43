import Foundation
import GRDB
import Testing

/// Several processes starting at once on a new data directory: the database is made,
/// migrated and seeded once, by whichever comes first; the others wait and use it.
@Suite struct ConcurrentStartTests {
    /// The users and applied migrations of the database in `directory`.
    static func contents(of directory: String) throws -> (users: [String], migrations: [String]) {
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT username FROM user ORDER BY username"),
             try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"))
        }
    }

    @Test func processesStartedTogetherOnANewDataDirectoryAllStartAndSeedOnce() throws {
        // What one process alone makes: the expected users and migrations.
        let alone = try CLI.temporaryDirectory() + "/data"
        let single = try CLI.run(["--data-dir", alone], stdin: "login alice\nwonderland\nquit\n")
        #expect(single.status == 0, "\(single.stderr)")
        let expected = try Self.contents(of: alone)
        #expect(!expected.users.isEmpty && !expected.migrations.isEmpty)

        for _ in 0..<4 {
            // Not created yet: every process finds no database and no directory.
            let directory = try CLI.temporaryDirectory() + "/data"
            let processes = try (0..<6).map { _ in try LiveProcess(["--data-dir", directory]) }
            for process in processes { process.send("login alice\nwonderland\nwhere\n") }
            for process in processes {
                let (status, rest) = try process.finish()
                #expect(status == 0, "\(rest.stderr)")
                #expect(rest.stdout.hasSuffix("wayfinder://main/feed\n"), "\(rest.stdout)")
            }
            let made = try Self.contents(of: directory)
            #expect(made.users == expected.users, "each demo user once")
            #expect(made.migrations == expected.migrations)
        }
    }

    @Test func aDatabaseMadeByAnEarlierVersionStillMigrates() throws {
        let directory = try CLI.temporaryDirectory()
        #expect(try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nlogout\n").status == 0)
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        let last = try queue.read { db in try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") }
        // The first release's migrations only, as GRDB's migrator recorded them.
        try queue.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier NOT IN ('v1 schema', 'v1 demo data')")
            for trigger in ["postLike_added", "postLike_removed", "postLike_moved", "comment_added", "comment_removed", "comment_moved"] {
                try db.execute(sql: "DROP TRIGGER \(trigger)")
            }
            try db.execute(sql: "ALTER TABLE post DROP COLUMN likeCount")
            try db.execute(sql: "ALTER TABLE post DROP COLUMN commentCount")
        }
        try queue.close()
        let processes = try (0..<3).map { _ in try LiveProcess(["--data-dir", directory]) }
        for process in processes { process.send("login bob\nwonderland\nwhere\n") }
        for process in processes {
            let (status, rest) = try process.finish()
            #expect(status == 0, "\(rest.stderr)")
        }
        #expect(try Self.contents(of: directory).migrations.last == last)
    }
}
