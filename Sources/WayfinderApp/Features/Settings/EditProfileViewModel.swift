import Wayfinder
import WayfinderTerminal

/// Editing the signed-in user's name and bio; nothing changes until `save`.
@MainActor
public final class EditProfileViewModel: ScreenModel {
    /// The longest display name accepted.
    public static let maximumNameLength = 40
    /// The longest bio accepted.
    public static let maximumBioLength = 160

    let router: any Routable<SettingsRoute>
    let users: any UserRepository
    let userID: Int
    let onSave: (User) -> Void
    /// The saved profile.
    public private(set) var saved: User?
    /// The draft being edited.
    public private(set) var draft: User?

    /// Creates the view model; `onSave` hears of each saved profile.
    public init(router: any Routable<SettingsRoute>, users: any UserRepository, userID: Int, onSave: @escaping (User) -> Void) {
        self.router = router
        self.users = users
        self.userID = userID
        self.onSave = onSave
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("name", "<text>", "change the display name"),
            ScreenCommand("bio", "<text>", "change the bio"),
            ScreenCommand("save", "", "save the changes"),
            ScreenCommand("revert", "", "drop the changes"),
        ]
    }

    public func load() async throws(ServiceError) {
        guard saved == nil else { return }
        saved = try await users.user(id: userID)
        draft = saved
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "name":
            guard !input.freeText.isEmpty else { return .failed("usage: name <text>") }
            guard input.freeText.count <= Self.maximumNameLength else { return .failed("a name has at most \(Self.maximumNameLength) characters") }
            if let problem = UserText.problem(in: input.freeText, field: .displayName) { return .failed(problem) }
            draft?.displayName = input.freeText
        case "bio":
            guard input.freeText.count <= Self.maximumBioLength else { return .failed("a bio has at most \(Self.maximumBioLength) characters") }
            if let problem = UserText.problem(in: input.freeText, field: .bio) { return .failed(problem) }
            draft?.bio = input.freeText
        case "save":
            guard let draft else { return .failed("the profile could not be loaded") }
            guard draft != saved else { return .done("Nothing to save.") }
            do {
                try await users.update(draft)
            } catch {
                return .failed("could not save: \(error.message)")
            }
            saved = draft
            onSave(draft)
            return .done("Profile saved.")
        case "revert":
            draft = saved
        default:
            return nil
        }
        return .done(nil)
    }

}
