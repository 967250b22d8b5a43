import Wayfinder
import WayfinderKit
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

    public static let commands: [ScreenCommand<NotificationsViewModel>] = [
        switching(on: true, "receive a kind of notification"),
        switching(on: false, "stop a kind of notification"),
    ]

    /// `on KIND` or `off KIND`.
    private static func switching(on: Bool, _ summary: String) -> ScreenCommand<NotificationsViewModel> {
        let name = on ? "on" : "off"
        let kinds = ArgumentChoices("kind of notification", NotificationSettings.Kind.allCases.map(\.rawValue))
        return ScreenCommand(name, "<kind>", summary, arguments: 1...1, choices: { _, index in index == 0 ? kinds : nil }) { model, input in
            // The shell checked it against `kinds`.
            guard let kind = NotificationSettings.Kind(rawValue: input.arguments[0]) else { return .usageFailed(kinds.refusal(of: input.arguments[0])) }
            return await model.set(kind, on: on)
        }
    }

    public func load() async throws(ServiceError) {
        current = try await settings.notifications(for: userID)
    }

    /// Turns `kind` on or off. This kind only: the others stay as stored, whatever another
    /// process did since this screen read them.
    private func set(_ kind: NotificationSettings.Kind, on: Bool) async -> ReplReply {
        do {
            try await settings.setNotification(kind, enabled: on, for: userID)
        } catch {
            return .failed("could not save: \(error.message)")
        }
        if on { current.enabled.insert(kind) } else { current.enabled.remove(kind) }
        return .done("\(kind.rawValue) notifications \(on ? "on" : "off").")
    }

}
