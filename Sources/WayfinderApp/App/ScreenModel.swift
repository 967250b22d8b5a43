import Wayfinder
import WayfinderTerminal

/// A command of a screen's view model (``ScreenModel``), declared once in its
/// ``CommandTarget/commands``: its help line, arguments and handler together.
public typealias ScreenCommand<Model: ScreenModel> = Command<Model>

/// A screen's view model: it holds what the screen shows, loads it from services, and
/// turns typed commands into service calls and navigation intents on its coordinator. Its
/// ``TextView`` makes the screen's text from that state. Its commands are its
/// ``CommandTarget/commands``, each declared once with its handler.
@MainActor
public protocol ScreenModel: CommandTarget {
    /// Loads or refreshes what the screen shows. The shell calls it once per command:
    /// before one of the screen's own commands runs (which then keeps the view model up to
    /// date, reading what it changes), or else before the screen is shown.
    func load() async throws(ServiceError)
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
    /// Runs the screen's command `input` names, as the shell does once the screen is
    /// loaded; `nil` when the screen has no such command.
    public func perform(_ input: CommandInput) async -> ReplReply? {
        await command(named: input.name)?.run(input)
    }

    /// The help lines of the commands the screen lists now.
    public var commandHelp: [CommandHelp] { listedCommands }

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

/// Parses a positive id (`post 7`); a failure is a usage error where it is shown.
func parseID(_ text: String, what: String) -> Result<Int, ScreenFailure> {
    guard let id = Int(text), id > 0 else {
        return .failure(ScreenFailure("'\(text)' is not a \(what) id; ids are positive whole numbers"))
    }
    return .success(id)
}

/// A failure message, for `Result`s inside view models.
struct ScreenFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
