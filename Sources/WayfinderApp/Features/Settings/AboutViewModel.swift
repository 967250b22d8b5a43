import Wayfinder
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

    public var commands: [ScreenCommand] { [ScreenCommand("close", "", "close this sheet")] }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        guard input.name == "close" else { return nil }
        return navigate { () throws(NavigationError) in try router.dismiss() }
    }

}
