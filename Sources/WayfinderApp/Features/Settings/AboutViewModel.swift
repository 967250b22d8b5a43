import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// About Wayfinder, as a sheet.
@MainActor
public final class AboutViewModel: ScreenModel {
    let router: any Routable<SettingsRoute>
    let graph: RouteGraph

    /// Creates the view model.
    public init(router: any Routable<SettingsRoute>, graph: RouteGraph) {
        self.router = router
        self.graph = graph
    }

    public static let commands: [ScreenCommand<AboutViewModel>] = [
        ScreenCommand("close", "", "close this sheet") { model, _ in
            navigate { () throws(NavigationError) in try model.router.dismiss() }
        }
    ]

    public func load() async {}

}
