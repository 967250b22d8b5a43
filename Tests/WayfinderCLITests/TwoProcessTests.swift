import Foundation
import GRDB
import Testing

/// Two REPLs on one data directory, driven a command at a time: an edit saved over the
/// other's newer version is refused and can be reloaded or forced; likes from both are kept.
@Suite struct TwoProcessTests {
    static func row(_ sql: String, in directory: String) throws -> [String] {
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: sql) }
    }

    @Test func aProfileSavedOverTheOtherProcessesNewerVersionIsRefused() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("open wayfinder://settings/profile")
        _ = try second.run("open wayfinder://settings/profile")

        _ = try first.run("bio Set by the first")
        #expect(try first.run("save").stdout.contains("Profile saved."))
        _ = try second.run("name Named by the second")
        let refused = try second.run("save")
        #expect(!refused.stdout.contains("Profile saved."))
        #expect(refused.stderr.contains("your profile was changed elsewhere (by another process) since you opened it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`revert`") && refused.stderr.contains("`save --force`"))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory) == ["Alice Liddell|Set by the first"])

        // The explicit overwrite.
        #expect(try second.run("save --force").stdout.contains("Profile saved."))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory)
            == ["Named by the second|Curiouser and curiouser."])
        // The first now holds an older version, and is told so in turn; reloading keeps both.
        _ = try first.run("bio Set again by the first")
        #expect(try first.run("save").stderr.contains("changed elsewhere"))
        _ = try first.run("revert")
        _ = try first.run("bio Set again by the first")
        #expect(try first.run("save").stdout.contains("Profile saved."))
        #expect(try Self.row("SELECT displayName || '|' || bio FROM user WHERE id = 1", in: directory)
            == ["Named by the second|Set again by the first"])
        #expect(try first.run("help save").stdout.contains("--force"))

        #expect(try first.finish().status == 1, "its refused save counts as failed")
        #expect(try second.finish().status == 1)
    }

    @Test func likesFromBothProcessesAreAllKept() throws {
        let directory = try CLI.temporaryDirectory()
        // Both start signed out, so that each signs in with a session of its own.
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login carol", "wonderland")
        _ = try second.run("login alice", "wonderland")
        let before = try Self.row("SELECT likeCount FROM post WHERE id = 7", in: directory)
        _ = try first.run("open wayfinder://main/feed/post/7")
        _ = try second.run("open wayfinder://main/feed/post/7")
        #expect(try first.run("like").stdout.contains("Liked."))
        #expect(try second.run("like").stdout.contains("Liked."))
        _ = try first.run("open wayfinder://main/feed/post/10")
        #expect(try first.run("like").stdout.contains("Liked."))
        #expect(try Self.row("SELECT postID || ':' || userID FROM postLike WHERE postID IN (7, 10) AND userID IN (1, 3) ORDER BY 1", in: directory)
            == ["10:3", "7:1", "7:3"])
        #expect(try Self.row("SELECT likeCount FROM post WHERE id = 7", in: directory) == [String((Int(before.first ?? "") ?? -2) + 2)])
        #expect(try first.finish().status == 0)
        #expect(try second.finish().status == 0)
    }
}
