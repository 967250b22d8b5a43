import Wayfinder

/// A user signed in (or registered): the app coordinator starts the session.
public struct SignInFinished: NavigationIntent {
    /// Who signed in.
    public let user: User
    /// Creates the intent.
    public init(user: User) { self.user = user }
}

/// Sign out everywhere: the app coordinator ends the session.
public struct SignOutRequested: NavigationIntent {
    /// Creates the intent.
    public init() {}
}

/// Show another flow (as with a link to its current screen): the app coordinator activates it.
public struct ShowFlow: NavigationIntent {
    /// The flow's name.
    public let flow: String
    /// Creates the intent.
    public init(_ flow: String) { self.flow = flow }
}
