import Wayfinder
import WayfinderKit

extension Feature {
    /// Main: tabs feed, search and me; posts, comments, profiles, compose.
    static var main: Feature {
        Feature(
            flow: MainRoute.flow,
            commands: [.showing(MainRoute.flow, "main", "back to the feed and tabs")],
            makeScreen: { route, context in
                guard let user = context.user, let route = MainRoute(route: route) else { return nil }
                return makeScreen(route, user: user, context: context)
            },
            missingReference: { route, container throws(ServiceError) in
                switch MainRoute(route: route) {
                case .post(let id)?: try await container.posts.post(id: id) == nil ? "post \(id)" : nil
                case .person(let id)?: try await container.users.user(id: id) == nil ? "user \(id)" : nil
                default: nil
                }
            }
        )
    }

    private static func makeScreen(_ route: MainRoute, user: User, context: ScreenContext) -> Screen? {
        let (main, posts, users, flags) = (context.app.main, context.container.posts, context.container.users, context.container.flags)
        switch route {
        case .feed: return Screen(FeedViewModel(router: main, posts: posts, settings: flags, users: users), FeedView.init)
        case .search(let query): return Screen(SearchViewModel(router: main, posts: posts, users: users, settings: flags, query: query), SearchView.init)
        case .me:
            let model = ProfileViewModel(router: main, posts: posts, users: users, settings: flags, userID: user.id, isOwnProfile: true, isMeTab: true)
            return Screen(model, ProfileView.init)
        case .post(let id): return Screen(PostViewModel(router: main, posts: posts, users: users, postID: id, viewerID: user.id), PostView.init)
        case .comments:
            // The graph has comments follow a post only (`after post`).
            guard case .post(let postID)? = context.follows.flatMap(MainRoute.init(route:)) else { return nil }
            return Screen(CommentsViewModel(router: main, posts: posts, users: users, postID: postID), CommentsView.init)
        case .person(let id):
            return Screen(ProfileViewModel(router: main, posts: posts, users: users, settings: flags, userID: id, isOwnProfile: id == user.id), ProfileView.init)
        case .compose: return Screen(ComposeViewModel(router: main, posts: posts, authorID: user.id), ComposeView.init)
        }
    }
}

extension AppCoordinator {
    /// The Main flow's coordinator.
    public var main: MainCoordinator { coordinator(MainCoordinator.self) }
}
