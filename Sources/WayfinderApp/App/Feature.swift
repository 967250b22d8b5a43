import Wayfinder
import WayfinderTerminal

/// One feature of the sample app: a flow of `Routes/app.routes`, the view models of its
/// screens, and the commands it adds. Each feature's folder (`Features/NAME`) holds its
/// coordinator, view models, views and this value; ``Feature/all`` lists them (and
/// ``FeatureStorage/all`` those that keep data of their own), and these are the only places
/// that name them: the app coordinator, the shell and help know features only through it.
/// Removing a feature is its folder, its lines in AppFeatures.swift and its lines in the table.
@MainActor
public struct Feature {
    /// The flow the feature shows (its name in the route table).
    public let flow: String
    /// A command that shows the flow from the other flows (`settings`), when the flow's
    /// guard, if any, is met.
    public let entryCommand: ScreenCommand?
    /// Commands every screen of the flow accepts, besides the screen's own.
    public let flowCommands: [ScreenCommand]
    /// Makes the view model of `route`, one of the flow's screens, and its view; `nil` when
    /// it cannot be shown (a screen for a signed-in user while nobody is).
    let makeScreen: @MainActor (_ route: Route, _ context: ScreenContext) -> FeatureScreen?
    /// Runs one of ``flowCommands`` (`nil` for the others).
    let runFlowCommand: @MainActor (_ input: CommandInput, _ app: AppCoordinator) async -> ReplReply?
    /// What `route` refers to that no longer exists ("post 7"), or `nil`; checked when a
    /// saved navigation is restored. A read error is thrown, never taken for "gone".
    let missingReference: @MainActor (_ route: Route, _ container: Container) async throws(ServiceError) -> String?
    /// A command the feature offers on every screen while it is available (see
    /// ``SessionCommand``), made once per shell.
    let makeSessionCommand: (@MainActor (_ app: AppCoordinator) -> any SessionCommand)?

    init(
        flow: String,
        entryCommand: ScreenCommand? = nil,
        flowCommands: [ScreenCommand] = [],
        makeScreen: @escaping @MainActor (Route, ScreenContext) -> FeatureScreen?,
        runFlowCommand: @escaping @MainActor (CommandInput, AppCoordinator) async -> ReplReply? = { _, _ in nil },
        missingReference: @escaping @MainActor (Route, Container) async throws(ServiceError) -> String? = { _, _ in nil },
        makeSessionCommand: (@MainActor (AppCoordinator) -> any SessionCommand)? = nil
    ) {
        self.flow = flow
        self.entryCommand = entryCommand
        self.flowCommands = flowCommands
        self.makeScreen = makeScreen
        self.runFlowCommand = runFlowCommand
        self.missingReference = missingReference
        self.makeSessionCommand = makeSessionCommand
    }
}

/// What a feature needs to make the view model of a screen.
@MainActor
struct ScreenContext {
    /// The app (its coordinators, its user).
    let app: AppCoordinator
    /// The stack the screen is in.
    let stack: RouteStack
    /// The services.
    var container: Container { app.container }
    /// The signed-in user.
    var user: User? { app.user }
}

/// A command a feature offers on every screen while ``isAvailable`` (signing in as another
/// user while someone is signed in), which may ask for a secret over the screen. The shell
/// asks it first for the secret prompt, the line typed at it, and when the prompt is cancelled.
@MainActor
public protocol SessionCommand: AnyObject {
    /// The command's name.
    var name: String { get }
    /// Whether it may be typed now.
    var isAvailable: Bool { get }
    /// Starts the command.
    func begin(_ input: CommandInput) -> ReplReply
    /// While waiting for a secret, its prompt.
    var secretPrompt: String? { get }
    /// Receives the secret line asked for.
    func receiveSecret(_ secret: String) async -> ReplReply
    /// Stops waiting; the sentence saying so, or `nil` when nothing was asked for.
    func cancel() -> String?
}

/// A flow coordinator the app makes on first use (see ``AppCoordinator/coordinator(_:)``).
@MainActor
public protocol AppFlowCoordinator: Coordinator {
    /// Creates the coordinator on `store`, passing what it does not handle to `parent`.
    init(store: NavigationStore, parent: (any Coordinator)?)
}
