import Wayfinder
import WayfinderTerminal

/// The feed tab: posts, newest first, a page at a time.
@MainActor
public final class FeedViewModel: ScreenModel {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let settings: any FeatureFlagService
    let users: any UserRepository
    /// The page on screen.
    public private(set) var page: PostPage?
    /// The page number asked for.
    public private(set) var pageNumber = 1
    private(set) var authors: [Int: User] = [:]
    private(set) var showsIDs = true
    /// Creates the view model.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, settings: any FeatureFlagService, users: any UserRepository) {
        self.router = router
        self.posts = posts
        self.settings = settings
        self.users = users
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("post", "<id>", "open a post"),
            ScreenCommand("next", "", "next page"),
            ScreenCommand("prev", "", "previous page"),
            ScreenCommand("page", "<n>", "go to page n"),
            ScreenCommand("compose", "", "write a new post"),
            ScreenCommand("refresh", "", "load the feed again"),
        ]
    }

    public func load() async throws(ServiceError) {
        // One read for both flags (this runs at every render of the feed).
        let flags = await settings.overrides()
        let size = FeatureFlag.pagedFeed.value(in: flags) ? 10 : 30
        showsIDs = FeatureFlag.showPostIDs.value(in: flags)
        let loaded = try await posts.page(pageNumber, size: size)
        page = loaded
        pageNumber = loaded.number
        authors = try await loadingAuthors(of: loaded.posts.map(\.authorID), into: authors, from: users)
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        let count = page?.pageCount ?? 1
        switch input.name {
        case "post":
            return await openPost(input.arguments, router: router, posts: posts)
        case "next":
            guard pageNumber < count else { return .failed("this is the last page") }
            pageNumber += 1
        case "prev":
            guard pageNumber > 1 else { return .failed("this is the first page") }
            pageNumber -= 1
        case "page":
            guard input.arguments.count == 1, let number = Int(input.arguments[0]), (1...count).contains(number) else {
                return .failed("usage: page <n>, with n from 1 to \(count)")
            }
            pageNumber = number
        case "compose":
            return navigate { () throws(NavigationError) in try router.present(.compose) }
        case "refresh":
            break
        default:
            return nil
        }
        return .done(nil)
    }

    public func completions(for command: String, argument index: Int) -> [String] {
        guard index == 0 else { return [] }
        switch command {
        case "post": return page?.posts.map { String($0.id) } ?? []
        case "page": return (1...(page?.pageCount ?? 1)).map(String.init)
        default: return []
        }
    }

    /// The page's lines.
    func list(of page: PostPage) -> StyledText {
        PostListView(posts: page.posts, authors: authors, showsIDs: showsIDs).body
    }
}
