import Foundation
import GRDB
import Testing
@testable import WayfinderApp
import WayfinderKit

#if canImport(GRDBSQLite)
    import GRDBSQLite
#elseif canImport(SQLite3)
    import SQLite3
#endif

/// Statements SQLite refuses to prepare on a connection, through its authorizer (which
/// replaces GRDB's on that connection until it is closed): the way to make a rollback or a
/// delete fail for real, as nothing else makes them fail on demand.
enum Refusing {
    /// Refuses every `BEGIN`, `COMMIT` and `ROLLBACK`.
    static func transactions(on db: Database) {
        sqlite3_set_authorizer(db.sqliteConnection, { _, action, _, _, _, _ in action == SQLITE_TRANSACTION ? SQLITE_DENY : SQLITE_OK }, nil)
    }

    /// Refuses every `DELETE`.
    static func deletes(on db: Database) {
        sqlite3_set_authorizer(db.sqliteConnection, { _, action, _, _, _, _ in action == SQLITE_DELETE ? SQLITE_DENY : SQLITE_OK }, nil)
    }
}

/// Failures after failures are reported, not dropped: a rollback that fails, a session that
/// could not be saved and then not be removed.
@Suite struct FailedRollbackTests {
    let directory: DataDirectory

    init() throws {
        directory = DataDirectory.temporary("rollback")
        try directory.create()
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused by the test" }
    }

    @Test func aRollbackThatFailsIsReportedAndItsWritesAreUndone() async throws {
        let database = AppDatabase(path: directory.database)
        do {
            try await database.write { db in
                try FlagOverride(id: "paged-feed", value: false).insert(db)
                Refusing.transactions(on: db)
                throw Refused()
            }
            Issue.record("the write succeeded")
        } catch {
            #expect(error.kind == .storage)
            #expect(error.message.hasPrefix("the database \(directory.database) failed: refused by the test; then rolling back failed: "), "\(error.message)")
            #expect(error.message.contains("not authorized"), "\(error.message)")
            #expect(error.message.hasSuffix(
                "(its transaction was left open: the database was closed, which rolled it back, and is opened again by the next command)"), "\(error.message)")
        }
        #expect(database.faults.total == 1)
        // The next access opens the database again, and finds nothing of the failed write.
        #expect(try await SQLiteFeatureFlagService(database: database).overrides() == [:])
        try await SQLiteFeatureFlagService(database: database).setOverride(true, for: .pagedFeed)
        #expect(try await SQLiteFeatureFlagService(database: AppDatabase(path: directory.database)).overrides() == ["paged-feed": true])
    }

    @Test func aSessionThatCouldNotBeSavedNorRemovedSaysBoth() async throws {
        let database = AppDatabase(path: directory.database)
        // The session file cannot be written where a directory has its name.
        try FileManager.default.createDirectory(atPath: directory.session, withIntermediateDirectories: false)
        let sessions = SQLiteSessionStore(database: database, tokenFile: directory.session)
        try await database.write { db in Refusing.deletes(on: db) }
        do {
            try await sessions.start(for: DemoData.users[0])
            Issue.record("the session was started")
        } catch {
            #expect(error.kind == .storage)
            #expect(error.message.hasPrefix("could not save the session: "), "\(error.message)")
            #expect(error.message.contains("; removing the session from the database failed too: "), "\(error.message)")
            #expect(error.message.contains("not authorized"), "\(error.message)")
        }
        let left = try await AppDatabase(path: directory.database).read { db in try SessionRecord.fetchAll(db) }
        #expect(left.map(\.userID) == [DemoData.users[0].id], "the row the message speaks of")
    }

    @Test func aSessionThatCouldNotBeSavedIsRemoved() async throws {
        try FileManager.default.createDirectory(atPath: directory.session, withIntermediateDirectories: false)
        let database = AppDatabase(path: directory.database)
        let sessions = SQLiteSessionStore(database: database, tokenFile: directory.session)
        do {
            try await sessions.start(for: DemoData.users[0])
            Issue.record("the session was started")
        } catch {
            #expect(error.message.hasPrefix("could not save the session: "), "\(error.message)")
            #expect(!error.message.contains("failed too"), "\(error.message)")
        }
        #expect(try await database.read { db in try SessionRecord.fetchCount(db) } == 0)
    }
}
