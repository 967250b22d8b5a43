import Wayfinder

/// The screens of the Main flow (tabs feed, search and me).
public enum MainRoute: FlowRoute {
    /// The feed tab's root: the paged list of posts.
    case feed
    /// The search tab's root, with the current query.
    case search(query: String?)
    /// The me tab's root: the signed-in user's own profile.
    case me
    /// One post.
    case post(id: Int)
    /// The comments of the post below it in the stack.
    case comments
    /// A user's profile.
    case user(id: Int)
    /// Write a new post, as a sheet.
    case compose

    /// The screen names, as in `Routes/app.routes`.
    public enum Screen: String, CaseIterable, Sendable {
        case feed, search, me, post, comments, user, compose
    }

    public static let flow = "main"

    public var screen: Screen {
        switch self {
        case .feed: .feed
        case .search: .search
        case .me: .me
        case .post: .post
        case .comments: .comments
        case .user: .user
        case .compose: .compose
        }
    }

    public init?(route: Route) {
        switch Screen(rawValue: route.screen) {
        case .feed: self = .feed
        case .search: self = .search(query: route["q"]?.stringValue)
        case .me: self = .me
        case .post:
            guard let id = route["id"]?.intValue else { return nil }
            self = .post(id: id)
        case .comments: self = .comments
        case .user:
            guard let id = route["id"]?.intValue else { return nil }
            self = .user(id: id)
        case .compose: self = .compose
        case nil: return nil
        }
    }

    public var route: Route {
        switch self {
        case .search(let query?): Route(screen.rawValue, ["q": .string(query)])
        case .post(let id), .user(let id): Route(screen.rawValue, ["id": .int(id)])
        default: Route(screen.rawValue)
        }
    }
}
