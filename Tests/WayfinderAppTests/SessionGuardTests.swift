import Testing
import WayfinderApp
import WayfinderKit

/// The database refuses a write as a user whose session was ended by another process,
/// even one that did not ask first: the check is made under the write lock.
@Suite struct SessionGuardTests {
    let directory = DataDirectory.temporary("session-guard")

    @Test func aWriteAfterTheSessionWasEndedElsewhereIsRefusedAndNothingIsWritten() async throws {
        let here = try Container.persistent(in: directory)
        let alice = try #require(try await here.users.user(id: 1))
        try await here.sessions.start(for: alice)
        #expect(try await here.sessions.isCurrent())
        #expect(try await here.posts.isLiked(postID: 7, by: 1) == false)

        let elsewhere = try Container.persistent(in: directory)
        #expect(try await elsewhere.sessions.restore()?.id == 1)
        try await elsewhere.sessions.end(for: alice)

        do {
            _ = try await here.posts.setLiked(true, postID: 7, by: 1)
            Issue.record("the like was written")
        } catch {
            #expect(error.kind == .signedOut)
        }
        #expect(try await here.posts.isLiked(postID: 7, by: 1) == false)
        #expect(try await here.sessions.isCurrent() == false)
        // Signing out here too is no error, and signing in again writes again.
        try await here.sessions.end(for: alice)
        try await here.sessions.start(for: alice)
        #expect(try await here.posts.setLiked(true, postID: 7, by: 1) > 0)
    }

    @Test func aCommitElsewhereKeepsTheSessionAndItsEndIsSeen() async throws {
        let here = try Container.persistent(in: directory)
        let alice = try #require(try await here.users.user(id: 1))
        try await here.sessions.start(for: alice)
        let elsewhere = try Container.persistent(in: directory)
        #expect(try await here.sessions.isCurrent())
        // A commit elsewhere that leaves the session: still current.
        _ = try await elsewhere.posts.setLiked(true, postID: 3, by: 2)
        #expect(try await here.sessions.isCurrent())
        try await elsewhere.sessions.end(for: alice)
        #expect(try await here.sessions.isCurrent() == false)
    }
}
