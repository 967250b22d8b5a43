import Wayfinder
import WayfinderTerminal

/// The terms of service, as a sheet: `accept` or `close`.
@MainActor
public final class TermsViewModel: ScreenModel {
    private let router: any Routable<LoginRoute>

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>) {
        self.router = router
    }

    public var commands: [ScreenCommand] {
        [ScreenCommand("accept", "", "accept and close"), ScreenCommand("close", "", "close the terms")]
    }

    public func load() async {}

    public func perform(_ input: CommandInput) async -> ScreenResult? {
        switch input.name {
        case "accept", "close":
            let result = navigate { () throws(NavigationError) in try router.dismiss() }
            return input.name == "accept" && result == .done(nil) ? .done("Terms accepted.") : result
        default:
            return nil
        }
    }

    public func render() -> StyledText {
        var text = StyledText()
        text.append("Terms of service", .title)
        text.append("1. Be kind. 2. Links you share are yours. 3. This is a demo; nothing leaves your machine.")
        return text
    }
}
