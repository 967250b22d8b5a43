import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Edits saved over another process's newer version are refused (optimistic concurrency);
/// settings saved one at a time keep what another process changed meanwhile.
@MainActor
@Suite struct ConcurrentEditTests {
    let directory = DataDirectory.temporary("edits")
    let app: AppCoordinator
    /// Another process on the same data.
    let elsewhere: Container

    init() throws {
        app = AppCoordinator(container: try Container.persistent(in: directory))
        elsewhere = try Container.persistent(in: directory)
        try app.resume(as: DemoData.users[0])
    }

    private func screen<Model: ScreenModel>(_ link: String, as type: Model.Type) async throws -> Model {
        try app.open(link, from: .app)
        let model = try #require(app.visibleScreen() as? Model)
        try await model.load()
        return model
    }

    private func run(_ model: some ScreenModel, _ line: String) async throws -> ReplReply? {
        await model.perform(CommandInput(parsing: line))
    }

    @Test func aProfileSavedElsewhereSinceItWasReadIsNotOverwritten() async throws {
        let model = try await screen("wayfinder://settings/profile", as: EditProfileViewModel.self)
        let read = try #require(model.saved)
        var theirs = read
        theirs.bio = "Saved elsewhere"
        try await elsewhere.users.update(theirs, replacing: read)

        _ = try await run(model, "name Alice Here")
        let refused = try #require(try await run(model, "save"))
        #expect(refused.isError)
        #expect(refused.output.plainText.contains("changed elsewhere"))
        #expect(refused.output.plainText.contains("`revert`") && refused.output.plainText.contains("`save --force`"))
        #expect(try await elsewhere.users.user(id: 1) == theirs, "their bio kept")

        // Reloading, then saving again: both changes kept.
        _ = try await run(model, "revert")
        #expect(model.draft == theirs)
        _ = try await run(model, "name Alice Here")
        #expect(try await run(model, "save") == .done("Profile saved."))
        #expect(try await elsewhere.users.user(id: 1)?.bio == "Saved elsewhere")
        #expect(try await elsewhere.users.user(id: 1)?.displayName == "Alice Here")

        // Overwriting on purpose.
        var again = try #require(try await elsewhere.users.user(id: 1))
        again.bio = "Saved elsewhere again"
        try await elsewhere.users.update(again)
        _ = try await run(model, "bio Mine")
        #expect(try await run(model, "save")?.isError == true)
        #expect(try await run(model, "save --force") == .done("Profile saved."))
        #expect(try await elsewhere.users.user(id: 1)?.bio == "Mine")
    }

    @Test func theInMemoryProfilesRefuseAStaleSaveToo() async throws {
        let users = Container.demo().users
        let read = try #require(try await users.user(id: 2))
        var first = read, second = read
        first.bio = "First"
        second.displayName = "Second"
        try await users.update(first, replacing: read)
        let error = await #expect(throws: ServiceError.self) { try await users.update(second, replacing: read) }
        #expect(error?.kind == .conflict)
        #expect(try await users.user(id: 2) == first)
    }

    @Test func aNotificationTurnedOffHereKeepsOneTurnedOffElsewhereMeanwhile() async throws {
        let model = try await screen("wayfinder://settings/notifications", as: NotificationsViewModel.self)
        #expect(model.current.isOn(.likes) && model.current.isOn(.comments))
        let settings = try #require(elsewhere.notificationSettings)
        try await settings.setNotification(.likes, enabled: false, for: 1)
        // Without reading again: the view model's settings still have likes on.
        _ = try await run(model, "off comments")
        let stored = try await settings.notifications(for: 1)
        #expect(!stored.isOn(.likes), "the change made elsewhere is kept")
        #expect(!stored.isOn(.comments))
        #expect(stored.isOn(.follows))
    }
}
