import Wayfinder
import WayfinderTerminal

/// A Main screen that shows posts: it opens one with `post <id>`, and may offer `compose`.
@MainActor
protocol PostOpening: ScreenModel {
    /// The Main flow's intents.
    var router: any Routable<MainRoute> { get }
    /// Where posts are read.
    var posts: any PostRepository { get }
    /// The posts on screen, whose ids `post` completes.
    var shownPosts: [Post] { get }
}

extension PostOpening {
    /// `post <id>`: pushes the post after checking that it exists.
    static func openPost(_ summary: String) -> ScreenCommand<Self> {
        ScreenCommand(
            "post", "<id>", summary, arguments: 1...1,
            usageError: { input in input.arguments.isEmpty ? "which post? give its id" : nil },
            completions: { model, index in index == 0 ? model.shownPosts.map { String($0.id) } : [] }
        ) { model, input in
            switch parseID(input.arguments[0], what: "post") {
            case .failure(let failure):
                return .failed(failure.message)
            case .success(let id):
                guard (try? await model.posts.post(id: id)) ?? nil != nil else { return .failed("post \(id) does not exist") }
                return navigate { () throws(NavigationError) in try model.router.push(.post(id: id)) }
            }
        }
    }
}

extension PostOpening {
    /// `compose`: the new-post sheet, over this screen.
    static func compose(when isOffered: @escaping @MainActor (Self) -> Bool = { _ in true }) -> ScreenCommand<Self> {
        ScreenCommand("compose", "", "write a new post", when: isOffered) { model, _ in
            navigate { () throws(NavigationError) in try model.router.present(.compose) }
        }
    }
}

/// `known` plus the users of `ids` that were not in it yet.
func loadingAuthors(of ids: [Int], into known: [Int: User], from users: any UserRepository) async throws(ServiceError) -> [Int: User] {
    var result = known
    for id in Set(ids).sorted() where result[id] == nil {
        if let user = try await users.user(id: id) { result[id] = user }
    }
    return result
}
