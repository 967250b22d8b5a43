/// A message a view model or child coordinator sends up the coordinator chain, such as
/// "sign-in finished" or "sign out". Apps declare their own.
public protocol NavigationIntent: Sendable {}

/// A node in the coordinator tree. Intents it does not handle go to its parent.
@MainActor
public protocol Coordinator: AnyObject {
    /// The coordinator that receives what this one does not handle.
    var parent: (any Coordinator)? { get }

    /// Handles `intent`, or returns `false` to pass it to the parent.
    /// - Throws: ``NavigationError`` when the intent is handled but refused.
    func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool
}

extension Coordinator {
    /// Sends `intent` to this coordinator, then up the chain until one handles it.
    /// - Throws: ``NavigationError/Code/unhandledIntent`` when nobody does.
    public func send(_ intent: any NavigationIntent) throws(NavigationError) {
        var current: (any Coordinator)? = self
        while let coordinator = current {
            if try coordinator.handle(intent) { return }
            current = coordinator.parent
        }
        throw NavigationError(.unhandledIntent, "no coordinator handles \(type(of: intent))")
    }
}

/// The read side of a flow's coordinator: what views see.
@MainActor
public protocol PathRoutable<RouteType>: AnyObject {
    /// The flow's typed route values.
    associatedtype RouteType: RouteRepresentable
    /// The selected stack's root.
    var root: RouteType? { get }
    /// The screens pushed above the root, bottom first.
    var path: [RouteType] { get }
    /// The sheet or alert over the stack.
    var presented: (route: RouteType, style: PresentationStyle)? { get }
    /// The selected tab, for a flow with tabs.
    var selectedTab: String? { get }
}

/// The intent side of a flow's coordinator: what view models call, and the only way they
/// change navigation. Every intent is all or nothing: refused, it leaves the state exactly
/// as it was; ``perform(_:)`` makes several changes as one.
@MainActor
public protocol Routable<RouteType>: AnyObject {
    /// The flow's typed route values.
    associatedtype RouteType: RouteRepresentable
    /// Makes `steps` in order as one change: all of them, or none when one is refused
    /// (`[.dismiss, .push(.post(id: 7))]` leaves the sheet shown when the push is refused).
    func perform(_ steps: [RouteStep<RouteType>]) throws(NavigationError)
    /// Pushes `route` onto the selected stack.
    func push(_ route: RouteType) throws(NavigationError)
    /// Pops the top screen.
    func pop() throws(NavigationError)
    /// Pops to the root and dismisses any presentation.
    func popToRoot() throws(NavigationError)
    /// Presents `route` as the sheet or alert its screen declares.
    func present(_ route: RouteType) throws(NavigationError)
    /// Dismisses the sheet or alert.
    func dismiss() throws(NavigationError)
    /// Replaces the root of the selected stack (same screen, other parameters).
    func replaceRoot(with route: RouteType) throws(NavigationError)
    /// Selects a tab.
    func selectTab(_ tab: String) throws(NavigationError)
    /// Sends an intent up the coordinator chain.
    func send(_ intent: any NavigationIntent) throws(NavigationError)
}

/// Something that holds a ``NavigationStore``: an app's root coordinator or its shell.
/// Test tools (`WayfinderTesting`) drive and observe apps through it.
@MainActor
public protocol NavigationStoreProviding: AnyObject {
    /// The store holding the navigation state.
    var navigationStore: NavigationStore { get }
}
