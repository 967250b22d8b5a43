import Wayfinder
import WayfinderKit

/// The Login flow: sign in, register, forgot password, terms. Sign-in results bubble up
/// to the ``AppCoordinator``.
@MainActor
public final class LoginCoordinator: FlowCoordinator<LoginRoute>, AppFlowCoordinator {
    /// Creates the coordinator for the `login` flow.
    public init(store: NavigationStore, parent: (any Coordinator)?) {
        super.init(store: store, flow: LoginRoute.flow, parent: parent)
    }
}
