import Wayfinder
import WayfinderTerminal

/// Which notifications the signed-in user receives; changes are saved at once.
@MainActor
public final class NotificationsViewModel: ScreenModel {
    let router: any Routable<SettingsRoute>
    let settings: any NotificationSettingsService
    let userID: Int
    /// The current settings.
    public private(set) var current = NotificationSettings()

    /// Creates the view model.
    public init(router: any Routable<SettingsRoute>, settings: any NotificationSettingsService, userID: Int) {
        self.router = router
        self.settings = settings
        self.userID = userID
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("on", "<kind>", "receive a kind of notification"),
            ScreenCommand("off", "<kind>", "stop a kind of notification"),
        ]
    }

    public func load() async throws(ServiceError) {
        current = try await settings.notifications(for: userID)
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        guard input.name == "on" || input.name == "off" else { return nil }
        let kinds = NotificationSettings.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard input.arguments.count == 1, let kind = NotificationSettings.Kind(rawValue: input.arguments[0]) else {
            return .failed("usage: \(input.name) <kind>, with kind one of \(kinds)")
        }
        // This kind only: the others stay as stored, whatever another process did since
        // this screen read them.
        do {
            try await settings.setNotification(kind, enabled: input.name == "on", for: userID)
        } catch {
            return .failed("could not save: \(error.message)")
        }
        if input.name == "on" { current.enabled.insert(kind) } else { current.enabled.remove(kind) }
        return .done("\(kind.rawValue) notifications \(input.name).")
    }

    public func completions(for command: String, argument index: Int) -> [String] {
        (command == "on" || command == "off") && index == 0 ? NotificationSettings.Kind.allCases.map(\.rawValue) : []
    }

}
