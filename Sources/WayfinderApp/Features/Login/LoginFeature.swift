import Wayfinder
import WayfinderTerminal

extension Feature {
    /// Login: sign in, register, forgot password, terms.
    static var login: Feature {
        Feature(
            flow: LoginRoute.flow,
            flowCommands: [ScreenCommand("login", "<name>", "sign in (the password is asked for next)")],
            makeModel: { route, context in
                let login = context.app.login
                let auth = context.container.auth
                switch LoginRoute(route: route) {
                case .signIn?: return SignInViewModel(router: login, auth: auth) { [store = context.app.store] in store.state.pending }
                case .register?: return RegisterViewModel(router: login, auth: auth)
                case .forgot(let email)?: return ForgotPasswordViewModel(router: login, email: email)
                case .terms?: return TermsViewModel(router: login)
                case nil: return nil
                }
            },
            runFlowCommand: { input, app in
                guard input.name == "login" else { return nil }
                // From any Login screen: back to sign-in, then start there.
                let back = navigate { () throws(NavigationError) in try app.store.perform { n throws(NavigationError) in try n.popToRoot() } }
                if case .failed = back { return back }
                return await app.visibleScreen().perform(input)
            },
            makeSessionCommand: { app in UserSwitch(app: app) }
        )
    }
}

extension AppCoordinator {
    /// The Login flow's coordinator.
    public var login: LoginCoordinator { coordinator(LoginCoordinator.self) }
}
