import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``SearchViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct SearchView: TextView {
    let model: SearchViewModel

    /// The view of `model`.
    public init(model: SearchViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Search", .title)
        guard let query = model.query else {
            text.append("Type find <words> to search posts.", .dim)
            return text
        }
        if let error = model.error {
            text.append("Could not search: \(error)", .error)
            return text
        }
        text.append("\(count(model.results.count, "post")) \(model.results.count == 1 ? "matches" : "match") \"\(query)\"", .dim)
        text.append(contentsOf: PostListView(posts: model.results, authors: model.authors, showsIDs: model.showsPostIDs).body)
        return text
    }
}
