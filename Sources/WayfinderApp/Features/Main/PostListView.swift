import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// A list of posts, one line each: how to open it (its id, `[12]`, or, with the
/// `show-post-ids` flag off, its place, `#1`, as `post` takes them), title, author, likes and
/// comments. Every screen that lists posts shows them through it.
struct PostListView {
    let posts: [Post]
    let authors: [Int: User]
    let showsIDs: Bool

    var body: StyledText {
        var text = StyledText()
        if posts.isEmpty { text.append("  (no posts)", .dim) }
        for (index, post) in posts.enumerated() {
            var spans: [TextSpan] = []
            spans.reserveCapacity(4)
            spans.append(TextSpan("  "))
            spans.append(TextSpan(showsIDs ? "[\(post.id)] " : "#\(index + 1) ", .link))
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
