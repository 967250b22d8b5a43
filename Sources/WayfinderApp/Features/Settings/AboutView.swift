import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``AboutViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct AboutView: TextView {
    let model: AboutViewModel

    /// The view of `model`.
    public init(model: AboutViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("About Wayfinder", .title)
        text.append("A coordinator/router navigation engine for text front ends.")
        text.append("This app: \(model.graph.flows.count) flows, \(model.graph.screens.count) screens, \(model.graph.edgeCount) edges, from Routes/app.routes.", .dim)
        return text
    }
}
