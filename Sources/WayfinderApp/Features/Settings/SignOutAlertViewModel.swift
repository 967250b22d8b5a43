import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The sign-out confirmation, as an alert: `yes` signs out everywhere, `no` stays.
@MainActor
public final class SignOutAlertViewModel: ScreenModel {
    let router: any Routable<SettingsRoute>

    /// Creates the view model.
    public init(router: any Routable<SettingsRoute>) {
        self.router = router
    }

    public static let commands: [ScreenCommand<SignOutAlertViewModel>] = [
        ScreenCommand("yes", "", "sign out") { model, _ in SignOutRequested.reply(sending: model.router.send) },
        ScreenCommand("no", "", "stay signed in") { model, _ in
            navigate { () throws(NavigationError) in try model.router.dismiss() }
        },
    ]

    public func load() async {}

}
