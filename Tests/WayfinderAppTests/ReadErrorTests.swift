import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// A database that cannot be read is a storage error wherever it is read: never "there is no
/// such post", never the flags' defaults.
@MainActor
@Suite struct ReadErrorTests {
    let directory = DataDirectory.temporary("read-errors")

    /// The demo database, made and closed, then damaged in every page after the second (its
    /// header, with the page size, stays), as a failing disk or a stray write would.
    private func damagedDatabase() async throws -> AppDatabase {
        do {
            _ = try await Container.persistent(in: directory).posts.post(id: 7)
        }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.database)))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        try #require(bytes.count > pageSize * 2)
        for index in (pageSize * 2)..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.database))
        return AppDatabase(path: directory.database)
    }

    /// `reply` said that the database at `directory` is damaged, as a storage error.
    private func expectDamaged(_ reply: ReplReply?, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = reply?.output.plainText ?? ""
        #expect(reply?.isStorageError == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("the database \(directory.database) is damaged"), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("does not exist"), "\(text)", sourceLocation: sourceLocation)
    }

    @Test func openingAPostOnADamagedDatabaseSaysSoAndNotThatThePostIsMissing() async throws {
        let database = try await damagedDatabase()
        let app = AppCoordinator(container: .demo())
        let feed = FeedViewModel(
            router: app.main, posts: SQLitePostRepository(database: database),
            settings: InMemoryFeatureFlagService(database: InMemoryDatabase()), users: SQLiteUserRepository(database: database))
        expectDamaged(await feed.perform(CommandInput(parsing: "post 7")))
        #expect(database.faults.total == 1, "the failure is counted: a piped session exits 74")
    }

    @Test func openingACommentersProfileOnADamagedDatabaseSaysSoAndNotThatTheUserIsMissing() async throws {
        let database = try await damagedDatabase()
        let app = AppCoordinator(container: .demo())
        let comments = CommentsViewModel(
            router: app.main, posts: SQLitePostRepository(database: database), users: SQLiteUserRepository(database: database), postID: 7)
        expectDamaged(await comments.perform(CommandInput(parsing: "user 2")))
    }

    @Test func flagsThatCannotBeReadAreAnErrorAndNotTheirDefaults() async throws {
        let flags: any FeatureFlagService = SQLiteFeatureFlagService(database: try await damagedDatabase())
        do {
            let overrides = try await flags.overrides()
            Issue.record("read from a damaged database: \(overrides)")
        } catch {
            #expect(error.kind == .storage)
            #expect(error.message.contains("is damaged"), "\(error.message)")
        }
        do {
            let value = try await flags.value(of: .pagedFeed)
            Issue.record("read from a damaged database: \(value)")
        } catch {
            #expect(error.kind == .storage)
            #expect(error.message.contains("is damaged"), "\(error.message)")
        }
    }

    @Test func aLikeIsNotTriedWhenTheFlakyLikesFlagCannotBeRead() async throws {
        let damaged: any FeatureFlagService = SQLiteFeatureFlagService(database: try await damagedDatabase())
        let sound = DataDirectory.temporary("read-errors-sound")
        let container = try Container.persistent(in: sound)
        let posts = SQLitePostRepository(database: AppDatabase(path: sound.database)) { () async throws(ServiceError) in
            try await damaged.value(of: .flakyLikes)
        }
        await #expect(throws: ServiceError.self) { try await posts.setLiked(true, postID: 7, by: 1) }
        #expect(try await container.posts.isLiked(postID: 7, by: 1) == false, "nothing was written")
    }
}
