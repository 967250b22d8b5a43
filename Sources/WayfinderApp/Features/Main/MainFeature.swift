import Wayfinder

extension Feature {
    /// Main: tabs feed, search and me; posts, comments, profiles, compose.
    static var main: Feature {
        Feature(
            flow: MainRoute.flow,
            entryCommand: ScreenCommand("main", "", "back to the feed and tabs"),
            makeModel: { route, context in
                guard let user = context.user, let route = MainRoute(route: route) else { return nil }
                return makeModel(route, user: user, context: context)
            },
            missingReference: { route, container throws(ServiceError) in
                switch MainRoute(route: route) {
                case .post(let id)?: try await container.posts.post(id: id) == nil ? "post \(id)" : nil
                case .user(let id)?: try await container.users.user(id: id) == nil ? "user \(id)" : nil
                default: nil
                }
            }
        )
    }

    private static func makeModel(_ route: MainRoute, user: User, context: ScreenContext) -> any ScreenModel {
        let (main, posts, users) = (context.app.main, context.container.posts, context.container.users)
        switch route {
        case .feed: return FeedViewModel(router: main, posts: posts, settings: context.container.settings, users: users)
        case .search(let query): return SearchViewModel(router: main, posts: posts, users: users, query: query)
        case .me: return ProfileViewModel(router: main, posts: posts, users: users, userID: user.id, isOwnProfile: true, isMeTab: true)
        case .post(let id): return PostViewModel(router: main, posts: posts, users: users, postID: id, viewerID: user.id)
        case .comments:
            let postID = context.stack.routes.last { $0.screen == MainRoute.Screen.post.rawValue }?["id"]?.intValue ?? 0
            return CommentsViewModel(router: main, posts: posts, users: users, postID: postID)
        case .user(let id): return ProfileViewModel(router: main, posts: posts, users: users, userID: id, isOwnProfile: id == user.id)
        case .compose: return ComposeViewModel(router: main, posts: posts, authorID: user.id)
        }
    }
}

extension AppCoordinator {
    /// The Main flow's coordinator.
    public var main: MainCoordinator { coordinator(MainCoordinator.self) }
}
