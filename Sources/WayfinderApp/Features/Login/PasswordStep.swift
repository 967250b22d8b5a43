import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The second half of signing in or registering: a user name is known, the password is
/// asked for next (without echo), then checked by `authenticate`; success bubbles
/// ``SignInFinished`` up to the app coordinator, failure is kept to show on the screen.
///
/// Nothing changes until the password is right: cancelling (Ctrl-C or the end of input at
/// the prompt, ``cancel()``) only stops waiting. A wrong password keeps the prompt, as `sudo`
/// does, for ``tries`` tries in all: the next line is the next try, never a command (in a
/// script too, where it is read from standard input as every password is).
@MainActor
final class PasswordStep {
    /// The user name waiting for its password.
    private(set) var name: String?
    /// The last failure, shown on the screen.
    private(set) var error: String?
    /// How many passwords may be tried for one name.
    static let tries = 3
    /// The tries left for ``name``.
    private var triesLeft = 0
    /// The command that asks again once the tries are spent (`login`, `create`).
    private var command = "login"

    /// Starts waiting for `name`'s password, asked for by `command`.
    func begin(for name: String, command: String = "login") {
        self.name = name
        self.command = command
        error = nil
        triesLeft = Self.tries
    }

    /// Records a failure found before the password was asked for.
    func fail(_ message: String) {
        error = message
    }

    /// Stops waiting because of what was typed at the prompt: `message` is kept to show on
    /// the screen and returned as the failure.
    func abandon(_ message: String) -> ReplReply {
        name = nil
        error = message
        return .failed(message)
    }

    /// Stops waiting (Ctrl-C, end of input).
    /// - Returns: Whether a password was being waited for.
    @discardableResult
    func cancel() -> Bool {
        defer { name = nil }
        return name != nil
    }

    /// The prompt while waiting: `label` followed by the user name.
    func prompt(_ label: String, suffix: String = "") -> String? {
        name.map { "\(label) \(Sanitizer.escape($0))\(suffix): " }
    }

    /// Checks `password` for the waiting name; one that breaks the password rule
    /// (``AccountRules/problem(password:)``) is refused before anything is asked of the
    /// services.
    /// - Parameters:
    ///   - router: Where ``SignInFinished`` is sent.
    ///   - authenticate: Checks the name and password.
    ///   - welcome: The sentence printed on success.
    func finish(
        with password: String,
        router: any Routable<LoginRoute>,
        authenticate: (String, String) async throws(ServiceError) -> User,
        welcome: (User) -> String
    ) async -> ReplReply {
        guard let name else { return .failed("no password was asked for") }
        if let problem = AccountRules.problem(password: password) { return refuse(problem) }
        do {
            let user = try await authenticate(name, password)
            self.name = nil
            error = nil
            try router.send(SignInFinished(user: user))
            return .done(welcome(user))
        } catch let failure as ServiceError where failure.kind == .wrongPassword {
            return refuse(failure.message)
        } catch let failure as ServiceError {
            self.name = nil
            error = failure.message
            return .failed(failure.message)
        } catch {
            self.name = nil
            return .failed("\(error)")
        }
    }

    /// A password refused: the prompt asks again while tries are left (the next line is the
    /// next try), else stops waiting.
    func refuse(_ message: String) -> ReplReply {
        triesLeft -= 1
        guard triesLeft <= 0, let name else {
            error = message
            return .failed(message)
        }
        return abandon("\(message) (\(Self.tries) tries; type \(command) \(Sanitizer.escape(name)) to try again)")
    }
}
