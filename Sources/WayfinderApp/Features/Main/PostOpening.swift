import Wayfinder
import WayfinderKit
import WayfinderTerminal
import WayfinderSystem

/// A Main screen that lists posts: it opens one with `post <id>` or `post #<n>` (its place
/// in the list), and may offer `compose`. Every such screen lists its posts with
/// ``PostListView``: with their ids, or, when the `show-post-ids` flag is off, with their
/// places, so that each one can be opened whatever the flag.
@MainActor
protocol PostOpening: ScreenModel {
    /// The Main flow's intents.
    var router: any Routable<MainRoute> { get }
    /// Where posts are read.
    var posts: any PostRepository { get }
    /// The posts on screen, in the order listed: `#1` is the first.
    var shownPosts: [Post] { get }
    /// Whether the list shows ids (the `show-post-ids` flag, read at load) or places.
    var showsPostIDs: Bool { get }
}

extension PostOpening {
    /// `post <id>` or `post #<n>`: pushes the post after checking that it exists.
    static func openPost(_ summary: String) -> ScreenCommand<Self> {
        ScreenCommand(
            "post", "<id>|#<n>", summary, arguments: 1...1,
            completions: { model, index in index == 0 ? model.postReferences : [] },
            details: { _ in .line("  #n is the n-th post listed on this screen (shown instead of ids when show-post-ids is off).", .dim) }
        ) { model, input in
            let id: Int
            switch model.post(named: input.arguments[0]) {
            case .refused(let reply): return reply
            case .id(let found): id = found
            }
            do {
                guard try await model.posts.post(id: id) != nil else { return .failed("post \(id) does not exist") }
            } catch {
                return .failed(error)
            }
            return navigate { () throws(NavigationError) in try model.router.push(.post(id: id)) }
        }
    }

    /// What the list shows for each post, which `post` completes: `12` or `#1`.
    private var postReferences: [String] {
        showsPostIDs ? shownPosts.map { String($0.id) } : shownPosts.indices.map { "#\($0 + 1)" }
    }

    /// The post `reference` names: an id (`12`), or a place in the list (`#1`).
    private func post(named reference: String) -> PostReference {
        guard reference.hasPrefix("#") else {
            switch parseID(reference, what: "post") {
            case .success(let id): return .id(id)
            case .failure(let failure): return .refused(.usageFailed(failure.message))
            }
        }
        guard let place = Int(reference.dropFirst()), place > 0 else {
            return .refused(.usageFailed("'\(reference.escapingControlCharacters)' is not a place in the list; places are #1, #2, …"))
        }
        guard place <= shownPosts.count else {
            return .refused(.failed("there is no post #\(place) here: this screen lists \(count(shownPosts.count, "post"))"))
        }
        return .id(shownPosts[place - 1].id)
    }
}

/// What `post`'s argument names: a post's id, or why it names none.
private enum PostReference {
    case id(Int)
    case refused(ReplReply)
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
