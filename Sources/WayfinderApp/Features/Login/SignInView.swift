import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``SignInViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct SignInView: TextView {
    let model: SignInViewModel

    /// The view of `model`.
    public init(model: SignInViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Sign in", .title)
        if let pending = model.pending {
            text.append(TextSpan("Sign in to continue to "), TextSpan(pending, .link))
        }
        text.append("Demo accounts: alice, bob, carol (password wonderland).", .dim)
        if let error = model.error {
            text.append("Sign-in failed: \(error)", .error)
        }
        return text
    }
}
