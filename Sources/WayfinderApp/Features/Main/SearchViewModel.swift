import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The search tab: the query is part of the link (`wayfinder://main/search?q=swift`).
@MainActor
public final class SearchViewModel: ScreenModel, PostOpening {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let users: any UserRepository
    let settings: any FeatureFlagService
    /// The query from the link.
    public let query: String?
    /// The posts found, newest first.
    public private(set) var results: [Post] = []
    /// Why the search could not run (the query from a link breaks the ``UserText`` rule, or
    /// the service failed), if it could not.
    public private(set) var error: String?
    private(set) var authors: [Int: User] = [:]
    private(set) var showsPostIDs = true

    /// Creates the view model for `query`; `settings` holds the `show-post-ids` flag.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, users: any UserRepository, settings: any FeatureFlagService, query: String?) {
        self.router = router
        self.posts = posts
        self.users = users
        self.settings = settings
        self.query = query
    }

    public static let commands: [ScreenCommand<SearchViewModel>] = [
        ScreenCommand("find", "<words>", "search posts", arguments: 1...Int.max) { model, input in
            let words = input.freeText
            if let problem = UserText.problem(in: words, field: .search) { return .failed(problem) }
            // Said in the command's words: the search goes into the link, whose values are bounded.
            if words.utf8.count > RouteGraph.maximumValueLength {
                return .failed("find: the words are \(words.utf8.count) bytes long; a search holds at most \(RouteGraph.maximumValueLength)")
            }
            return navigate { () throws(NavigationError) in try model.router.replaceRoot(with: .search(q: words)) }
        },
        ScreenCommand("clear", "", "clear the search") { model, _ in
            navigate { () throws(NavigationError) in try model.router.replaceRoot(with: .search(q: nil)) }
        },
        openPost("open a post"),
    ]

    var shownPosts: [Post] { results }

    public func load() async throws(ServiceError) {
        showsPostIDs = FeatureFlag.showPostIDs.value(in: try await settings.overrides())
        guard let query else { return }
        do {
            results = try await posts.search(query)
            error = nil
        } catch {
            results = []
            self.error = error.message
        }
        authors = try await loadingAuthors(of: results.map(\.authorID), into: authors, from: users)
    }
}
