import Wayfinder
import WayfinderKit
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
    /// Commands the feature adds to screens besides their own, each declared once with
    /// its handler and when it is offered (``Command/showing(_:_:_:)`` for the command
    /// that shows the flow from the others).
    public let commands: [Command<AppCoordinator>]
    /// Makes the view model of `route`, one of the flow's screens, and its view; `nil` when
    /// it cannot be shown (a screen for a signed-in user while nobody is).
    let makeScreen: @MainActor (_ route: Route, _ context: ScreenContext) -> Screen?
    /// What `route` refers to that no longer exists ("post 7"), or `nil`; checked when a
    /// saved navigation is restored. A read error is thrown, never taken for "gone".
    let missingReference: @MainActor (_ route: Route, _ container: Container) async throws(ServiceError) -> String?
    /// Commands the feature offers on every screen, with their own state (see
    /// ``SessionCommand``), made once per shell.
    let makeSessionCommand: (@MainActor (_ app: AppCoordinator) -> any SessionCommand)?

    init(
        flow: String,
        commands: [Command<AppCoordinator>] = [],
        makeScreen: @escaping @MainActor (Route, ScreenContext) -> Screen?,
        missingReference: @escaping @MainActor (Route, Container) async throws(ServiceError) -> String? = { _, _ in nil },
        makeSessionCommand: (@MainActor (AppCoordinator) -> any SessionCommand)? = nil
    ) {
        self.flow = flow
        self.commands = commands
        self.makeScreen = makeScreen
        self.missingReference = missingReference
        self.makeSessionCommand = makeSessionCommand
    }
}

extension Command where Target == AppCoordinator {
    /// `name` shows `flow` (as a link to its current screen would) from the other flows,
    /// while the flow's guard, if any, is met.
    static func showing(_ flow: String, _ name: String, _ summary: String) -> Command {
        Command(name, "", summary, when: { app in app.store.state.activeFlow != flow && app.canShow(flow: flow) }) { app, _ in
            navigate { () throws(NavigationError) in try app.send(ShowFlow(flow)) }
        }
    }
}

/// What a feature needs to make the view model of a screen.
@MainActor
struct ScreenContext {
    /// The app (its coordinators, its user).
    let app: AppCoordinator
    /// The route the screen follows, as the graph's edge to it allows: the one below it
    /// in its stack, or under its sheet or alert; `nil` for a root. A screen whose
    /// parameters are those of the screen it follows (the comments of a post) takes them
    /// from it.
    let follows: Route?
    /// The services.
    var container: Container { app.container }
    /// The signed-in user.
    var user: User? { app.user }
}

/// A flow coordinator the app makes on first use (see ``AppCoordinator/coordinator(_:)``).
@MainActor
public protocol AppFlowCoordinator: Coordinator {
    /// Creates the coordinator on `store`, passing what it does not handle to `parent`.
    init(store: NavigationStore, parent: (any Coordinator)?)
}
