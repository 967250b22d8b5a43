import Testing
import WayfinderApp
import WayfinderKit

/// Failed writes in the Settings flow (removed with the Settings feature).
extension FailedWriteTests {
    @Test func aConfirmedSignOutThatCouldNotBeStoredLeavesTheUserSignedIn() async throws {
        try app.resume(as: DemoData.users[0])
        _ = await shell.execute("settings")
        _ = await shell.execute("signout")
        let confirmed = await shell.execute("yes")
        #expect(confirmed.isError)
        #expect(confirmed.isStorageError)
        #expect(!confirmed.output.plainText.contains("Signed out."))
        #expect(app.user?.username == "alice")
        #expect(app.url == "wayfinder://settings/logout")
    }

    @Test func aRefusedWriteIsAFailureButNotAStorageFailure() async throws {
        try app.resume(as: DemoData.users[0])
        _ = await shell.execute("open wayfinder://settings")
        _ = await shell.execute("flag flaky-likes on")
        _ = await shell.execute("open wayfinder://main/feed/post/7")
        let reply = await shell.execute("like")
        #expect(reply.isError)
        #expect(!reply.isStorageError, "\(reply.output.plainText)")
    }
}
