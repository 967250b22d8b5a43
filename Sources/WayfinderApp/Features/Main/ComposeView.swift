import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``ComposeViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct ComposeView: TextView {
    let model: ComposeViewModel

    /// The view of `model`.
    public init(model: ComposeViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("New post", .title)
        text.append(line: [TextSpan("Title: ", .dim), TextSpan(model.title.isEmpty ? "(empty)" : model.title)])
        text.append(line: [TextSpan("Text:  ", .dim), TextSpan(model.body.isEmpty ? "(empty)" : model.body)])
        return text
    }
}
