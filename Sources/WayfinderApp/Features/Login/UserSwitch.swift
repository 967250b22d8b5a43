import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// `login NAME` typed while someone is signed in, on any screen: the password is asked for
/// over the screen on show, and the user signed in now is signed out only once it is right.
/// Then the same screen comes back, as the new user's (the sign-in applies it as the pending
/// link). A wrong password, Ctrl-C or the end of input at the prompt change nothing: the same
/// user is signed in, on the same screen, with the same stacks and history.
///
/// The shell owns one and asks it first: for the secret prompt, for the line typed at it,
/// and when the prompt is cancelled.
@MainActor
final class UserSwitch: SessionCommand {
    /// `login NAME` while someone is signed in (otherwise `login` is the Login flow's
    /// command); not listed, as it only asks for a password over the screen on show.
    static let commands: [Command<UserSwitch>] = [
        Command(
            "login", "<name>", "sign in as another user (the password is asked for next)", arguments: 1...1, listed: false,
            when: { userSwitch in userSwitch.app.user != nil }, usageError: SignInViewModel.userNameError
        ) { userSwitch, input in
            userSwitch.step.begin(for: input.arguments[0])
            return .done(nil)
        }
    ]

    private let app: AppCoordinator
    private let step = PasswordStep()

    /// A switch for `app`'s user.
    init(app: AppCoordinator) {
        self.app = app
    }


    /// While waiting, the prompt for the password (`Password for bob: `).
    var secretPrompt: String? { step.prompt("Password for") }

    /// Checks `password`; when it is right, the app coordinator signs the current user out
    /// and the new one in, on the screen that was on show (``SignInFinished`` while someone
    /// is signed in).
    func receiveSecret(_ password: String) async -> ReplReply {
        let auth = app.container.auth
        return await step.finish(
            with: password,
            router: app.login,
            authenticate: { name, password throws(ServiceError) in try await auth.signIn(username: name, password: password) },
            welcome: { "Signed in as \($0.username)." }
        )
    }

    /// Stops waiting (Ctrl-C, end of input); nothing else changes.
    /// - Returns: The sentence saying so, or `nil` when no password was being asked for.
    func cancel() -> String? {
        guard step.cancel() else { return nil }
        guard let user = app.user else { return SignInViewModel.cancellation }
        return "Sign-in cancelled; still signed in as \(user.username)."
    }
}
