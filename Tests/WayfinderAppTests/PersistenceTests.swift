import WayfinderSystem
import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// The SQLite repositories, sessions and the state file, against real files in a
/// temporary directory.
@Suite struct PersistenceTests {
    let directory: DataDirectory

    init() throws {
        directory = DataDirectory.temporary("db")
    }

    private func container() throws -> Container {
        try Container.persistent(in: directory)
    }

    private func rawBytes() throws -> Data {
        var data = Data()
        for suffix in ["", "-wal", "-shm"] {
            if let bytes = FileManager.default.contents(atPath: directory.database + suffix) { data.append(bytes) }
        }
        return data
    }

    @Test func theDemoDataIsSeededOnFirstOpenAndOnlyThen() async throws {
        let first = try container()
        #expect(try await first.posts.page(1, size: 100).posts.count == 36)
        _ = try await first.posts.create(authorID: 1, title: "Kept", body: "Across opens")
        let second = try container()
        let page = try await second.posts.page(1, size: 100)
        #expect(page.posts.count == 37)
        #expect(page.posts.first?.title == "Kept")
        #expect(try await second.users.user(id: 3)?.username == "carol")
        #expect(FileSystem.mode(of: directory.database) == 0o600)
        #expect(FileSystem.mode(of: directory.path) == 0o700)
    }

    @Test func aKeptFeedPageIsReadAgainAfterAnyCommitHereOrElsewhere() async throws {
        let here = try container()
        let elsewhere = try container()   // another connection, as another process has
        let first = try await here.posts.page(1, size: 5)
        #expect(try await here.posts.page(1, size: 5) == first, "nothing changed")
        // A commit through this connection.
        let mine = try await here.posts.create(authorID: 1, title: "Mine", body: "Here")
        #expect(try await here.posts.page(1, size: 5).posts.first?.id == mine.id)
        // A commit through the other one.
        let theirs = try await elsewhere.posts.create(authorID: 2, title: "Theirs", body: "Elsewhere")
        let page = try await here.posts.page(1, size: 5)
        #expect(page.posts.first?.id == theirs.id)
        #expect(page.pageCount == 8, "38 posts in pages of 5")
        // A like elsewhere changes a count on the kept page.
        _ = try await elsewhere.posts.setLiked(true, postID: theirs.id, by: 3)
        #expect(try await here.posts.page(1, size: 5).posts.first?.likeCount == 1)
    }

    @Test func aFlagSetElsewhereShowsOnTheNextRead() async throws {
        let here = try container()
        let elsewhere = try container()
        #expect(try await here.flags.value(of: .pagedFeed) == true)
        try await elsewhere.flags.setOverride(false, for: .pagedFeed)
        #expect(try await here.flags.value(of: .pagedFeed) == false)
        try await here.flags.setOverride(nil, for: .pagedFeed)
        #expect(try await elsewhere.flags.value(of: .pagedFeed) == true)
        #expect(try await here.flags.overrides().isEmpty)
    }

    @Test func everyReadSeesWhatOtherProcessesCommitted() async throws {
        let here = try container()
        let elsewhere = try container()
        let post = try #require(try await here.posts.post(id: 7))
        _ = try await elsewhere.posts.setLiked(true, postID: 7, by: 3)
        #expect(try await here.posts.post(id: 7)?.likeCount == post.likeCount + 1)
        _ = try await here.posts.setLiked(true, postID: 7, by: 4)
        #expect(try await here.posts.post(id: 7)?.likeCount == post.likeCount + 2)
        _ = try await elsewhere.posts.setLiked(false, postID: 7, by: 3)
        #expect(try await here.posts.post(id: 7)?.likeCount == post.likeCount + 1)
        #expect(try await here.posts.isLiked(postID: 7, by: 3) == false)
        #expect(try await here.posts.post(id: 99_999) == nil)
        #expect(try await here.users.user(id: 2)?.username == "bob")
    }

    @Test func passwordsAreStoredOnlyAsSaltedSlowHashes() async throws {
        let services = try container()
        _ = try await services.auth.register(username: "zed", password: "correct horse battery")
        let raw = try rawBytes()
        #expect(raw.range(of: Data("wonderland".utf8)) == nil, "a demo password is in the database file")
        #expect(raw.range(of: Data("correct horse battery".utf8)) == nil, "a new password is in the database file")
        #expect(raw.range(of: Data("$y$".utf8)) != nil, "no yescrypt hash found")
        #expect(try await services.auth.signIn(username: "zed", password: "correct horse battery").username == "zed")
        await #expect(throws: ServiceError("wrong password for 'zed'", kind: .wrongPassword)) {
            try await services.auth.signIn(username: "zed", password: "correct horse batterY")
        }
        await #expect(throws: ServiceError("wrong password for 'alice'", kind: .wrongPassword)) {
            try await services.auth.signIn(username: "alice", password: "")
        }
        await #expect(throws: ServiceError("unknown user 'nobody'")) {
            try await services.auth.signIn(username: "nobody", password: "wonderland")
        }
        await #expect(throws: ServiceError("the name 'zed' is taken")) {
            try await services.auth.register(username: "zed", password: "another one")
        }
    }

    @Test func theSameTwoPasswordsHashDifferently() throws {
        let first = try PasswordHasher.hash("wonderland")
        let second = try PasswordHasher.hash("wonderland")
        #expect(first != second)
        #expect(PasswordHasher.verify("wonderland", against: first))
        #expect(PasswordHasher.verify("wonderland", against: second))
        #expect(!PasswordHasher.verify("Wonderland", against: first))
        #expect(!PasswordHasher.verify("wonderland\u{0}x", against: first))
    }

    @Test func likesCommentsSearchAndProfilesPersist() async throws {
        let services = try container()
        #expect(try await !services.posts.isLiked(postID: 4, by: 1))
        #expect(try await services.posts.setLiked(true, postID: 4, by: 1) == 3)
        #expect(try await services.posts.setLiked(true, postID: 4, by: 1) == 3)
        var alice = try #require(try await services.users.user(id: 1))
        alice.displayName = "Alice L."
        alice.bio = "Persisted; 'quotes' and \"double\" ok."
        try await services.users.update(alice)
        let reopened = try container()
        #expect(try await reopened.posts.isLiked(postID: 4, by: 1))
        #expect(try await reopened.posts.post(id: 4)?.likeCount == 3)
        #expect(try await reopened.users.user(id: 1) == alice)
        #expect(try await reopened.posts.comments(onPost: 3).map(\.authorID) == [4, 5, 6])
        #expect(try await reopened.posts.search("LIBEDIT").map(\.id) == [33, 21, 9])
        #expect(try await reopened.posts.search("%").isEmpty, "search is literal, not a LIKE pattern")
        await #expect(throws: ServiceError("post 99 does not exist")) {
            try await reopened.posts.setLiked(true, postID: 99, by: 1)
        }
    }

    @Test func flagOverridesPersist() async throws {
        let services = try container()
        try await services.flags.setOverride(false, for: .pagedFeed)
        try await services.flags.setOverride(true, for: .flakyLikes)
        try await services.flags.setOverride(nil, for: .flakyLikes)
        let reopened = try container()
        #expect(try await reopened.flags.value(of: .pagedFeed) == false)
        #expect(try await reopened.flags.value(of: .flakyLikes) == false)
        #expect(try await reopened.flags.overrides() == ["paged-feed": false])
    }

    @Test func aSessionOutlivesTheProcessUntilItEnds() async throws {
        let services = try container()
        let bob = try await services.auth.signIn(username: "bob", password: "wonderland")
        #expect(try await services.sessions.restore() == nil)
        try await services.sessions.start(for: bob)
        #expect(FileSystem.mode(of: directory.session) == 0o600)
        let token = try String(contentsOfFile: directory.session, encoding: .utf8)
        #expect(!token.contains("wonderland"))
        // 32 random bytes as 64 lower-case hexadecimal digits, and a newline.
        #expect(token.utf8.count == 65 && token.hasSuffix("\n"))
        #expect(token.dropLast().allSatisfy { "0123456789abcdef".contains($0) })
        #expect(try await (try container()).sessions.restore() == bob)
        try await services.sessions.end(for: bob)
        #expect(FileManager.default.fileExists(atPath: directory.session) == false)
        #expect(try await (try container()).sessions.restore() == nil)
    }

    @Test func aSessionEndedElsewhereIsForgotten() async throws {
        let here = try container()
        let carol = try await here.auth.signIn(username: "carol", password: "wonderland")
        try await here.sessions.start(for: carol)
        let token = try String(contentsOfFile: directory.session, encoding: .utf8)
        try await here.sessions.end(for: carol)
        // Another process still has the token file: it must not sign anyone in.
        try token.write(toFile: directory.session, atomically: true, encoding: .utf8)
        #expect(try await (try container()).sessions.restore() == nil)
        #expect(FileManager.default.fileExists(atPath: directory.session) == false)
    }

    @Test func aSessionFileThatHoldsNoTokenSignsNoOneInAndIsKept() async throws {
        let services = try container()
        // 64 digits, but full-width ones: a token's are ASCII hexadecimal digits.
        try (String(repeating: "\u{FF10}", count: 64) + "\n").write(toFile: directory.session, atomically: true, encoding: .utf8)
        #expect(try await services.sessions.restore() == nil)
        #expect(FileManager.default.fileExists(atPath: directory.session))
    }

    /// A container of its own, as another process has: its database is not open yet.
    private func freshContainer() throws -> Container {
        try Container.persistent(in: directory)
    }

    @Test func aSessionReadByAnotherContainerIsTheSame() async throws {
        let services = try container()
        let bob = try await services.auth.signIn(username: "bob", password: "wonderland")
        try await services.sessions.start(for: bob)
        #expect(try await freshContainer().sessions.restore() == bob)
        // A user edited since, read from the same rows.
        var renamed = bob
        renamed.displayName = "Robert \"Bob\" Tables"
        renamed.bio = "Ünïcode, 'quotes', שלום and 🧭"
        try await services.users.update(renamed)
        #expect(try await freshContainer().sessions.restore() == renamed)
        #expect(try await container().sessions.restore() == renamed)
        // Ended: forgotten, file and all, by the other reader too.
        let token = try String(contentsOfFile: directory.session, encoding: .utf8)
        try await services.sessions.end(for: bob)
        try token.write(toFile: directory.session, atomically: true, encoding: .utf8)
        #expect(try await freshContainer().sessions.restore() == nil)
        #expect(FileManager.default.fileExists(atPath: directory.session) == false)
    }

    @Test func aSessionIsReadWhileAnotherProcessHasTheDatabaseOpen() async throws {
        // Another process (a REPL) with the database open and a read made: the session is
        // read through a connection of its own, and the other process carries on.
        let other = try container()
        let dave = try await other.auth.signIn(username: "dave", password: "wonderland")
        try await other.sessions.start(for: dave)
        #expect(try await other.posts.page(1, size: 5).posts.count == 5)
        #expect(try await freshContainer().sessions.restore() == dave)
        #expect(try await other.posts.page(1, size: 5).posts.count == 5)
        _ = try await other.posts.create(authorID: dave.id, title: "Still writing", body: "After the short read")
        // Ended by the other process while it still has the database open: forgotten.
        let token = try String(contentsOfFile: directory.session, encoding: .utf8)
        try await other.sessions.end(for: dave)
        try token.write(toFile: directory.session, atomically: true, encoding: .utf8)
        #expect(try await freshContainer().sessions.restore() == nil)
        #expect(FileManager.default.fileExists(atPath: directory.session) == false)
    }

    @Test func aSavedSessionOnADatabaseThatCannotBeOpenedIsAnErrorAndKept() async throws {
        let services = try container()
        let carol = try await services.auth.signIn(username: "carol", password: "wonderland")
        try await services.sessions.start(for: carol)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: directory.database + suffix) }
        try Data("this is not a database, it is plain text padded well past the header size".utf8)
            .write(to: URL(fileURLWithPath: directory.database))
        let other = try freshContainer()
        await #expect(throws: ServiceError.self) { try await other.sessions.restore() }
        #expect(FileManager.default.fileExists(atPath: directory.session))
    }

    @Test func aDatabaseThatCannotBeOpenedIsAClearError() async throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try Data("this is not a database, it is plain text padded well past the header size".utf8)
            .write(to: URL(fileURLWithPath: directory.database))
        // Opened by the first read, which says why it cannot be.
        let services = try container()
        await #expect(throws: ServiceError.self) { try await services.posts.page(1, size: 5) }
        #expect(services.faults.total > 0)
    }
}

/// The versioned navigation state file.
@Suite struct NavigationStateFileTests {
    let file = NavigationStateFile(path: FileManager.default.temporaryDirectory.appendingPathComponent("nav-\(UUID().uuidString).json").path)

    @Test func aStateRoundTripsThroughTheFile() throws {
        var navigator = Navigator(graph: AppRoutes.graph)
        try navigator.grant("signed-in")
        try navigator.open("wayfinder://main/search/post/3?q=a%2Fb")
        try file.save(navigator.state, routes: 3)
        #expect(FileSystem.mode(of: file.path) == 0o600)
        guard case .state(let loaded, let routes) = file.load() else {
            Issue.record("the saved state did not load")
            return
        }
        #expect(loaded == navigator.state)
        #expect(routes == 3)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("{\"format\":\"wayfinder-navigation\",\"version\":1,\"navig", "not valid JSON"),
        ("{\"format\":\"wayfinder-navigation\",\"version\":2,\"navigation\":{}}", "written by a newer Wayfinder (format version 2"),
        ("{\"format\":\"something-else\",\"version\":1}", "not a Wayfinder navigation file"),
        ("{\"format\":\"wayfinder-navigation\",\"version\":1,\"navigation\":[{\"activeFlow\":\"main\"}]}", "holds no navigation state"),
        ("\u{0}\u{1}binary", "not valid JSON"),
    ])
    func unusableFilesSayWhy(text: String, reason: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        guard case .unusable(let message) = file.load() else {
            Issue.record("expected an unusable file")
            return
        }
        #expect(message.contains(reason), "\(message)")
    }

    @Test func aMissingFileIsNotAnError() {
        guard case .missing = file.load() else {
            Issue.record("expected .missing")
            return
        }
    }
}
