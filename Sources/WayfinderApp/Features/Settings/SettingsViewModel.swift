import Wayfinder
import WayfinderKit
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

    public static let commands: [ScreenCommand<SettingsViewModel>] = [
        ScreenCommand("profile", "", "edit your profile") { model, _ in
            navigate { () throws(NavigationError) in try model.router.push(.editProfile) }
        },
        ScreenCommand("notifications", "", "choose notifications") { model, _ in
            navigate { () throws(NavigationError) in try model.router.push(.notifications) }
        },
        ScreenCommand("about", "", "about Wayfinder") { model, _ in
            navigate { () throws(NavigationError) in try model.router.present(.about) }
        },
        ScreenCommand("signout", "", "sign out (asks first)") { model, _ in
            navigate { () throws(NavigationError) in try model.router.present(.logout) }
        },
        ScreenCommand(
            "flag", "<name> on|off|default", "override a feature flag", arguments: 2...2,
            choices: { _, index in flagChoices.indices.contains(index) ? flagChoices[index] : nil }
        ) { model, input in
            await model.setFlag(input.arguments)
        },
    ]

    /// The values `flag NAME VALUE` takes: an override, or none (`default`).
    private static let flagValues: [String: Bool?] = ["on": true, "off": false, "default": .none]

    /// `flag`'s arguments: a flag's name, then its value.
    private static let flagChoices = [
        ArgumentChoices("feature flag", FeatureFlag.all.map(\.id)),
        ArgumentChoices("flag value", ["on", "off", "default"]),
    ]

    public func load() async throws(ServiceError) {
        let overrides = try await settings.overrides()
        flags = FeatureFlag.all.map { flag in (flag, flag.value(in: overrides), overrides[flag.id] != nil) }
    }

    func setFlag(_ arguments: [String]) async -> ReplReply {
        // The shell checked both against flagChoices.
        guard let flag = FeatureFlag.all.first(where: { $0.id == arguments[0] }) else {
            return .usageFailed(Self.flagChoices[0].refusal(of: arguments[0]))
        }
        guard let value = Self.flagValues[arguments[1]] else { return .usageFailed(Self.flagChoices[1].refusal(of: arguments[1])) }
        do {
            try await settings.setOverride(value, for: flag)
        } catch {
            return .failed(error.message)
        }
        if let index = flags.firstIndex(where: { $0.flag.id == flag.id }) {
            flags[index] = (flag, value ?? flag.defaultValue, value != nil)
        }
        return .done("\(flag.id) is \(value.map { $0 ? "on" : "off" } ?? "back to its default").")
    }
}
