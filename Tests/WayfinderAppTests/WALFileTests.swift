import Foundation
import Testing
import GRDB
@testable import WayfinderApp
import WayfinderKit

/// The database's `-wal` file between runs: the last connection to close checkpoints it and
/// removes it, so that the next run has no frames to read again and write back.
@Suite struct WALFileTests {
    let directory: DataDirectory

    init() throws {
        directory = DataDirectory.temporary("wal")
        try directory.create()
    }

    /// The size of the `-wal` file of `database`; 0 when there is none.
    private func walSize(_ database: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: database + "-wal") else { return 0 }
        let attributes = try FileManager.default.attributesOfItem(atPath: database + "-wal")
        return try #require(attributes[.size] as? Int)
    }

    /// The title of the post titled `title` in the database at `path`, read by a connection
    /// of its own, closed before this returns.
    private func title(_ title: String, in path: String) async throws -> String? {
        let database = AppDatabase(path: path)
        return try await database.read { db in
            try String.fetchOne(db, sql: "SELECT title FROM post WHERE title = ?", arguments: [title])
        }
    }

    @Test func theLastConnectionToCloseEmptiesTheWALFile() async throws {
        do {
            let database = AppDatabase(path: directory.database)
            _ = try await SQLitePostRepository(database: database).create(authorID: 1, title: "kept", body: "in the database")
            #expect(try walSize(directory.database) > 0)
        }
        // Closed: the pages are in the database, and no frame is left to read again.
        #expect(try walSize(directory.database) == 0)
        #expect(try await title("kept", in: directory.database) == "kept")
    }

    @Test func aShortReadEmptiesTheFramesAKilledRunLeft() async throws {
        // The files as a killed run leaves them: copied while the writer is open, its frames
        // in the `-wal` file, not yet in the database.
        let killed = DataDirectory(path: directory.path + "-killed")
        try killed.create()
        let database = AppDatabase(path: directory.database)
        _ = try await SQLitePostRepository(database: database).create(authorID: 1, title: "written", body: "before the kill")
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: directory.database + suffix, toPath: killed.database + suffix)
        }
        #expect(try walSize(killed.database) > 0)

        // What `wayfinder open` does signed in: one read on a connection of its own.
        #expect(try await title("written", in: killed.database) == "written")
        #expect(try walSize(killed.database) == 0)
        // Nothing lost: the next run reads the row from the database itself.
        #expect(try await title("written", in: killed.database) == "written")
        try? FileManager.default.removeItem(atPath: killed.path)
    }
}
