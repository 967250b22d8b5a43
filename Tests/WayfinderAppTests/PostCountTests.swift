import GRDB
import Testing
import WayfinderApp
import WayfinderKit

/// Each post's like and comment counts are kept in its row (by triggers); these check them
/// against counting the rows themselves.
@Suite struct PostCountTests {
    let directory = DataDirectory.temporary("counts")

    /// Every post's counts as the repository reads them, and as the rows count.
    private func counts() async throws -> (kept: [Int: [Int]], counted: [Int: [Int]]) {
        let posts = try await Container.persistent(in: directory).posts.page(1, size: 1_000).posts
        let kept = Dictionary(uniqueKeysWithValues: posts.map { ($0.id, [$0.likeCount, $0.commentCount]) })
        let queue = try DatabaseQueue(path: directory.database)
        let counted = try await queue.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: """
                SELECT id,
                       (SELECT COUNT(*) FROM postLike WHERE postID = post.id),
                       (SELECT COUNT(*) FROM comment WHERE postID = post.id)
                FROM post
                """).map { row -> (Int, [Int]) in (row[0], [row[1], row[2]]) })
        }
        return (kept, counted)
    }

    @Test func likesAndUnlikesHereAndElsewhereKeepTheCountsRight() async throws {
        let here = try Container.persistent(in: directory)
        let elsewhere = try Container.persistent(in: directory)
        let before = try #require(try await here.posts.post(id: 7))
        #expect(try await here.posts.setLiked(true, postID: 7, by: 3) == before.likeCount + 1)
        // Liking again and unliking what is not liked change nothing.
        #expect(try await elsewhere.posts.setLiked(true, postID: 7, by: 3) == before.likeCount + 1)
        _ = try await elsewhere.posts.setLiked(false, postID: 8, by: 6)
        _ = try await elsewhere.posts.setLiked(true, postID: 7, by: 4)
        _ = try await here.posts.setLiked(false, postID: 7, by: 3)
        #expect(try await here.posts.post(id: 7)?.likeCount == before.likeCount + 1)
        let created = try await here.posts.create(authorID: 2, title: "New", body: "Counted from zero")
        #expect(try await elsewhere.posts.post(id: created.id)?.likeCount == 0)
        let (kept, counted) = try await counts()
        #expect(kept.count == 37)
        #expect(kept == counted)
    }

    @Test func aDatabaseFromBeforeTheCountsGetsThemWhenOpened() async throws {
        // A database as the version before left it: no count columns, no triggers, and
        // likes added since the demo data.
        _ = try await Container.persistent(in: directory).posts.setLiked(true, postID: 12, by: 5)
        let queue = try DatabaseQueue(path: directory.database)
        try await queue.write { db in
            for trigger in ["postLike_added", "postLike_removed", "postLike_moved", "comment_added", "comment_removed", "comment_moved"] {
                try db.execute(sql: "DROP TRIGGER \(trigger)")
            }
            try db.execute(sql: "ALTER TABLE post DROP COLUMN likeCount")
            try db.execute(sql: "ALTER TABLE post DROP COLUMN commentCount")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2 post counts'")
            try db.execute(sql: "INSERT INTO postLike (postID, userID) VALUES (13, 4)")
        }
        try queue.close()
        let (kept, counted) = try await counts()
        #expect(kept.count == 36)
        #expect(kept == counted)
        #expect(kept.values.contains { $0[0] > 0 } && kept.values.contains { $0[1] > 0 })
    }
}
