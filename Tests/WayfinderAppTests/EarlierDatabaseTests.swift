import Foundation
import GRDB
import Testing
import WayfinderSystem
@testable import WayfinderApp
import WayfinderKit

/// A database made by the 0.2.0 release opens with today's code and migrates, its data
/// kept. `Fixtures/database-0.2.0.sqlite` was made by 0.2.0's `wayfinder` (commit 514b25a):
/// alice signed in with the demo password, liked posts 7 and 4, unliked 4, published post 37
/// ("Written by 0.2.0"), renamed herself "Alice (0.2.0)" with a new bio, turned her likes
/// notifications off and the `paged-feed` flag off, then signed out; no `-wal` content was
/// left. 0.2.0 had applied `v1 schema` and `v1 demo data` only.
@Suite struct EarlierDatabaseTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/database-0.2.0.sqlite").path
    let directory = DataDirectory.temporary("v020")

    init() throws {
        try directory.create()
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: directory.database)
    }

    /// Every migration registered today, in order.
    static var registered: [String] {
        AppDatabase.migrator(with: FeatureStorage.all.flatMap(\.migrations)).migrations
    }

    /// The migrations applied to the database, in the order they were.
    private func applied() throws -> [String] {
        let queue = try DatabaseQueue(path: directory.database)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    @Test func theFixtureIsAsZeroTwoZeroLeftIt() throws {
        #expect(try applied() == ["v1 schema", "v1 demo data"])
    }

    @Test func itMigratesAndTheUserSignsInWithTheDemoPassword() async throws {
        let services = try Container.persistent(in: directory)
        let alice = try await services.auth.signIn(username: "alice", password: "wonderland")
        #expect(alice == User(id: 1, username: "alice", displayName: "Alice (0.2.0)", bio: "Edited before the upgrade."))
        #expect(try applied() == Self.registered)
        #expect(Self.registered.starts(with: ["v1 schema", "v1 demo data", "v2 post counts"]))
        #expect(FileSystem.mode(of: directory.database) == 0o600, "made owner-only, as 0.2.0 left it or not")
        await #expect(throws: ServiceError.self) { try await services.auth.signIn(username: "alice", password: "wrong") }
    }

    @Test func itsRowsAreKeptAndCounted() async throws {
        let services = try Container.persistent(in: directory)
        let posts = try await services.posts.page(1, size: 100).posts
        #expect(posts.count == 37)
        let written = try #require(posts.first)
        #expect(written.id == 37 && written.authorID == 1 && written.title == "Written by 0.2.0" && written.body == "Kept across the upgrade.")
        // The counts the upgrade added, against the rows 0.2.0 wrote.
        let (likes, comments) = try Self.counted(in: directory.database)
        #expect(posts.count(where: { $0.likeCount != likes[$0.id, default: 0] || $0.commentCount != comments[$0.id, default: 0] }) == 0)
        #expect(likes.values.reduce(0, +) == 73 && comments.values.reduce(0, +) == 71)
        #expect(try await services.posts.post(id: 7)?.likeCount == 3)
        #expect(try await services.posts.isLiked(postID: 7, by: 1))
        #expect(try await services.posts.post(id: 4)?.likeCount == 2)
        #expect(try await !services.posts.isLiked(postID: 4, by: 1))
        #expect(try await services.flags.overrides() == ["paged-feed": false])
        // Kept by the triggers from now on.
        #expect(try await services.posts.setLiked(true, postID: 37, by: 2) == 1)
        #expect(try await services.posts.post(id: 37)?.likeCount == 1)
    }

    @Test func severalConnectionsUpgradingAtOnceAllOpenIt() async throws {
        let directory = directory
        let users = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let services = try Container.persistent(in: directory)
                    return try await services.posts.page(1, size: 100).posts.map(\.likeCount)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(users.count == 4 && Set(users).count == 1, "each saw the same counts")
        #expect(try applied() == Self.registered, "each migration applied once")
    }

    /// Each post's likes and comments, counted from their rows.
    static func counted(in path: String) throws -> (likes: [Int: Int], comments: [Int: Int]) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            func counts(_ table: String) throws -> [Int: Int] {
                var result: [Int: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT postID, COUNT(*) FROM \(table) GROUP BY postID") {
                    result[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1)
                }
                return result
            }
            return (try counts("postLike"), try counts("comment"))
        }
    }
}
