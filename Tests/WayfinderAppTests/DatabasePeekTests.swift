import Foundation
import Testing
import GRDB
import GRDBSQLite
@testable import WayfinderApp

/// `AppDatabase.peek`, the read `wayfinder open` makes of a saved session without opening the
/// database through GRDB: it must answer when it can and step aside (nil) when it cannot.
@Suite struct DatabasePeekTests {
    let directory: DataDirectory

    init() throws {
        directory = DataDirectory.temporary("peek")
    }

    private let byName = "SELECT \(User.columns) FROM user WHERE username = ?"

    @Test func answersFromAMigratedDatabaseWithoutOpeningIt() async throws {
        _ = try Container.persistent(in: directory)  // created, migrated, seeded
        let lazy = AppDatabase(openingWhenNeeded: directory.database)
        let bob = try #require(lazy.peek(byName, "bob", User.init(statement:)))
        #expect(bob?.username == "bob")
        #expect(bob?.id == 2)
        let nobody = try #require(lazy.peek(byName, "nobody", User.init(statement:)))
        #expect(nobody == nil)
        // The same answers through GRDB.
        let read = try await lazy.read { db in try User.fetchByName(db, "bob") }
        #expect(read == bob)
    }

    @Test func stepsAsideWhenItCannotTell() async throws {
        // No file: not created.
        let missing = AppDatabase(openingWhenNeeded: directory.database)
        #expect(missing.peek(byName, "bob", User.init(statement:)) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.database))
        // Not a database.
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try Data("plain text, padded well past the size of an SQLite header".utf8).write(to: URL(fileURLWithPath: directory.database))
        #expect(AppDatabase(openingWhenNeeded: directory.database).peek(byName, "bob", User.init(statement:)) == nil)
        try FileManager.default.removeItem(atPath: directory.database)
        // Open already: the open connection answers.
        let open = try AppDatabase(path: directory.database)
        #expect(open.peek(byName, "bob", User.init(statement:)) == nil)
    }

    @Test func stepsAsideWhileAnotherConnectionHasTheDatabaseOpen() async throws {
        try directory.create()
        let byTitle = "SELECT title FROM post WHERE title = ?"
        let title = { (statement: OpaquePointer) in sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "" }
        do {
            // As a REPL in another process: open, and read from.
            let other = try AppDatabase(path: directory.database)
            #expect(AppDatabase(openingWhenNeeded: directory.database).peek(byTitle, "later", title) == nil)
            // The short read took nothing from it: it still writes.
            _ = try await SQLitePostRepository(database: other).create(authorID: 1, title: "later", body: "after the short read")
        }
        // Closed: the short read answers, with what the other connection wrote.
        #expect(AppDatabase(openingWhenNeeded: directory.database).peek(byTitle, "later", title) == .some("later"))
    }

    @Test func stepsAsideForAnotherSchema() async throws {
        try directory.create()
        let database = try AppDatabase(path: directory.database)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2 from a newer version')")
        }
        let lazy = AppDatabase(openingWhenNeeded: directory.database)
        #expect(lazy.peek(byName, "bob", User.init(statement:)) == nil)
    }
}

extension User {
    static func fetchByName(_ db: GRDB.Database, _ name: String) throws -> User? {
        try Row.fetchOne(db, sql: "SELECT \(User.columns) FROM user WHERE username = ?", arguments: [name]).map(User.init(row:))
    }
}
