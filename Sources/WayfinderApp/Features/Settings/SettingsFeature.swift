import Wayfinder

extension Feature {
    /// Settings: profile, notifications, feature flags, about, sign out.
    static var settings: Feature {
        Feature(
            flow: SettingsRoute.flow,
            entryCommand: ScreenCommand("settings", "", "open Settings"),
            makeModel: { route, context in
                guard let user = context.user, let route = SettingsRoute(route: route) else { return nil }
                let (app, settings) = (context.app, context.app.settings)
                switch route {
                case .settings:
                    return SettingsViewModel(router: settings, settings: context.container.settings) { [weak app] in app?.user ?? user }
                case .editProfile:
                    return EditProfileViewModel(router: settings, users: context.container.users, userID: user.id) { [weak app] updated in
                        app?.userChanged(to: updated)
                    }
                case .notifications: return NotificationsViewModel(router: settings, settings: context.container.settings, userID: user.id)
                case .about: return AboutViewModel(router: settings, graph: app.store.graph)
                case .logout: return SignOutAlertViewModel(router: settings)
                }
            }
        )
    }
}

extension AppCoordinator {
    /// The Settings flow's coordinator.
    public var settings: SettingsCoordinator { coordinator(SettingsCoordinator.self) }
}
