import Wayfinder
import WayfinderTerminal

/// A command a screen accepts, for `help` and Tab completion.
public struct ScreenCommand: Hashable, Sendable {
    /// The word to type.
    public let name: String
    /// Its arguments, as shown in help (`<id>`), or empty.
    public let usage: String
    /// What it does.
    public let summary: String

    /// Creates a command description.
    public init(_ name: String, _ usage: String = "", _ summary: String) {
        self.name = name
        self.usage = usage
        self.summary = summary
    }
}

/// A screen's view model: it holds what the screen shows, loads it from services, and
/// turns typed commands into service calls and navigation intents on its coordinator. Its
/// ``TextView`` makes the screen's text from that state.
@MainActor
public protocol ScreenModel: AnyObject {
    /// The commands this screen accepts, in help order.
    var commands: [ScreenCommand] { get }
    /// Loads or refreshes what the screen shows. The shell calls it once per command:
    /// before one of the screen's own commands runs (which then keeps the view model up to
    /// date, reading what it changes), or else before the screen is shown.
    func load() async throws(ServiceError)
    /// Runs one of ``commands``; `nil` when the command is not this screen's.
    func perform(_ input: CommandInput) async -> ReplReply?
    /// Completions for argument `index` (from 0) of `command`.
    func completions(for command: String, argument index: Int) -> [String]
    /// When the screen waits for a secret (a password), its prompt.
    var secretPrompt: String? { get }
    /// Receives the secret line asked for by ``secretPrompt``.
    func receiveSecret(_ secret: String) async -> ReplReply
    /// Drops a half-done input (Ctrl-C at the password prompt).
    func cancelInput()
}

/// A screen's view: reads its view model's state and makes the screen's text; it changes
/// nothing.
@MainActor
public protocol TextView {
    /// The screen as text.
    func render() -> StyledText
}

/// A screen of a feature: its view model and the view that shows it.
@MainActor
public struct FeatureScreen {
    /// The view model.
    public let model: any ScreenModel
    /// Its view.
    public let view: any TextView

    /// `model` with the view `view` makes of it (`FeatureScreen(FeedViewModel(…), FeedView.init)`).
    public init<Model: ScreenModel>(_ model: Model, _ view: (Model) -> any TextView) {
        self.model = model
        self.view = view(model)
    }
}

extension ScreenModel {
    public func completions(for command: String, argument index: Int) -> [String] { [] }
    public var secretPrompt: String? { nil }
    public func receiveSecret(_ secret: String) async -> ReplReply { .failed("nothing asked for a secret") }
    public func cancelInput() {}
}

extension NavigationError {
    /// The error as a failed screen result.
    var asResult: ReplReply { .failed(message) }
}

/// Runs a navigation intent and turns a refusal into a failed result.
@MainActor
func navigate(_ body: () throws(NavigationError) -> Void) -> ReplReply {
    do {
        try body()
        return .done(nil)
    } catch {
        return error.asResult
    }
}

/// Parses a positive id argument.
func parseID(_ arguments: [String], what: String) -> Result<Int, ScreenFailure> {
    guard let text = arguments.first else { return .failure(ScreenFailure("which \(what)? give its id")) }
    guard arguments.count == 1, let id = Int(text), id > 0 else {
        return .failure(ScreenFailure("'\(text)' is not a \(what) id; ids are positive whole numbers"))
    }
    return .success(id)
}

/// A failure message, for `Result`s inside view models.
struct ScreenFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
