/// All the sample app's data in memory, seeded with ``DemoData``; the services below
/// share one instance. Used by `make run` and by tests.
public actor InMemoryDatabase {
    var users: [Int: User] = [:]
    var passwords: [String: String] = [:]
    var posts: [Int: Post] = [:]
    var comments: [PostComment] = []
    var likes: Set<DemoData.Like> = []
    var flagOverrides: [String: Bool] = [:]

    /// A database holding the demo data.
    public init() {
        for user in DemoData.users {
            users[user.id] = user
            passwords[user.username] = DemoData.password
        }
        likes = DemoData.likes
        comments = DemoData.comments
        for post in DemoData.posts {
            var seeded = post
            seeded.likeCount = likes.count { $0.postID == post.id }
            seeded.commentCount = comments.count { $0.postID == post.id }
            posts[post.id] = seeded
        }
    }

    func newestFirst(_ filter: (Post) -> Bool) -> [Post] {
        posts.values.filter(filter).sorted { $0.id > $1.id }
    }
}

/// ``AuthService`` over an ``InMemoryDatabase``.
public struct InMemoryAuthService: AuthService {
    let database: InMemoryDatabase
    /// Creates the service.
    public init(database: InMemoryDatabase) { self.database = database }

    public func signIn(username: String, password: String) async throws(ServiceError) -> User {
        let result = await database.signIn(username: username, password: password)
        return try result.get()
    }

    public func register(username: String, password: String) async throws(ServiceError) -> User {
        try await database.register(username: username, password: password).get()
    }

    public func checkAvailable(username: String) async throws(ServiceError) {
        try await database.checkAvailable(username: username).get()
    }
}

extension InMemoryDatabase {
    func signIn(username: String, password: String) -> Result<User, ServiceError> {
        guard let stored = passwords[username], let user = users.values.first(where: { $0.username == username }) else {
            return .failure(ServiceError("unknown user '\(username)'"))
        }
        guard stored == password else { return .failure(ServiceError("wrong password for '\(username)'", kind: .wrongPassword)) }
        return .success(user)
    }

    func register(username: String, password: String) -> Result<User, ServiceError> {
        if let problem = AccountRules.problem(username: username, password: password) { return .failure(ServiceError(problem)) }
        guard passwords[username] == nil else { return .failure(AccountRules.taken(username)) }
        let user = User(id: (users.keys.max() ?? 0) + 1, username: username, displayName: username, bio: "")
        users[user.id] = user
        passwords[username] = password
        return .success(user)
    }

    func checkAvailable(username: String) -> Result<Void, ServiceError> {
        if let problem = AccountRules.problem(username: username) { return .failure(ServiceError(problem)) }
        return passwords[username] == nil ? .success(()) : .failure(AccountRules.taken(username))
    }
}

/// The rules for new accounts, shared by every ``AuthService``.
///
/// A user name is 3 to 20 of `a`–`z`, `0`–`9` and `_`, checked scalar by scalar: no other
/// character (no upper case, no look-alike letters, no control or bidirectional character)
/// can be part of one. A name with a character the ``UserText`` rule refuses gets that
/// rule's message, as every field does.
public enum AccountRules {
    /// What is wrong with a new account's name, or `nil`.
    public static func problem(username: String) -> String? {
        if let problem = UserText.problem(in: username, field: .username) { return problem }
        let validName = (3...20).contains(username.unicodeScalars.count) && username.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        return validName ? nil : "a user name is 3 to 20 lower-case letters, digits or '_'"
    }

    /// What is wrong with a new account's name or password (``problem(newPassword:)``), or `nil`.
    public static func problem(username: String, password: String) -> String? {
        problem(username: username) ?? problem(newPassword: password)
    }

    /// The error for a name someone already has.
    static func taken(_ username: String) -> ServiceError {
        ServiceError("the name '\(username)' is taken")
    }
}

/// ``PostRepository`` over an ``InMemoryDatabase``; likes fail while `failsLikes` says so.
public struct InMemoryPostRepository: PostRepository {
    let database: InMemoryDatabase
    let failsLikes: @Sendable () async throws(ServiceError) -> Bool

    /// Creates the repository.
    /// - Parameters:
    ///   - database: The in-memory data.
    ///   - failsLikes: Asked before each like; `true` makes it fail (the `flaky-likes` flag),
    ///     and its error fails the like.
    public init(database: InMemoryDatabase, failsLikes: @escaping @Sendable () async throws(ServiceError) -> Bool = { false }) {
        self.database = database
        self.failsLikes = failsLikes
    }

    public func page(_ number: Int, size: Int) async throws(ServiceError) -> PostPage {
        await database.page(number, size: size)
    }

    public func post(id: Int) async throws(ServiceError) -> Post? {
        await database.posts[id]
    }

    public func posts(byAuthor authorID: Int) async throws(ServiceError) -> [Post] {
        await database.newestFirst { $0.authorID == authorID }
    }

    public func search(_ query: String) async throws(ServiceError) -> [Post] {
        try UserText.check(query, field: .search)
        let matcher = SearchMatcher(query)
        return await database.newestFirst { matcher.matches($0) }
    }

    public func comments(onPost postID: Int) async throws(ServiceError) -> [PostComment] {
        await database.comments(onPost: postID)
    }

    public func create(authorID: Int, title: String, body: String) async throws(ServiceError) -> Post {
        try UserText.check(title, field: .title)
        try UserText.check(body, field: .body)
        return await database.create(authorID: authorID, title: title, body: body)
    }

    public func isLiked(postID: Int, by userID: Int) async throws(ServiceError) -> Bool {
        await database.likes.contains(DemoData.Like(postID: postID, userID: userID))
    }

    public func setLiked(_ liked: Bool, postID: Int, by userID: Int) async throws(ServiceError) -> Int {
        if try await failsLikes() { throw ServiceError("the network is unreachable (flaky-likes is on)") }
        return try await database.setLiked(liked, postID: postID, by: userID).get()
    }
}

extension InMemoryDatabase {
    func page(_ number: Int, size: Int) -> PostPage {
        let all = newestFirst { _ in true }
        let size = max(1, size)
        let pageCount = max(1, (all.count + size - 1) / size)
        let number = min(max(1, number), pageCount)
        return PostPage(posts: Array(all.dropFirst((number - 1) * size).prefix(size)), number: number, pageCount: pageCount)
    }

    func comments(onPost postID: Int) -> [PostComment] {
        comments.filter { $0.postID == postID }
    }

    func create(authorID: Int, title: String, body: String) -> Post {
        let post = Post(id: (posts.keys.max() ?? 0) + 1, authorID: authorID, title: title, body: body)
        posts[post.id] = post
        return post
    }

    func setLiked(_ liked: Bool, postID: Int, by userID: Int) -> Result<Int, ServiceError> {
        guard var post = posts[postID] else { return .failure(ServiceError("post \(postID) does not exist")) }
        let like = DemoData.Like(postID: postID, userID: userID)
        if liked { likes.insert(like) } else { likes.remove(like) }
        post.likeCount = likes.count { $0.postID == postID }
        posts[postID] = post
        return .success(post.likeCount)
    }
}

/// ``UserRepository`` over an ``InMemoryDatabase``.
public struct InMemoryUserRepository: UserRepository {
    let database: InMemoryDatabase
    /// Creates the repository.
    public init(database: InMemoryDatabase) { self.database = database }

    public func user(id: Int) async throws(ServiceError) -> User? {
        await database.users[id]
    }

    public func update(_ user: User, replacing original: User?) async throws(ServiceError) {
        try UserText.check(user.displayName, field: .displayName)
        try UserText.check(user.bio, field: .bio)
        try await database.update(user, replacing: original).get()
    }
}

extension InMemoryDatabase {
    func update(_ user: User, replacing original: User?) -> Result<Void, ServiceError> {
        guard var stored = users[user.id] else { return .failure(ServiceError("user \(user.id) does not exist")) }
        if let original, original.displayName != stored.displayName || original.bio != stored.bio {
            return .failure(.profileChanged(user.id))
        }
        // The name and bio only, as in SQLite: the user name never changes.
        stored.displayName = user.displayName
        stored.bio = user.bio
        users[user.id] = stored
        return .success(())
    }

    func setOverride(_ value: Bool?, for flag: String) {
        flagOverrides[flag] = value
    }
}

/// ``FeatureFlagService`` over an ``InMemoryDatabase``.
public struct InMemoryFeatureFlagService: FeatureFlagService {
    let database: InMemoryDatabase
    /// Creates the service.
    public init(database: InMemoryDatabase) { self.database = database }

    public func value(of flag: FeatureFlag) async throws(ServiceError) -> Bool {
        flag.value(in: await database.flagOverrides)
    }

    public func setOverride(_ value: Bool?, for flag: FeatureFlag) async throws(ServiceError) {
        await database.setOverride(value, for: flag.id)
    }

    public func overrides() async throws(ServiceError) -> [String: Bool] {
        await database.flagOverrides
    }
}
