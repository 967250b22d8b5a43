import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Sessions whose writes fail as on a full disk: the failure counted, as the SQLite store
/// counts its own.
struct FullDiskSessions: SessionStore {
    let faults: StorageFaults

    func restore() async -> User? { nil }

    func start(for user: User) async throws(ServiceError) {
        faults.record()
        throw ServiceError("database or disk is full", kind: .storage)
    }

    func end(for user: User) async throws(ServiceError) {
        faults.record()
        throw ServiceError("database or disk is full", kind: .storage)
    }
}

/// A command whose write failed says so and changes nothing: no success claimed, the app
/// as it was, the failure marked as a storage failure (a piped session exits 74).
@MainActor
@Suite struct FailedWriteTests {
    let app: AppCoordinator
    let shell: AppShell

    init() {
        var container = Container.demo()
        container.sessions = FullDiskSessions(faults: container.faults)
        app = AppCoordinator(container: container)
        shell = AppShell(app: app)
    }

    @Test func aSignOutThatCouldNotBeStoredLeavesTheUserSignedInWhereTheyWere() async throws {
        try app.resume(as: DemoData.users[0])
        try app.open("wayfinder://main/feed/post/7")
        let reply = await shell.execute("logout")
        #expect(reply.isError)
        #expect(reply.isStorageError)
        #expect(reply.output.plainText == "error: could not sign out: database or disk is full (still signed in as alice)\n")
        #expect(!reply.showsScreen, "nothing changed")
        #expect(app.user?.username == "alice")
        #expect(app.url == "wayfinder://main/feed/post/7")
    }

    @Test func aSignInThatCouldNotBeStoredLeavesTheAppSignedOut() async throws {
        _ = await shell.execute("open wayfinder://main/me")
        _ = await shell.execute("login alice")
        let reply = await shell.execute("wonderland")
        #expect(reply.isError)
        #expect(reply.isStorageError)
        #expect(reply.output.plainText.hasPrefix("error: could not sign in as alice: database or disk is full (signed out)"))
        #expect(app.user == nil)
        #expect(app.store.state.pending == "wayfinder://main/me", "the link still waits for a sign-in")
    }
}
