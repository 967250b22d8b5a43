import Wayfinder
import WayfinderTerminal

/// Writing a new post, as a sheet: set a title and a body, then publish.
@MainActor
public final class ComposeViewModel: ScreenModel {
    /// The longest title accepted.
    public static let maximumTitleLength = 80
    /// The longest body accepted.
    public static let maximumBodyLength = 2_000

    let router: any Routable<MainRoute>
    let posts: any PostRepository
    let authorID: Int
    /// The draft's title.
    public private(set) var title = ""
    /// The draft's body.
    public private(set) var body = ""

    /// Creates the view model for a post by `authorID`.
    public init(router: any Routable<MainRoute>, posts: any PostRepository, authorID: Int) {
        self.router = router
        self.posts = posts
        self.authorID = authorID
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("title", "<text>", "set the title"),
            ScreenCommand("body", "<text>", "set the text"),
            ScreenCommand("publish", "", "publish the post and open it"),
            ScreenCommand("cancel", "", "throw the draft away"),
        ]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "title":
            guard !input.freeText.isEmpty else { return .failed("usage: title <text>") }
            if let problem = UserText.problem(in: input.freeText, field: .title) { return .failed(problem) }
            title = input.freeText
        case "body":
            guard !input.freeText.isEmpty else { return .failed("usage: body <text>") }
            if let problem = UserText.problem(in: input.freeText, field: .body) { return .failed(problem) }
            body = input.freeText
        case "publish":
            return await publish()
        case "cancel":
            return navigate { () throws(NavigationError) in try router.dismiss() }
        default:
            return nil
        }
        return .done(nil)
    }

    /// What is wrong with the draft, or `nil`.
    public var problem: String? {
        if title.isEmpty { return "the post needs a title (title <text>)" }
        if title.count > Self.maximumTitleLength { return "the title is longer than \(Self.maximumTitleLength) characters" }
        if body.isEmpty { return "the post needs a text (body <text>)" }
        if body.count > Self.maximumBodyLength { return "the text is longer than \(Self.maximumBodyLength) characters" }
        return UserText.problem(in: title, field: .title) ?? UserText.problem(in: body, field: .body)
    }

    func publish() async -> ReplReply {
        if let problem { return .failed("cannot publish: \(problem)") }
        do {
            let post = try await posts.create(authorID: authorID, title: title, body: body)
            try router.perform([.dismiss, .push(.post(id: post.id))])
            return .done("Published post \(post.id).")
        } catch let error as ServiceError {
            return .failed("cannot publish: \(error.message)")
        } catch {
            return .failed("\(error)")
        }
    }

}
