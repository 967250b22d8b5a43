import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``PostViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct PostView: TextView {
    let model: PostViewModel

    /// The view of `model`.
    public init(model: PostViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        guard let post = model.post else {
            text.append("Post \(model.postID)", .title)
            text.append("This post does not exist.", .error)
            return text
        }
        text.append(line: [TextSpan(post.title, .title), TextSpan("  [\(post.id)]", .link)])
        let by = model.author.map { "\($0.displayName) (@\($0.username), user \($0.id))" } ?? "user \(post.authorID)"
        text.append("by \(by)", .dim)
        text.appendBlank()
        text.append(post.body)
        text.appendBlank()
        text.append(line: [
            TextSpan("\(model.isLiked ? "♥" : "♡") \(count(post.likeCount, "like"))", model.isLiked ? .success : .plain),
            TextSpan(" · \(count(post.commentCount, "comment"))", .dim),
        ])
        return text
    }
}
