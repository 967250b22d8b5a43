import Wayfinder
import WayfinderTerminal

/// A list of posts, one line each: id, title, author, likes and comments.
struct PostListView {
    let posts: [Post]
    let authors: [Int: User]
    let showsIDs: Bool

    var body: StyledText {
        var text = StyledText()
        if posts.isEmpty { text.append("  (no posts)", .dim) }
        for post in posts {
            var spans: [TextSpan] = []
            spans.reserveCapacity(4)
            spans.append(TextSpan("  "))
            if showsIDs { spans.append(TextSpan("[\(post.id)] ", .link)) }
            spans.append(TextSpan(post.title))
            let author = authors[post.authorID].map { "@\($0.username)" } ?? "user \(post.authorID)"
            spans.append(TextSpan("  \(author) · \(count(post.likeCount, "like")) · \(count(post.commentCount, "comment"))", .dim))
            text.append(line: spans)
        }
        return text
    }
}

/// `known` plus the users of `ids` that were not in it yet.
func loadingAuthors(of ids: [Int], into known: [Int: User], from users: any UserRepository) async throws(ServiceError) -> [Int: User] {
    var result = known
    for id in Set(ids).sorted() where result[id] == nil {
        if let user = try await users.user(id: id) { result[id] = user }
    }
    return result
}

/// Pushes post `id` after checking that it exists.
@MainActor
func openPost(_ arguments: [String], router: any Routable<MainRoute>, posts: any PostRepository) async -> ReplReply {
    switch parseID(arguments, what: "post") {
    case .failure(let failure):
        return .failed(failure.message)
    case .success(let id):
        guard (try? await posts.post(id: id)) ?? nil != nil else { return .failed("post \(id) does not exist") }
        return navigate { () throws(NavigationError) in try router.push(.post(id: id)) }
    }
}

/// `1 like`, `2 likes`.
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
