import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``FeedViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct FeedView: TextView {
    let model: FeedViewModel

    /// The view of `model`.
    public init(model: FeedViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Feed", .title)
        guard let page = model.page else {
            text.append("The feed could not be loaded.", .error)
            return text
        }
        text.append("Page \(page.number) of \(page.pageCount)", .dim)
        text.append(contentsOf: PostListView(posts: page.posts, authors: model.authors, showsIDs: model.showsPostIDs).body)
        return text
    }
}
