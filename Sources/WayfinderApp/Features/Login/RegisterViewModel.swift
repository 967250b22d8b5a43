import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The register screen: `create NAME`, then the password at a prompt, then the same password
/// again. A password the rules refuse (``AccountRules``), or a repeat that does not match,
/// is refused and the prompt asks again, as signing in does (``PasswordStep/tries`` tries in
/// all): the lines after a refusal are passwords, never commands.
@MainActor
public final class RegisterViewModel: ScreenModel {
    let router: any Routable<LoginRoute>
    let auth: any AuthService
    let step = PasswordStep()
    /// The first entry of the new password while the second is asked for; only in memory,
    /// and dropped as soon as the second arrives or the prompt is cancelled.
    private var firstEntry: String?
    /// The last error, shown on the screen.
    public var error: String? { step.error }

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>, auth: any AuthService) {
        self.router = router
        self.auth = auth
    }

    public static let commands: [ScreenCommand<RegisterViewModel>] = [
        ScreenCommand("create", "<name>", "create an account (the password is asked for next)", arguments: 1...1) { model, input in
            await model.create(input.arguments[0])
        },
        ScreenCommand("terms", "", "read the terms of service") { model, _ in
            navigate { () throws(NavigationError) in try model.router.present(.terms) }
        },
    ]

    public func load() async {}

    /// `create NAME`: the name first (valid, and nobody has it), so that no password is
    /// asked for an account that cannot be made.
    private func create(_ name: String) async -> ReplReply {
        do {
            try await auth.checkAvailable(username: name)
        } catch {
            step.fail(error.message)
            return .failed(error.message)
        }
        step.begin(for: name, command: "create")
        return .done(nil)
    }

    public var secretPrompt: String? {
        firstEntry == nil
            ? step.prompt("New password for", suffix: " (\(AccountRules.minimumPasswordLength) or more characters)")
            : step.prompt("Repeat the password for")
    }

    public func receiveSecret(_ secret: String) async -> ReplReply {
        guard let first = firstEntry else {
            if let problem = AccountRules.problem(newPassword: secret) { return step.refuse(problem) }
            firstEntry = secret
            return ReplReply()
        }
        firstEntry = nil
        // Byte for byte: two spellings of "é" are one string to Swift but not one password.
        guard first.utf8.elementsEqual(secret.utf8) else {
            return step.refuse("the passwords do not match")
        }
        let auth = self.auth
        return await step.finish(with: secret, router: router, authenticate: { name, password throws(ServiceError) in
            try await auth.register(username: name, password: password)
        }, welcome: { "Welcome, \($0.username)! Your account is ready." })
    }

    /// Drops the password prompt; says so when one was on show.
    public func cancelInput() -> String? {
        firstEntry = nil
        return step.cancel() ? "Registration cancelled; no account was created." : nil
    }

}
