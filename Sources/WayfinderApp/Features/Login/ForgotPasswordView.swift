import Wayfinder
import WayfinderTerminal

/// The text of the screen ``ForgotPasswordViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct ForgotPasswordView: TextView {
    let model: ForgotPasswordViewModel

    /// The view of `model`.
    public init(model: ForgotPasswordViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Forgot your password?", .title)
        text.append("Email: \(model.email ?? "(none given)")")
        return text
    }
}
