import Wayfinder
import WayfinderKit

extension Feature {
    /// Settings: profile, notifications, feature flags, about, sign out.
    static var settings: Feature {
        Feature(
            flow: SettingsRoute.flow,
            commands: [.showing(SettingsRoute.flow, "settings", "open Settings")],
            makeScreen: { route, context in
                guard let user = context.user, let route = SettingsRoute(route: route) else { return nil }
                let (app, settings) = (context.app, context.app.settings)
                switch route {
                case .settings:
                    return Screen(SettingsViewModel(router: settings, settings: context.container.flags) { [weak app] in app?.user ?? user }, SettingsView.init)
                case .editProfile:
                    return Screen(EditProfileViewModel(router: settings, users: context.container.users, userID: user.id) { [weak app] updated in
                        app?.userChanged(to: updated)
                    }, EditProfileView.init)
                case .notifications:
                    guard let service = context.container.notificationSettings else { return nil }
                    return Screen(NotificationsViewModel(router: settings, settings: service, userID: user.id), NotificationsView.init)
                case .about: return Screen(AboutViewModel(router: settings, graph: app.store.graph), AboutView.init)
                case .logout: return Screen(SignOutAlertViewModel(router: settings), SignOutAlertView.init)
                }
            }
        )
    }
}

extension AppCoordinator {
    /// The Settings flow's coordinator.
    public var settings: SettingsCoordinator { coordinator(SettingsCoordinator.self) }
}
