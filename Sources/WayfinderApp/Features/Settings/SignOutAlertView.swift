import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``SignOutAlertViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct SignOutAlertView: TextView {
    let model: SignOutAlertViewModel

    /// The view of `model`.
    public init(model: SignOutAlertViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Sign out?", .title)
        text.append("You will need your password to sign in again. (yes / no)")
        return text
    }
}
