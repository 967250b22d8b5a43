import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``TermsViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct TermsView: TextView {
    let model: TermsViewModel

    /// The view of `model`.
    public init(model: TermsViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Terms of service", .title)
        text.append("1. Be kind. 2. Links you share are yours. 3. This is a demo; nothing leaves your machine.")
        return text
    }
}
