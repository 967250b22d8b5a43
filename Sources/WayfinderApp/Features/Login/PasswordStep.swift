import Wayfinder
import WayfinderTerminal

/// The second half of signing in or registering: a user name is known, the password is
/// asked for next (without echo), then checked by `authenticate`; success bubbles
/// ``SignInFinished`` up to the app coordinator, failure is kept to show on the screen.
@MainActor
final class PasswordStep {
    /// The user name waiting for its password.
    private(set) var name: String?
    /// The last failure, shown on the screen.
    private(set) var error: String?

    /// Starts waiting for `name`'s password.
    func begin(for name: String) {
        self.name = name
        error = nil
    }

    /// Records a failure found before the password was asked for.
    func fail(_ message: String) {
        error = message
    }

    /// Stops waiting (Ctrl-C, end of input).
    func cancel() {
        name = nil
    }

    /// The prompt while waiting: `label` followed by the user name.
    func prompt(_ label: String, suffix: String = "") -> String? {
        name.map { "\(label) \(Sanitizer.escape($0))\(suffix): " }
    }

    /// Checks `password` for the waiting name.
    func finish(
        with password: String,
        router: any Routable<LoginRoute>,
        authenticate: (String, String) async throws(ServiceError) -> User,
        welcome: (User) -> String
    ) async -> ScreenResult {
        guard let name else { return .failed("no password was asked for") }
        self.name = nil
        do {
            let user = try await authenticate(name, password)
            error = nil
            try router.send(SignInFinished(user: user))
            return .done(welcome(user))
        } catch let failure as ServiceError {
            error = failure.message
            return .failed(failure.message)
        } catch {
            return .failed("\(error)")
        }
    }
}
