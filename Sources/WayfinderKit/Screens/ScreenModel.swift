import Wayfinder
import WayfinderTerminal

/// A command of a screen's view model (``ScreenModel``), declared once in its
/// ``CommandTarget/commands``: its help line, arguments and handler together.
public typealias ScreenCommand<Model: ScreenModel> = Command<Model>

/// A screen's view model: it holds what the screen shows, loads it from services, and
/// turns typed commands into service calls and navigation intents on its coordinator. Its
/// ``TextView`` makes the screen's text from that state. Its commands are its
/// ``CommandTarget/commands``, each declared once with its handler.
///
/// ```swift
/// @MainActor final class ShelfViewModel: ScreenModel {
///     static let commands: [ScreenCommand<ShelfViewModel>] = [
///         ScreenCommand("book", "<id>", "open a book", arguments: 1...1) { model, input in
///             navigate { try model.router.push(.book(id: input.arguments[0])) }
///         },
///     ]
///     let router: any Routable<LibraryRoute>
///     private(set) var books: [Book] = []
///     init(router: any Routable<LibraryRoute>) { self.router = router }
///     func load() async throws { books = … }
/// }
/// ```
@MainActor
public protocol ScreenModel: CommandTarget {
    /// Loads or refreshes what the screen shows. The shell calls it once per command:
    /// before one of the screen's own commands runs (which then keeps the view model up to
    /// date, reading what it changes), or else before the screen is shown.
    /// - Throws: Why the data cannot be read; the shell shows it as an error (see
    ///   ``ShellError``), never the screen as if there were no data.
    func load() async throws
    /// When the screen waits for a secret (a password), its prompt.
    var secretPrompt: String? { get }
    /// Receives the secret line asked for by ``secretPrompt``.
    func receiveSecret(_ secret: String) async -> ReplReply
    /// Drops a half-done input (Ctrl-C or the end of input at the password prompt).
    /// - Returns: The sentence saying what was cancelled, or `nil` to say nothing.
    func cancelInput() -> String?
}

extension ScreenModel {
    /// Nothing to load.
    public func load() async throws {}
    /// No secret asked for.
    public var secretPrompt: String? { nil }
    /// Refuses: nothing asked for a secret.
    public func receiveSecret(_ secret: String) async -> ReplReply { .failed("nothing asked for a secret") }
    /// Nothing to cancel.
    public func cancelInput() -> String? { nil }

    /// Runs the screen's command `input` names, as the shell does once the screen is
    /// loaded; `nil` when the screen has no such command.
    public func perform(_ input: CommandInput) async -> ReplReply? {
        await command(named: input.name)?.run(input)
    }
}

/// A screen's view: reads its view model's state and makes the screen's text; it changes
/// nothing.
@MainActor
public protocol TextView {
    /// The screen as text.
    func render() -> StyledText
}

/// A screen: its view model and the view that shows it, made once for a place of the
/// navigation (a stack element, a root, a sheet or alert) and kept while the place exists.
@MainActor
public struct Screen {
    /// The view model.
    public let model: any ScreenModel
    /// Its view.
    public let view: any TextView

    /// `model` with the view `view` makes of it (`Screen(FeedViewModel(…), FeedView.init)`).
    public init<Model: ScreenModel>(_ model: Model, _ view: (Model) -> any TextView) {
        self.model = model
        self.view = view(model)
    }
}

extension Screen {
    /// `model` with a view that is a function of it, for a screen whose text is a few lines:
    /// `Screen(SignInViewModel()) { _ in .line("Sign in with signin NAME.") }`.
    public init<Model: ScreenModel>(_ model: Model, render: @escaping @MainActor (Model) -> StyledText) {
        self.init(model) { model in RenderedView(model: model, text: render) }
    }
}

/// A view made of a function of its view model.
private struct RenderedView<Model: ScreenModel>: TextView {
    let model: Model
    let text: @MainActor (Model) -> StyledText
    func render() -> StyledText { text(model) }
}

/// An error the shell shows in place of a screen or as a command's failure: its message,
/// and whether data could not be read or written (a scripted session then ends with 74).
/// Other errors are shown by their description.
public protocol ShellError: Error {
    /// What went wrong, for a person.
    var message: String { get }
    /// Whether storage failed (a full disk, permissions, damage, I/O).
    var isStorageFailure: Bool { get }
}

extension NavigationError: ShellError {
    /// A refused intent is never a storage failure.
    public var isStorageFailure: Bool { false }
}

/// The message of `error` as the shell shows it: a ``ShellError``'s message, else its
/// description.
public func shownMessage(of error: any Error) -> String {
    (error as? any ShellError)?.message ?? "\(error)"
}

/// Runs a command's work (navigation intents, service calls) and turns its failure into a
/// failed reply (`ReplReply.failed(_:)` with the error), else `message` as a success: what a
/// command's handler returns.
///
/// ```swift
/// navigate { try model.router.push(.post(id: 3)) }
/// navigate("Rated.") { try catalog.rate(book, stars); try model.router.dismiss() }
/// ```
@MainActor
public func navigate(_ message: String? = nil, _ body: () throws -> Void) -> ReplReply {
    do {
        try body()
        return .done(message)
    } catch {
        return .failed(error)
    }
}
