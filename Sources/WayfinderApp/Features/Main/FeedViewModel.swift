import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The feed tab: posts, newest first, a page at a time.
@MainActor
public final class FeedViewModel: ScreenModel, PostOpening {
    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let settings: any FeatureFlagService
    let users: any UserRepository
    /// The page on screen.
    public private(set) var page: PostPage?
    /// The page number asked for.
    public private(set) var pageNumber = 1
    private(set) var authors: [Int: User] = [:]
    private(set) var showsPostIDs = true
    /// Creates the view model.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, settings: any FeatureFlagService, users: any UserRepository) {
        self.router = router
        self.posts = posts
        self.settings = settings
        self.users = users
    }

    public static let commands: [ScreenCommand<FeedViewModel>] = [
        openPost("open a post"),
        ScreenCommand("next", "", "next page") { model, _ in
            guard model.pageNumber < model.pageCount else { return .failed("this is the last page") }
            return await model.show(page: model.pageNumber + 1)
        },
        ScreenCommand("prev", "", "previous page") { model, _ in
            guard model.pageNumber > 1 else { return .failed("this is the first page") }
            return await model.show(page: model.pageNumber - 1)
        },
        ScreenCommand(
            "page", "<n>", "go to page n", arguments: 1...1,
            completions: { model, index in index == 0 ? (1...model.pageCount).map(String.init) : [] }
        ) { model, input in
            guard let number = Int(input.arguments[0]), (1...model.pageCount).contains(number) else {
                return .usageFailed("usage: page <n> (n from 1 to \(model.pageCount))")
            }
            return await model.show(page: number)
        },
        compose(),
        // Loaded for this command already, before it runs.
        ScreenCommand("refresh", "", "load the feed again") { _, _ in .done(nil) },
    ]

    var shownPosts: [Post] { page?.posts ?? [] }

    /// The number of pages (1 before the first is read).
    var pageCount: Int { page?.pageCount ?? 1 }

    /// The number of posts a page, from the `paged-feed` flag.
    private(set) var pageSize = 30

    public func load() async throws(ServiceError) {
        // One read for both flags.
        let flags = try await settings.overrides()
        pageSize = FeatureFlag.pagedFeed.value(in: flags) ? 10 : 30
        showsPostIDs = FeatureFlag.showPostIDs.value(in: flags)
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
    func show(page number: Int) async -> ReplReply {
        do {
            try await loadPage(number)
        } catch {
            return .failed(error.message)
        }
        return .done(nil)
    }
}
