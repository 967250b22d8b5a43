import Wayfinder
import WayfinderKit
import WayfinderTerminal

extension Feature {
    /// Login: sign in, register, forgot password, terms.
    static var login: Feature {
        Feature(
            flow: LoginRoute.flow,
            commands: [
                // From any Login screen: back to sign-in, then start there.
                SignInViewModel.login.reached(
                    from: { app in
                        do throws(NavigationError) {
                            try app.login.popToRoot()
                        } catch {
                            return .failure(error)
                        }
                        guard let signIn = app.visibleScreen() as? SignInViewModel else {
                            return .failure(NavigationError(.notAllowed, "the sign-in screen is not shown"))
                        }
                        return .success(signIn)
                    },
                    when: { app in app.store.state.activeFlow == LoginRoute.flow })
            ],
            makeScreen: { route, context in
                let login = context.app.login
                let auth = context.container.auth
                switch LoginRoute(route: route) {
                case .signIn?: return Screen(SignInViewModel(router: login, auth: auth) { [store = context.app.store] in store.state.pending }, SignInView.init)
                case .register?: return Screen(RegisterViewModel(router: login, auth: auth), RegisterView.init)
                case .forgot(let email)?: return Screen(ForgotPasswordViewModel(router: login, email: email), ForgotPasswordView.init)
                case .terms?: return Screen(TermsViewModel(router: login), TermsView.init)
                case nil: return nil
                }
            },
            makeSessionCommand: { app in UserSwitch(app: app) }
        )
    }
}

extension AppCoordinator {
    /// The Login flow's coordinator.
    public var login: LoginCoordinator { coordinator(LoginCoordinator.self) }
}
