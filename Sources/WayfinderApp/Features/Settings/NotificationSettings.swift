/// Which notifications a user receives.
public struct NotificationSettings: Hashable, Codable, Sendable {
    /// The kinds of notification, in display order.
    public enum Kind: String, CaseIterable, Codable, Sendable {
        case likes, comments, follows
    }

    /// The kinds switched on.
    public var enabled: Set<Kind>

    /// Creates settings.
    public init(enabled: Set<Kind> = Set(Kind.allCases)) {
        self.enabled = enabled
    }

    /// Whether `kind` is on.
    public func isOn(_ kind: Kind) -> Bool { enabled.contains(kind) }
}


/// Settings' notification settings, kept for each user (``FeatureStorage/settings``).
public protocol NotificationSettingsService: Sendable {
    /// The notification settings of `userID`.
    func notifications(for userID: Int) async throws(ServiceError) -> NotificationSettings
    /// Turns one kind of notification on or off for `userID`, leaving the others as they
    /// are stored (not as this process last read them: a change made meanwhile by another
    /// process stays).
    func setNotification(_ kind: NotificationSettings.Kind, enabled: Bool, for userID: Int) async throws(ServiceError)
}
