import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``RegisterViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct RegisterView: TextView {
    let model: RegisterViewModel

    /// The view of `model`.
    public init(model: RegisterViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Create an account", .title)
        text.append("Choose a user name (3 to 20 lower-case letters, digits or _) and a password.", .dim)
        if let error = model.error { text.append("Could not register: \(error)", .error) }
        return text
    }
}
