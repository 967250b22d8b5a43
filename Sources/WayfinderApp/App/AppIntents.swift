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

/// Show the Settings flow.
public struct OpenSettings: NavigationIntent {
    /// Creates the intent.
    public init() {}
}

/// Show the Main flow.
public struct OpenMain: NavigationIntent {
    /// Creates the intent.
    public init() {}
}
