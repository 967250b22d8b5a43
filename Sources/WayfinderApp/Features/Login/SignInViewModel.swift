import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The sign-in screen: `login NAME`, then the password at a prompt that does not echo.
@MainActor
public final class SignInViewModel: ScreenModel {
    let router: any Routable<LoginRoute>
    private let auth: any AuthService
    private let pendingLink: () -> String?
    let step = PasswordStep()
    /// The last sign-in error, shown on the screen.
    public var error: String? { step.error }

    /// Creates the view model.
    /// - Parameters:
    ///   - router: The Login flow's intents.
    ///   - auth: Checks passwords.
    ///   - pending: The link waiting for sign-in, if any.
    public init(router: any Routable<LoginRoute>, auth: any AuthService, pending: @escaping () -> String?) {
        self.router = router
        self.auth = auth
        self.pendingLink = pending
    }

    /// The link that opens after signing in.
    public var pending: String? { pendingLink() }

    public static let commands: [ScreenCommand<SignInViewModel>] = [
        login,
        ScreenCommand("register", "", "create an account") { model, _ in
            navigate { () throws(NavigationError) in try model.router.push(.register) }
        },
        ScreenCommand("forgot", "[email]", "reset a forgotten password", arguments: 0...1) { model, input in
            let email = input.arguments.first
            return navigate { () throws(NavigationError) in try model.router.push(.forgot(email: email)) }
        },
        ScreenCommand("terms", "", "read the terms of service") { model, _ in
            navigate { () throws(NavigationError) in try model.router.present(.terms) }
        },
    ]

    /// `login NAME`: the password is asked for next. Every screen of the Login flow offers
    /// it (``Feature/login``), after going back to this one.
    static let login = ScreenCommand<SignInViewModel>(
        "login", "<name>", "sign in (the password is asked for next)", arguments: 1...1, usageError: userNameError
    ) { model, input in
        model.step.begin(for: input.arguments[0])
        return .done(nil)
    }

    public func load() async {}

    public var secretPrompt: String? { step.prompt("Password for") }

    public func receiveSecret(_ secret: String) async -> ReplReply {
        let auth = self.auth
        return await step.finish(with: secret, router: router, authenticate: { name, password throws(ServiceError) in
            try await auth.signIn(username: name, password: password)
        }, welcome: { "Signed in as \($0.username)." })
    }

    /// Drops the password prompt; says so when one was on show.
    public func cancelInput() -> String? {
        step.cancel() ? Self.cancellation : nil
    }

    /// What Ctrl-C or the end of input at the sign-in password prompt says.
    static let cancellation = "Sign-in cancelled."

    /// Why `login NAME` was typed with other arguments than one name: the password is
    /// never typed on the same line.
    static func userNameError(_ input: CommandInput) -> String? {
        input.arguments.count > 1 ? "type only the user name; the password is asked for next, without echo" : nil
    }
}
