import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``NotificationsViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct NotificationsView: TextView {
    let model: NotificationsViewModel

    /// The view of `model`.
    public init(model: NotificationsViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Notifications", .title)
        for kind in NotificationSettings.Kind.allCases {
            let on = model.current.isOn(kind)
            text.append(line: [TextSpan("  \(kind.rawValue) ", .command), TextSpan(on ? "on" : "off", on ? .success : .dim)])
        }
        return text
    }
}
