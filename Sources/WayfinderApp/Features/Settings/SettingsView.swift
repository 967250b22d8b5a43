import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``SettingsViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct SettingsView: TextView {
    let model: SettingsViewModel

    /// The view of `model`.
    public init(model: SettingsViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        let user = model.currentUser()
        var text = StyledText()
        text.append("Settings", .title)
        text.append("Signed in as \(user.displayName) (@\(user.username))")
        text.appendBlank()
        text.append("Feature flags", .title)
        for entry in model.flags {
            text.append(line: [
                TextSpan("  \(entry.flag.id) ", .command),
                TextSpan(entry.value ? "on" : "off", entry.value ? .success : .plain),
                TextSpan(entry.isOverridden ? " (overridden)" : " (default)", .dim),
                TextSpan("  \(entry.flag.summary)", .dim),
            ])
        }
        return text
    }
}
