import Wayfinder
import WayfinderTerminal

/// The sign-out confirmation, as an alert: `yes` signs out everywhere, `no` stays.
@MainActor
public final class SignOutAlertViewModel: ScreenModel {
    let router: any Routable<SettingsRoute>

    /// Creates the view model.
    public init(router: any Routable<SettingsRoute>) {
        self.router = router
    }

    public var commands: [ScreenCommand] {
        [ScreenCommand("yes", "", "sign out"), ScreenCommand("no", "", "stay signed in")]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "yes":
            return SignOutRequested.reply(sending: router.send)
        case "no":
            return navigate { () throws(NavigationError) in try router.dismiss() }
        default:
            return nil
        }
    }

}
