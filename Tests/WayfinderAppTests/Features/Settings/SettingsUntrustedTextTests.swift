import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Untrusted text in the Settings flow (removed with the Settings feature).
extension UntrustedTextTests {
    @MainActor
    @Test func editProfileRefusesARawEscapeAndAnOverride() async throws {
        let session = Session()
        try await session.signIn()
        try session.app.open("wayfinder://settings/profile", from: .app)
        let model = try #require(session.app.visibleScreen() as? EditProfileViewModel)
        try await model.load()
        let before = model.draft
        #expect(try await session.run("name Mallory\u{1B}]2;owned\u{07}")
            == .failed("the name cannot contain control characters or bidirectional overrides (found U+001B)"))
        #expect(try await session.run("bio \"Hello \u{202E}dlrow\"")
            == .failed("the bio cannot contain control characters or bidirectional overrides (found U+202E)"))
        #expect(try await session.run("bio a\u{7F}b")
            == .failed("the bio cannot contain control characters or bidirectional overrides (found U+007F)"))
        #expect(model.draft == before, "the draft is unchanged")
        #expect(try await session.run("save") == .done("Nothing to save."))
        #expect(try await session.app.container.users.user(id: 1) == before)
    }
}
