import Wayfinder
import WayfinderKit

/// The Main flow: tabs feed, search and me, one stack each. "Open settings" and
/// "sign out" bubble up to the ``AppCoordinator``.
@MainActor
public final class MainCoordinator: FlowCoordinator<MainRoute>, AppFlowCoordinator {
    /// Creates the coordinator for the `main` flow.
    public init(store: NavigationStore, parent: (any Coordinator)?) {
        super.init(store: store, flow: MainRoute.flow, parent: parent)
    }
}
