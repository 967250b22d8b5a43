extension Feature {
    /// The app's features, one line each.
    public static let all: [Feature] = [
        .login,
        .main,
        .settings,
    ]
}
