import Foundation
import GRDB
import Testing

/// Two REPLs on one data directory, driven a command at a time: likes from both are kept;
/// an edit saved over the other's newer version is refused and can be reloaded or forced
/// (Features/Settings).
@Suite struct TwoProcessTests {
    static func row(_ sql: String, in directory: String) throws -> [String] {
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: sql) }
    }

    @Test func likesFromBothProcessesAreAllKept() throws {
        let directory = try CLI.temporaryDirectory()
        // Both start signed out, so that each signs in with a session of its own.
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        // Each has read the (absent) session before either signs in: a process that started
        // after carol signed in would be carol, and its `login alice` would sign her out.
        _ = try first.run("where")
        _ = try second.run("where")
        _ = try first.run("login carol", "wonderland")
        _ = try second.run("login alice", "wonderland")
        let before = try Self.row("SELECT likeCount FROM post WHERE id = 7", in: directory)
        for (process, link) in [(first, 7), (second, 7), (first, 10)] {
            _ = try process.run("open wayfinder://main/feed/post/\(link)")
            let like = try process.run("like")
            #expect(like.stdout.contains("Liked."), "\(like.stdout)\(like.stderr)")
        }
        #expect(try Self.row("SELECT postID || ':' || userID FROM postLike WHERE postID IN (7, 10) AND userID IN (1, 3) ORDER BY 1", in: directory)
            == ["10:3", "7:1", "7:3"])
        #expect(try Self.row("SELECT likeCount FROM post WHERE id = 7", in: directory) == [String((Int(before.first ?? "") ?? -2) + 2)])
        #expect(try first.finish().status == 0)
        #expect(try second.finish().status == 0)
    }
}
