import Wayfinder
import WayfinderTerminal

/// The sign-in screen: `login NAME`, then the password at a prompt that does not echo.
@MainActor
public final class SignInViewModel: ScreenModel, PasswordScreen {
    private let router: any Routable<LoginRoute>
    private let auth: any AuthService
    private let pendingLink: () -> String?
    private let step = PasswordStep()
    /// The user name waiting for its password.
    public var awaitingPasswordFor: String? { step.name }
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

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("login", "<name>", "sign in (the password is asked for next)"),
            ScreenCommand("register", "", "create an account"),
            ScreenCommand("forgot", "[email]", "reset a forgotten password"),
            ScreenCommand("terms", "", "read the terms of service"),
        ]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "login":
            switch Self.userName(in: input) {
            case .failure(let failure):
                return .failed(failure.message)
            case .success(let name):
                step.begin(for: name)
                return .done(nil)
            }
        case "register":
            return navigate { () throws(NavigationError) in try router.push(.register) }
        case "forgot":
            guard input.arguments.count <= 1 else { return .failed("usage: forgot [email]") }
            let email = input.arguments.first
            return navigate { () throws(NavigationError) in try router.push(.forgot(email: email)) }
        case "terms":
            return navigate { () throws(NavigationError) in try router.present(.terms) }
        default:
            return nil
        }
    }

    public var secretPrompt: String? { step.prompt("Password for") }

    public func receiveSecret(_ secret: String) async -> ReplReply {
        let auth = self.auth
        return await step.finish(with: secret, router: router, authenticate: { name, password throws(ServiceError) in
            try await auth.signIn(username: name, password: password)
        }, welcome: { "Signed in as \($0.username)." })
    }

    public func cancelInput() { step.cancel() }

    func cancelPassword() -> String? {
        step.cancel() ? Self.cancellation : nil
    }

    /// What Ctrl-C or the end of input at the sign-in password prompt says.
    static let cancellation = "Sign-in cancelled."

    /// The user name of `login NAME`, or why the command is wrong: the password is never
    /// typed on the same line.
    static func userName(in input: CommandInput) -> Result<String, ScreenFailure> {
        guard input.arguments.count == 1, let name = input.arguments.first else {
            return .failure(ScreenFailure(input.arguments.count > 1
                ? "type only the user name; the password is asked for next, without echo"
                : "usage: login <name>"))
        }
        return .success(name)
    }

}
