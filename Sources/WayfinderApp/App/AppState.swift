import Wayfinder
import WayfinderKit

/// The whole state of the sample app: navigation and the signed-in user. One value that
/// can be snapshotted, compared and restored.
public struct AppState: Hashable, Codable, Sendable {
    /// Every flow's stacks, the active flow, the pending link.
    public var navigation: NavigationState
    /// The signed-in user, if any.
    public var user: User?

    /// Creates a state.
    public init(navigation: NavigationState, user: User?) {
        self.navigation = navigation
        self.user = user
    }
}
