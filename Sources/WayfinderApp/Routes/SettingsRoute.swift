import Wayfinder

/// The screens of the Settings flow.
public enum SettingsRoute: FlowRoute {
    /// The flow's root: the list of settings and feature flags.
    case settings
    /// Edit the signed-in user's profile.
    case editProfile
    /// Notification preferences.
    case notifications
    /// About the app, as a sheet.
    case about
    /// The sign-out confirmation, as an alert.
    case logout

    /// The screen names, as in `Routes/app.routes`.
    public enum Screen: String, CaseIterable, Sendable {
        case settings, editProfile, notifications, about, logout
    }

    public static let flow = "settings"

    public var screen: Screen {
        switch self {
        case .settings: .settings
        case .editProfile: .editProfile
        case .notifications: .notifications
        case .about: .about
        case .logout: .logout
        }
    }

    public init?(route: Route) {
        guard let screen = Screen(rawValue: route.screen) else { return nil }
        switch screen {
        case .settings: self = .settings
        case .editProfile: self = .editProfile
        case .notifications: self = .notifications
        case .about: self = .about
        case .logout: self = .logout
        }
    }

    public var route: Route { Route(screen.rawValue) }
}
