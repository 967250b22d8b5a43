import Wayfinder
import WayfinderKit
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
        // Once sent, what was done, and only that: the address typed may not be the link's
        // email, and whether it has an account is never told (so never "was sent").
        if let sentTo = model.sentTo {
            text.append(ForgotPasswordViewModel.sentSentence(to: sentTo), .success)
        } else {
            text.append("Email: \(model.email ?? "(none given)")")
        }
        return text
    }
}
