import Synchronization

/// Signs users in and creates accounts.
public protocol AuthService: Sendable {
    /// The user whose `password` matches.
    /// - Throws: ``ServiceError``: unknown user or wrong password.
    func signIn(username: String, password: String) async throws(ServiceError) -> User
    /// Creates an account and returns its user.
    /// - Throws: ``ServiceError`` when the name is taken or invalid, or the password is
    ///   refused (``AccountRules``: too short, or holding a control or bidirectional character).
    func register(username: String, password: String) async throws(ServiceError) -> User
    /// Checks, before a password is asked for, that a new account may take `username`: it
    /// follows ``AccountRules`` and nobody has it. ``register(username:password:)`` checks
    /// again (another process may take the name in between).
    /// - Throws: ``ServiceError`` saying what is wrong with the name.
    func checkAvailable(username: String) async throws(ServiceError)
}

/// Reads and writes posts, comments and likes.
public protocol PostRepository: Sendable {
    /// Page `number` (from 1) of the feed, newest first, `size` posts a page.
    func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage
    /// The post with `id`, if any.
    func post(id: Int) async throws(ServiceError) -> Post?
    /// The posts by `authorID`, newest first.
    func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post]
    /// The posts whose title or text contain `query`, newest first, compared as
    /// ``SearchMatcher`` says (canonical equivalence and case folding; accents count).
    /// - Throws: ``ServiceError`` when `query` breaks the ``UserText`` rule.
    func search(_ query: String) async throws(ServiceError) -> [Post]
    /// The comments of post `postID`, oldest first.
    func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment]
    /// Publishes a new post.
    /// - Throws: ``ServiceError`` when the title or the text breaks the ``UserText`` rule
    ///   (nothing is stored then).
    func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post
    /// Whether `userID` likes post `postID`.
    func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool
    /// Likes or unlikes; returns the new like count.
    func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int
}

/// Reads and writes users.
public protocol UserRepository: Sendable {
    /// The user with `id`, if any.
    func user(id: Int) async throws(ServiceError) -> User?
    /// Saves a changed profile, its display name and bio (the user name never changes),
    /// over `original`, the profile as it was read before the change: optimistic
    /// concurrency. With `original` `nil`, over whatever is stored.
    /// - Throws: ``ServiceError`` when the name or the bio breaks the ``UserText`` rule, the
    ///   user does not exist, or (``ServiceError/Kind/conflict``) the stored profile is no
    ///   longer `original` (another process saved it since): nothing is stored then.
    func update(_ user: User, replacing original: User?) async throws(ServiceError)
}

extension UserRepository {
    /// Saves a changed profile over whatever is stored (``update(_:replacing:)`` with no
    /// original).
    public func update(_ user: User) async throws(ServiceError) {
        try await update(user, replacing: nil)
    }
}

extension ServiceError {
    /// The profile of user `id` was saved by someone else since it was read.
    static func profileChanged(_ id: Int) -> ServiceError {
        ServiceError("the profile of user \(id) was changed elsewhere (by another process) since it was read", kind: .conflict)
    }
}

/// Feature-flag overrides: set in Settings, read by any feature (and by the services
/// themselves: likes fail while `flaky-likes` is on).
public protocol FeatureFlagService: Sendable {
    /// The value of `flag`: its override, else its default.
    /// - Throws: ``ServiceError`` when the overrides cannot be read: never taken for "no
    ///   override".
    func value(of flag: FeatureFlag) async throws(ServiceError) -> Bool
    /// Overrides `flag` (`nil` goes back to the default).
    func setOverride(_ value: Bool?, for flag: FeatureFlag) async throws(ServiceError)
    /// The current overrides by flag id.
    /// - Throws: ``ServiceError`` when they cannot be read: never taken for "none".
    func overrides() async throws(ServiceError) -> [String: Bool]
}

/// Keeps the signed-in user signed in across runs.
public protocol SessionStore: Sendable {
    /// The user of the saved session, when there is one and it is still valid.
    /// - Throws: ``ServiceError`` when the sessions cannot be read (the database cannot be
    ///   opened); the saved session is kept then.
    func restore() async throws(ServiceError) -> User?
    /// Remembers that `user` is signed in.
    func start(for user: User) async throws(ServiceError)
    /// Ends every session of `user`, here and in any other process using the same data.
    func end(for user: User) async throws(ServiceError)
    /// Whether the session this process is signed in with still exists: `false` once it
    /// was ended, here or by another process using the same data. Cheap to ask before
    /// every command.
    /// - Throws: ``ServiceError`` when the sessions cannot be read: never taken for
    ///   "signed out".
    func isCurrent() async throws(ServiceError) -> Bool
}

extension SessionStore {
    /// Sessions only this process knows cannot be ended elsewhere: always `true`.
    public func isCurrent() async throws(ServiceError) -> Bool { true }
}

/// Sessions that last as long as the process: nothing is remembered.
public struct TransientSessionStore: SessionStore {
    /// Creates the store.
    public init() {}
    public func restore() async -> User? { nil }
    public func start(for user: User) async throws(ServiceError) {}
    public func end(for user: User) async throws(ServiceError) {}
}

