/// The deterministic demo data the app starts with: users `alice`, `bob` and `carol`
/// (password `wonderland`, like every demo account), 36 posts, their comments and likes.
public enum DemoData {
    /// The password of every demo account.
    public static let password = "wonderland"

    /// The demo users; ids 1 to 6.
    public static let users: [User] = [
        User(id: 1, username: "alice", displayName: "Alice Liddell", bio: "Curiouser and curiouser."),
        User(id: 2, username: "bob", displayName: "Bob Marley-Jones", bio: "Builds things, mostly routers."),
        User(id: 3, username: "carol", displayName: "Carol Singer", bio: "Writes about terminals and type systems."),
        User(id: 4, username: "dave", displayName: "Dave Rowe", bio: "Swift on the server."),
        User(id: 5, username: "erin", displayName: "Erin Shaw", bio: "Accessibility first."),
        User(id: 6, username: "mallory", displayName: "Mallory", bio: "Tests what your terminal renders."),
    ]

    private static let topics = [
        "Coordinators versus routers", "Deep links that survive refactors", "Strict concurrency in practice",
        "Testing navigation without a UI", "Why stacks are values", "Tabs with their own history",
        "Guards and pending links", "Undo for navigation", "Reading libedit's source",
        "Percent-decoding exactly once", "Sheets, alerts and dismissal", "A REPL that feels like psql",
    ]

    /// 36 posts; post 13 has a title carrying a terminal escape sequence, as hostile
    /// input a renderer must neutralise.
    public static let posts: [Post] = (1...36).map { id in
        // Post 13 is Mallory's: its title tries to rewrite the terminal's title.
        let author = id == 13 ? users[5] : users[(id - 1) % users.count]
        let title = id == 13
            ? "Terminal titles \u{1B}]2;x\u{07} can be rewritten"
            : "\(topics[(id - 1) % topics.count])\(id > topics.count ? " (part \((id - 1) / topics.count + 1))" : "")"
        let topic = topics[(id - 1) % topics.count]
        let body = "\(author.displayName) on \(topic.prefix(1).lowercased() + topic.dropFirst()), "
            + "with examples from the Wayfinder sample app."
        return Post(id: id, authorID: author.id, title: title, body: body)
    }

    private static let remarks = [
        "Great write-up, thanks!", "How does this interact with tabs?", "I tried this and it works.",
        "Could you share the routes file?", "This saved me an afternoon.",
    ]

    /// Post `n` has `n % 5` comments, by the users after its author.
    public static let comments: [PostComment] = {
        var result: [PostComment] = []
        for post in posts {
            for index in 0..<(post.id % 5) {
                let author = users[(post.authorID + index) % users.count]
                result.append(PostComment(id: result.count + 1, postID: post.id, authorID: author.id, text: remarks[(post.id + index) % remarks.count]))
            }
        }
        return result
    }()

    /// Who likes what at the start: user `u` likes post `p` when `(p + u) % 3 == 0`.
    public static let likes: Set<Like> = {
        var result: Set<Like> = []
        for post in posts {
            for user in users where (post.id + user.id) % 3 == 0 {
                result.insert(Like(postID: post.id, userID: user.id))
            }
        }
        return result
    }()

    /// One user liking one post.
    public struct Like: Hashable, Sendable {
        /// The post.
        public let postID: Int
        /// The user.
        public let userID: Int
    }
}
