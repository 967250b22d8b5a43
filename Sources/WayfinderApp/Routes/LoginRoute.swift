import Wayfinder

/// The screens of the Login flow.
public enum LoginRoute: FlowRoute {
    /// The flow's root: sign in with user name and password.
    case signIn
    /// Create an account.
    case register
    /// Ask for a password reset, optionally for a given email.
    case forgot(email: String?)
    /// The terms of service, as a sheet.
    case terms

    /// The screen names, as in `Routes/app.routes`.
    public enum Screen: String, CaseIterable, Sendable {
        case signIn, register, forgot, terms
    }

    public static let flow = "login"

    public var screen: Screen {
        switch self {
        case .signIn: .signIn
        case .register: .register
        case .forgot: .forgot
        case .terms: .terms
        }
    }

    public init?(route: Route) {
        switch Screen(rawValue: route.screen) {
        case .signIn: self = .signIn
        case .register: self = .register
        case .forgot: self = .forgot(email: route["email"]?.stringValue)
        case .terms: self = .terms
        case nil: return nil
        }
    }

    public var route: Route {
        switch self {
        case .forgot(let email?): Route(screen.rawValue, ["email": .string(email)])
        default: Route(screen.rawValue)
        }
    }
}
