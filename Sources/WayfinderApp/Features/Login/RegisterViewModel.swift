import Wayfinder
import WayfinderTerminal

/// The register screen: `create NAME`, then the password at a prompt.
@MainActor
public final class RegisterViewModel: ScreenModel {
    private let router: any Routable<LoginRoute>
    private let auth: any AuthService
    /// The name waiting for its password.
    public private(set) var awaitingPasswordFor: String?
    /// The last error, shown on the screen.
    public private(set) var error: String?

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

    public func perform(_ input: CommandInput) async -> ScreenResult? {
        switch input.name {
        case "create":
            guard input.arguments.count == 1, let name = input.arguments.first else { return .failed("usage: create <name>") }
            if let problem = AccountRules.problem(username: name, password: "12345678") {
                error = problem
                return .failed(problem)
            }
            awaitingPasswordFor = name
            error = nil
            return .done(nil)
        case "terms":
            return navigate { () throws(NavigationError) in try router.present(.terms) }
        default:
            return nil
        }
    }

    public var secretPrompt: String? {
        awaitingPasswordFor.map { "New password for \(Sanitizer.escape($0)) (8 or more characters): " }
    }

    public func receiveSecret(_ secret: String) async -> ScreenResult {
        guard let name = awaitingPasswordFor else { return .failed("no registration in progress") }
        awaitingPasswordFor = nil
        do {
            let user = try await auth.register(username: name, password: secret)
            error = nil
            try router.send(SignInFinished(user: user))
            return .done("Welcome, \(user.username)! Your account is ready.")
        } catch let failure as ServiceError {
            error = failure.message
            return .failed(failure.message)
        } catch {
            return .failed("\(error)")
        }
    }

    public func cancelInput() {
        awaitingPasswordFor = nil
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Create an account", .title)
        text.append("Choose a user name (3 to 20 lower-case letters, digits or _) and a password.", .dim)
        if let error { text.append("Could not register: \(error)", .error) }
        return text
    }
}
