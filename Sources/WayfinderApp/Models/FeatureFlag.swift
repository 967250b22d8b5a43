/// A feature flag: a named switch with a default, overridable in Settings.
public struct FeatureFlag: Hashable, Sendable, Identifiable {
    /// The flag's name (`paged-feed`).
    public let id: String
    /// What it changes.
    public let summary: String
    /// Its value when not overridden.
    public let defaultValue: Bool

    /// Creates a flag.
    public init(id: String, summary: String, defaultValue: Bool) {
        self.id = id
        self.summary = summary
        self.defaultValue = defaultValue
    }

    /// The feed shows 10 posts a page (on) or 30 (off).
    public static let pagedFeed = FeatureFlag(id: "paged-feed", summary: "show the feed 10 posts a page (off: 30)", defaultValue: true)
    /// Likes fail as if the network were down, to show the optimistic rollback.
    public static let flakyLikes = FeatureFlag(id: "flaky-likes", summary: "make likes fail, to see them rolled back", defaultValue: false)
    /// Post ids are shown in lists (on), or places in the list (off); `post` takes either.
    public static let showPostIDs = FeatureFlag(id: "show-post-ids", summary: "show post ids in lists (off: their places, #1, #2, …)", defaultValue: true)

    /// Its value under `overrides` (``FeatureFlagService/overrides()``): the override, else the default.
    public func value(in overrides: [String: Bool]) -> Bool {
        overrides[id] ?? defaultValue
    }

    /// Every flag, in display order.
    public static let all: [FeatureFlag] = [.pagedFeed, .flakyLikes, .showPostIDs]
}
