extension Feature {
    /// The app's features, one line each.
    public static let all: [Feature] = [
        .login,
        .main,
        .settings,
    ]
}

extension FeatureStorage {
    /// What the features keep in the database, one line for each feature that keeps
    /// anything (the services are made with the container, off the main actor, where
    /// ``Feature/all`` cannot be read).
    static let all: [FeatureStorage] = [
        .settings,
    ]
}
