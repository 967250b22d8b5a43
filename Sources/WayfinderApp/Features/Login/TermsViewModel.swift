import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The terms of service, as a sheet: `accept` or `close`.
@MainActor
public final class TermsViewModel: ScreenModel {
    let router: any Routable<LoginRoute>

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>) {
        self.router = router
    }

    public static let commands: [ScreenCommand<TermsViewModel>] = [
        ScreenCommand("accept", "", "accept and close") { model, _ in
            let result = navigate { () throws(NavigationError) in try model.router.dismiss() }
            return result.isError ? result : .done("Terms accepted.")
        },
        ScreenCommand("close", "", "close the terms") { model, _ in
            navigate { () throws(NavigationError) in try model.router.dismiss() }
        },
    ]

    public func load() async {}

}
