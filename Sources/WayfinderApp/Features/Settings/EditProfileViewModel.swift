import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// Editing the signed-in user's name and bio; nothing changes until `save`.
///
/// A save is refused when the profile was saved elsewhere (another process) since this
/// screen read it: the message offers `revert` (load that version, dropping the changes
/// made here) or `save --force` (save these changes over it).
@MainActor
public final class EditProfileViewModel: EditingScreen {
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

    public static let commands: [ScreenCommand<EditProfileViewModel>] = [
        ScreenCommand("name", "<text>", "change the display name", arguments: 1...Int.max) { model, input in
            guard input.freeText.count <= maximumNameLength else { return .failed("a name has at most \(maximumNameLength) characters") }
            if let problem = UserText.problem(in: input.freeText, field: .displayName) { return .failed(problem) }
            model.draft?.displayName = input.freeText
            return .done(nil)
        },
        ScreenCommand("bio", "<text>", "change the bio", arguments: 0...Int.max) { model, input in
            guard input.freeText.count <= maximumBioLength else { return .failed("a bio has at most \(maximumBioLength) characters") }
            if let problem = UserText.problem(in: input.freeText, field: .bio) { return .failed(problem) }
            model.draft?.bio = input.freeText
            return .done(nil)
        },
        ScreenCommand(
            "save", "[--force]", "save the changes (--force: over a version saved elsewhere since)", arguments: 0...1,
            choices: { _, index in index == 0 ? saveOptions : nil }
        ) { model, input in
            await model.save(input.arguments)
        },
        ScreenCommand("revert", "", "drop the changes and load the profile as saved now") { model, _ in
            do throws(ServiceError) {
                model.saved = try await model.users.user(id: model.userID)
            } catch {
                return .failed("could not load the profile: \(error.message)")
            }
            model.draft = model.saved
            return .done(nil)
        },
    ]

    public func load() async throws(ServiceError) {
        guard saved == nil else { return }
        saved = try await users.user(id: userID)
        draft = saved
    }

    /// The fields of ``draft`` that differ from ``saved``.
    public var unsavedEdits: UnsavedEdits? {
        guard let draft, let saved else { return nil }
        let changed = [
            draft.displayName != saved.displayName ? ("name", draft.displayName) : nil,
            draft.bio != saved.bio ? ("bio", draft.bio) : nil,
        ].compactMap(\.self)
        guard !changed.isEmpty else { return nil }
        return UnsavedEdits(
            "changes to your profile (\(changed.map(\.0).joined(separator: " and ")))", keep: "save", drop: "revert", isPlural: true,
            typed: changed.map { "\($0.0) \($0.1)" })
    }

    /// Drops the edits: the draft is the stored profile again.
    public func discardUnsavedEdits() {
        draft = saved
    }

    /// What `save` takes.
    static let saveOptions = ArgumentChoices("save option", ["--force"])

    /// `save`, or `save --force`: over what was read (``saved``), or over whatever is
    /// stored now.
    func save(_ arguments: [String]) async -> ReplReply {
        // The shell checked them against saveOptions.
        guard arguments.isEmpty || arguments == ["--force"] else { return .usageFailed(Self.saveOptions.refusal(of: arguments.joined(separator: " "))) }
        guard let draft else { return .failed("the profile could not be loaded") }
        let force = !arguments.isEmpty
        guard draft != saved || force else { return .done("Nothing to save.") }
        do {
            try await users.update(draft, replacing: force ? nil : saved)
        } catch where error.kind == .conflict {
            return .failed(
                "not saved: your profile was changed elsewhere (by another process) since you opened it. "
                    + "`revert` loads that version and drops your changes; `save --force` saves yours over it")
        } catch {
            return .failed("could not save: \(error.message)")
        }
        saved = draft
        onSave(draft)
        return .done("Profile saved.")
    }
}
