import Wayfinder
import WayfinderTerminal

/// The terms of service, as a sheet: `accept` or `close`.
@MainActor
public final class TermsViewModel: ScreenModel {
    let router: any Routable<LoginRoute>

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>) {
        self.router = router
    }

    public var commands: [ScreenCommand] {
        [ScreenCommand("accept", "", "accept and close"), ScreenCommand("close", "", "close the terms")]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "accept", "close":
            let result = navigate { () throws(NavigationError) in try router.dismiss() }
            return input.name == "accept" && result == .done(nil) ? .done("Terms accepted.") : result
        default:
            return nil
        }
    }

}
