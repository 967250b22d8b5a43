import Wayfinder
import WayfinderTerminal

/// The feed tab: posts, newest first, a page at a time.
@MainActor
public final class FeedViewModel: ScreenModel {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let settings: any SettingsService
    let users: any UserRepository
    /// The page on screen.
    public private(set) var page: PostPage?
    /// The page number asked for.
    public private(set) var pageNumber = 1
    private(set) var authors: [Int: User] = [:]
    private(set) var showsIDs = true
    /// Creates the view model.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, settings: any SettingsService, users: any UserRepository) {
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

    /// The number of posts a page, from the `paged-feed` flag.
    private(set) var pageSize = 30

    public func load() async throws(ServiceError) {
        // One read for both flags.
        let flags = await settings.overrides()
        pageSize = FeatureFlag.pagedFeed.value(in: flags) ? 10 : 30
        showsIDs = FeatureFlag.showPostIDs.value(in: flags)
        try await loadPage(pageNumber)
    }

    /// Reads page `number` (the service keeps it within the pages there are).
    private func loadPage(_ number: Int) async throws(ServiceError) {
        let loaded = try await posts.page(number, size: pageSize)
        page = loaded
        pageNumber = loaded.number
        authors = try await loadingAuthors(of: loaded.posts.map(\.authorID), into: authors, from: users)
    }

    /// Shows page `number`, read now: the screen was loaded for this command before it ran.
    private func show(page number: Int) async -> ReplReply {
        do {
            try await loadPage(number)
        } catch {
            return .failed(error.message)
        }
        return .done(nil)
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        let count = page?.pageCount ?? 1
        switch input.name {
        case "post":
            return await openPost(input.arguments, router: router, posts: posts)
        case "next":
            guard pageNumber < count else { return .failed("this is the last page") }
            return await show(page: pageNumber + 1)
        case "prev":
            guard pageNumber > 1 else { return .failed("this is the first page") }
            return await show(page: pageNumber - 1)
        case "page":
            guard input.arguments.count == 1, let number = Int(input.arguments[0]), (1...count).contains(number) else {
                return .failed("usage: page <n>, with n from 1 to \(count)")
            }
            return await show(page: number)
        case "compose":
            return navigate { () throws(NavigationError) in try router.present(.compose) }
        case "refresh":
            // Loaded for this command already.
            return .done(nil)
        default:
            return nil
        }
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
