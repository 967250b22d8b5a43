import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// A user signed in (or registered): the app coordinator starts the session.
public struct SignInFinished: NavigationIntent {
    /// Who signed in.
    public let user: User
    /// Creates the intent.
    public init(user: User) { self.user = user }
}

/// Sign out everywhere: the app coordinator ends the session. The one way to sign out
/// (the shell's `logout` and Settings' confirmation both send it).
public struct SignOutRequested: NavigationIntent {
    /// Creates the intent.
    public init() {}

    /// Sends the intent up from `send` (a coordinator's), as a command's reply.
    @MainActor
    static func reply(sending send: (any NavigationIntent) throws(NavigationError) -> Void) -> ReplReply {
        let result = navigate { () throws(NavigationError) in try send(SignOutRequested()) }
        return result.isError ? result : .done("Signed out.")
    }
}

/// Show another flow (as with a link to its current screen): the app coordinator activates it.
public struct ShowFlow: NavigationIntent {
    /// The flow's name.
    public let flow: String
    /// Creates the intent.
    public init(_ flow: String) { self.flow = flow }
}
