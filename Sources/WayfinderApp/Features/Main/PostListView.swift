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

/// `1 like`, `2 likes`.
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
