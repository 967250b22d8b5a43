import Wayfinder
import WayfinderKit

/// The Settings flow: root, edit profile, notifications, about, sign-out confirmation.
/// Signing out and going back to Main bubble up to the ``AppCoordinator``.
@MainActor
public final class SettingsCoordinator: FlowCoordinator<SettingsRoute>, AppFlowCoordinator {
    /// Creates the coordinator for the `settings` flow.
    public init(store: NavigationStore, parent: (any Coordinator)?) {
        super.init(store: store, flow: SettingsRoute.flow, parent: parent)
    }
}
