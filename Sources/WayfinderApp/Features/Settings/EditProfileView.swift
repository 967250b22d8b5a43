import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``EditProfileViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct EditProfileView: TextView {
    let model: EditProfileViewModel

    /// The view of `model`.
    public init(model: EditProfileViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Edit profile", .title)
        guard let draft = model.draft else {
            text.append("The profile could not be loaded.", .error)
            return text
        }
        text.append(line: [TextSpan("Name: ", .dim), TextSpan(draft.displayName)])
        text.append(line: [TextSpan("Bio:  ", .dim), TextSpan(draft.bio.isEmpty ? "(empty)" : draft.bio)])
        if draft != model.saved { text.append("Unsaved changes: type save to keep them.", .dim) }
        return text
    }
}
