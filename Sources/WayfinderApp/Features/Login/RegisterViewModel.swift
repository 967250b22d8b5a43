import Wayfinder
import WayfinderTerminal

/// The register screen: `create NAME`, then the password at a prompt.
@MainActor
public final class RegisterViewModel: ScreenModel, PasswordScreen {
    let router: any Routable<LoginRoute>
    let auth: any AuthService
    let step = PasswordStep()
    /// The name waiting for its password.
    public var awaitingPasswordFor: String? { step.name }
    /// The last error, shown on the screen.
    public var error: String? { step.error }

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>, auth: any AuthService) {
        self.router = router
        self.auth = auth
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("create", "<name>", "create an account (the password is asked for next)"),
            ScreenCommand("terms", "", "read the terms of service"),
        ]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "create":
            guard input.arguments.count == 1, let name = input.arguments.first else { return .failed("usage: create <name>") }
            // The name first (valid, and nobody has it): no password is asked for an account
            // that cannot be made.
            do {
                try await auth.checkAvailable(username: name)
            } catch {
                step.fail(error.message)
                return .failed(error.message)
            }
            step.begin(for: name)
            return .done(nil)
        case "terms":
            return navigate { () throws(NavigationError) in try router.present(.terms) }
        default:
            return nil
        }
    }

    public var secretPrompt: String? { step.prompt("New password for", suffix: " (8 or more characters)") }

    public func receiveSecret(_ secret: String) async -> ReplReply {
        let auth = self.auth
        return await step.finish(with: secret, router: router, authenticate: { name, password throws(ServiceError) in
            try await auth.register(username: name, password: password)
        }, welcome: { "Welcome, \($0.username)! Your account is ready." })
    }

    public func cancelInput() { step.cancel() }

    func cancelPassword() -> String? {
        step.cancel() ? "Registration cancelled; no account was created." : nil
    }

}
