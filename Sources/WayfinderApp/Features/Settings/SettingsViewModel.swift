import Wayfinder
import WayfinderTerminal

/// The Settings root: the account, feature flags, and the way to the other settings.
@MainActor
public final class SettingsViewModel: ScreenModel {
    let router: any Routable<SettingsRoute>
    let settings: any FeatureFlagService
    let currentUser: () -> User
    /// Each flag with its value and whether it is overridden.
    public private(set) var flags: [(flag: FeatureFlag, value: Bool, isOverridden: Bool)] = []

    /// Creates the view model.
    public init(router: any Routable<SettingsRoute>, settings: any FeatureFlagService, user: @escaping () -> User) {
        self.router = router
        self.settings = settings
        self.currentUser = user
    }

    public var commands: [ScreenCommand] {
        [
            ScreenCommand("profile", "", "edit your profile"),
            ScreenCommand("notifications", "", "choose notifications"),
            ScreenCommand("about", "", "about Wayfinder"),
            ScreenCommand("signout", "", "sign out (asks first)"),
            ScreenCommand("flag", "<name> on|off|default", "override a feature flag"),
        ]
    }

    public func load() async {
        let overrides = await settings.overrides()
        flags = FeatureFlag.all.map { flag in (flag, flag.value(in: overrides), overrides[flag.id] != nil) }
    }

    public func perform(_ input: CommandInput) async -> ReplReply? {
        switch input.name {
        case "profile": return navigate { () throws(NavigationError) in try router.push(.editProfile) }
        case "notifications": return navigate { () throws(NavigationError) in try router.push(.notifications) }
        case "about": return navigate { () throws(NavigationError) in try router.present(.about) }
        case "signout": return navigate { () throws(NavigationError) in try router.present(.logout) }
        case "flag": return await setFlag(input.arguments)
        default: return nil
        }
    }

    func setFlag(_ arguments: [String]) async -> ReplReply {
        let names = FeatureFlag.all.map(\.id)
        guard arguments.count == 2, let flag = FeatureFlag.all.first(where: { $0.id == arguments[0] }) else {
            return .failed("usage: flag <name> on|off|default, with name one of \(names.joined(separator: ", "))")
        }
        let value: Bool?
        switch arguments[1] {
        case "on": value = true
        case "off": value = false
        case "default": value = nil
        default: return .failed("a flag is on, off or default, not '\(arguments[1])'")
        }
        do {
            try await settings.setOverride(value, for: flag)
        } catch {
            return .failed(error.message)
        }
        return .done("\(flag.id) is \(value.map { $0 ? "on" : "off" } ?? "back to its default").")
    }

    public func completions(for command: String, argument index: Int) -> [String] {
        guard command == "flag" else { return [] }
        return index == 0 ? FeatureFlag.all.map(\.id) : (index == 1 ? ["on", "off", "default"] : [])
    }

}
