/// A member of the sample app.
public struct User: Hashable, Codable, Sendable, Identifiable {
    /// The user's id (`wayfinder://main/feed/post/1/people/ID`).
    public let id: Int
    /// The sign-in name: lower-case letters, digits, `_`; 3 to 20 characters.
    public let username: String
    /// The name shown on screens.
    public var displayName: String
    /// A short text about the user.
    public var bio: String

    /// Creates a user.
    public init(id: Int, username: String, displayName: String, bio: String) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.bio = bio
    }
}
