import Foundation
import GRDB
import Testing

/// One session truth across processes: a sign-out in one REPL is a sign-out in every REPL
/// on the same data directory, at its next command, and nothing is written as the user
/// signed out.
@Suite struct SignOutAcrossProcessesTests {
    /// The likes of post `postID` by user `userID` (0 or 1).
    static func likes(of postID: Int, by userID: Int, in directory: String) throws -> Int {
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM postLike WHERE postID = ? AND userID = ?", arguments: [postID, userID]) ?? -1
        }
    }

    @Test func aSignOutInOneProcessSignsTheOtherOutAtItsNextCommandAndItWritesNothing() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        // Started once alice is signed in: it resumes her session.
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        #expect(try second.run("open wayfinder://main/feed/post/7").stdout.contains("[7]"))
        #expect(try Self.likes(of: 7, by: 1, in: directory) == 0)

        #expect(try first.run("logout").stdout.contains("Signed out."))
        let like = try second.run("like")
        #expect(like.stderr.contains("signed out elsewhere"), "\(like.stderr)")
        #expect(!like.stdout.contains("Liked."))
        #expect(like.stdout.contains("Sign in"), "the sign-in screen: \(like.stdout)")
        #expect(try Self.likes(of: 7, by: 1, in: directory) == 0, "nothing written as alice")
        #expect(try second.run("where").stdout == "wayfinder://login\n")

        let (status, _) = try second.finish()
        #expect(status == 1, "the refused command counts as failed")
        #expect(try first.finish().status == 0)
    }

    @Test func aREPLSignedOutElsewhereSignsInAgainAsAnyone() throws {
        let directory = try CLI.temporaryDirectory()
        #expect(try CLI.run(["--data-dir", directory, "-c", "login alice"], stdin: "wonderland\n").status == 0)
        let repl = try LiveProcess(["--data-dir", directory])
        #expect(try repl.run("where").stdout == "wayfinder://main/feed\n")
        // Another process, on the same data directory, signs alice out.
        #expect(try CLI.run(["--data-dir", directory, "-c", "logout"]).status == 0)
        let told = try repl.run("where")
        #expect(told.stderr.contains("signed out elsewhere"), "said once: \(told.stderr)")
        let again = try repl.run("where")
        #expect(again.stderr.isEmpty, "not said twice: \(again.stderr)")
        let login = try repl.run("login bob", "wonderland")
        #expect(login.stdout.contains("Signed in as bob."), "\(login.stdout)\(login.stderr)")
        #expect(try repl.run("where").stdout == "wayfinder://main/feed\n")
        _ = try repl.finish()
        // The session stored is bob's: a new process resumes it.
        let next = try CLI.run(["--data-dir", directory, "-c", "state"])
        #expect(next.stdout.contains("\"user\":\"bob\""), "\(next.stdout)\(next.stderr)")
    }

    /// #41 case 5: a link to a post that does not exist fails, 65, in arguments, `open`,
    /// `-c` and JSON alike, and opens nothing.
    @Test func aLinkToAPostThatDoesNotExistFails() throws {
        let directory = try CLI.temporaryDirectory()
        #expect(try CLI.run(["--data-dir", directory, "-c", "login alice"], stdin: "wonderland\n").status == 0)
        let link = "wayfinder://main/feed/post/999"
        for arguments in [["open", link, "--format", "json"], ["open", link], [link, "-c", "where"]] {
            let result = try CLI.run(arguments + ["--data-dir", directory])
            #expect(result.status == 65, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr == "wayfinder: error: post 999 does not exist\n", "\(arguments): \(result.stderr)")
        }
        let typed = try CLI.run(["--data-dir", directory, "-c", "open \(link)", "-c", "where"])
        #expect(typed.status == 1)
        #expect(typed.stderr.contains("error: post 999 does not exist"), "\(typed.stderr)")
        #expect(typed.stdout == "wayfinder://main/feed\n", "nothing opened: \(typed.stdout)")
    }

    @Test func aSessionStillCurrentIsNotDisturbedByOtherProcessesWriting() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try second.run("open wayfinder://main/feed/post/7")
        // Writes elsewhere change the database under the second process, not its session.
        _ = try first.run("open wayfinder://main/feed/post/9")
        #expect(try first.run("like").stdout.contains("Liked."))
        let like = try second.run("like")
        #expect(like.stdout.contains("Liked."), "\(like.stderr)")
        #expect(like.stderr.isEmpty)
        #expect(try Self.likes(of: 7, by: 1, in: directory) == 1)
        #expect(try Self.likes(of: 9, by: 1, in: directory) == 1)
        #expect(try first.finish().status == 0)
        #expect(try second.finish().status == 0)
    }

    @Test func signingInAgainAsTheSameUserKeepsTheOtherProcessSignedIn() throws {
        let directory = try CLI.temporaryDirectory()
        let first = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try first.run("login alice", "wonderland")
        let second = try LiveProcess(["--data-dir", directory, "--fresh"])
        #expect(try second.run("login alice", "wonderland").stdout.contains("Signed in as alice."))
        let where_ = try first.run("where")
        #expect(where_.stdout == "wayfinder://main/feed\n", "\(where_.stderr)")
        // Another user, though, replaces the session the two shared.
        _ = try second.run("login bob", "wonderland")
        #expect(try first.run("where").stderr.contains("signed out elsewhere"))
        #expect(try first.finish().status == 1)
        #expect(try second.finish().status == 0)
    }
}
