import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``CommentsViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct CommentsView: TextView {
    let model: CommentsViewModel

    /// The view of `model`.
    public init(model: CommentsViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Comments on post \(model.postID)", .title)
        if model.comments.isEmpty { text.append("  No comments yet.", .dim) }
        for comment in model.comments {
            let author = model.authors[comment.authorID].map { "@\($0.username) (user \($0.id))" } ?? "user \(comment.authorID)"
            text.append(line: [TextSpan("  \(author): ", .dim), TextSpan(comment.text)])
        }
        return text
    }
}
