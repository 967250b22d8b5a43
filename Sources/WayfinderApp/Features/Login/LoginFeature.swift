import Wayfinder
import WayfinderTerminal

extension Feature {
    /// Login: sign in, register, forgot password, terms.
    static var login: Feature {
        Feature(
            flow: LoginRoute.flow,
            flowCommands: [ScreenCommand("login", "<name>", "sign in (the password is asked for next)")],
            makeScreen: { route, context in
                let login = context.app.login
                let auth = context.container.auth
                switch LoginRoute(route: route) {
                case .signIn?: return FeatureScreen(SignInViewModel(router: login, auth: auth) { [store = context.app.store] in store.state.pending }, SignInView.init)
                case .register?: return FeatureScreen(RegisterViewModel(router: login, auth: auth), RegisterView.init)
                case .forgot(let email)?: return FeatureScreen(ForgotPasswordViewModel(router: login, email: email), ForgotPasswordView.init)
                case .terms?: return FeatureScreen(TermsViewModel(router: login), TermsView.init)
                case nil: return nil
                }
            },
            runFlowCommand: { input, app in
                guard input.name == "login" else { return nil }
                // From any Login screen: back to sign-in, then start there.
                let back = navigate { () throws(NavigationError) in try app.login.popToRoot() }
                if back.isError { return back }
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
