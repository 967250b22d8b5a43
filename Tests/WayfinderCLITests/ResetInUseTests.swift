import Foundation
import Testing

/// `reset` never removes data a running session uses: it refuses (exit 75), naming the
/// session's process, and everything the session does after it is kept; once the session
/// has ended, the reset goes through.
@Suite struct ResetInUseTests {
    @Test func aResetWhileASessionRunsRemovesNothingAndLosesNothing() throws {
        let directory = try CLI.temporaryDirectory()
        let session = try LiveProcess(["--data-dir", directory, "--fresh"])
        _ = try session.run("login alice", "wonderland")
        _ = try session.run("post 3")
        let before = DataDirectoryChoiceTests.files(in: directory)

        let refused = try CLI.run(["reset", "--data-dir", directory])
        #expect(refused.status == 75, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("is in use by a running session (process \(session.processIdentifier))"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was removed"), "\(refused.stderr)")
        #expect(DataDirectoryChoiceTests.files(in: directory) == before)
        let json = try CLI.run(["reset", "--data-dir", directory, "--format", "json"])
        #expect(json.status == 75)
        #expect(json.stdout.contains("\"inUseBy\":[\(session.processIdentifier)]"), "\(json.stdout)")

        // What the session does next is stored, and there for the next one.
        let liked = try session.run("like")
        #expect(liked.stdout.contains("Liked."), "\(liked.stdout)\(liked.stderr)")
        let likes = try #require(liked.stdout.split(separator: "\n").first { $0.contains("♥ ") }.map(String.init))
        #expect(try session.finish().status == 0)
        let next = try CLI.run(["open", "wayfinder://main/feed/post/3", "--data-dir", directory])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains(likes.trimmingCharacters(in: .whitespaces)), "\(next.stdout)")

        // No session now: the reset goes through.
        let reset = try CLI.run(["reset", "--data-dir", directory])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.hasPrefix("Removed "), "\(reset.stdout)")
    }
}
