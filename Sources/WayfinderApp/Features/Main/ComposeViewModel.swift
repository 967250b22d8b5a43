import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// Writing a new post, as a sheet: set a title and a body, then publish.
@MainActor
public final class ComposeViewModel: EditingScreen {
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

    public static let commands: [ScreenCommand<ComposeViewModel>] = [
        ScreenCommand("title", "<text>", "set the title", arguments: 1...Int.max) { model, input in
            // The limits are told when the text is typed, not at `publish`.
            if let problem = lengthProblem(input.freeText, "title", maximumTitleLength) ?? UserText.problem(in: input.freeText, field: .title) {
                return .failed(problem)
            }
            model.title = input.freeText
            return .done(nil)
        },
        ScreenCommand("body", "<text>", "set the text", arguments: 1...Int.max) { model, input in
            if let problem = lengthProblem(input.freeText, "text", maximumBodyLength) ?? UserText.problem(in: input.freeText, field: .body) {
                return .failed(problem)
            }
            model.body = input.freeText
            return .done(nil)
        },
        ScreenCommand("publish", "", "publish the post and open it") { model, _ in await model.publish() },
        ScreenCommand("cancel", "", "throw the draft away") { model, _ in
            navigate { () throws(NavigationError) in
                try model.router.dismiss()
                // Gone for good: `undo` brings back the sheet, not the draft.
                model.discardUnsavedEdits()
            }
        },
    ]

    public func load() async {}

    /// The draft, once it has a title or a text.
    public var unsavedEdits: UnsavedEdits? {
        let fields = [title.isEmpty ? nil : "title", body.isEmpty ? nil : "text"].compactMap(\.self)
        guard !fields.isEmpty else { return nil }
        return UnsavedEdits(
            "draft of a post (\(fields.joined(separator: " and ")))", keep: "publish", drop: "cancel", isPlural: false,
            typed: [title.isEmpty ? nil : "title \(title)", body.isEmpty ? nil : "body \(body)"].compactMap(\.self))
    }

    public func discardUnsavedEdits() {
        title = ""
        body = ""
    }

    /// What is wrong with the draft, or `nil`.
    public var problem: String? {
        if title.isEmpty { return "the post needs a title (title <text>)" }
        if let problem = Self.lengthProblem(title, "title", Self.maximumTitleLength) { return problem }
        if body.isEmpty { return "the post needs a text (body <text>)" }
        if let problem = Self.lengthProblem(body, "text", Self.maximumBodyLength) { return problem }
        return UserText.problem(in: title, field: .title) ?? UserText.problem(in: body, field: .body)
    }

    /// `the text is longer than 2000 characters (it has 2001)`, or `nil`.
    static func lengthProblem(_ text: String, _ field: String, _ maximum: Int) -> String? {
        text.count > maximum ? "the \(field) is longer than \(maximum) characters (it has \(text.count))" : nil
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
