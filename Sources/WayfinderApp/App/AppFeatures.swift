extension Feature {
    /// The app's features, one line each.
    static let all: [Feature] = [
        .login,
        .main,
        .settings,
    ]
}
