import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The forgot-password screen: `send [email]`.
@MainActor
public final class ForgotPasswordViewModel: ScreenModel {
    let router: any Routable<LoginRoute>
    /// The email from the link, if any.
    public let email: String?
    /// The address a reset link was last asked for (whether it has an account is not said).
    public private(set) var sentTo: String?

    /// Creates the view model.
    public init(router: any Routable<LoginRoute>, email: String?) {
        self.router = router
        self.email = email
    }

    public static let commands: [ScreenCommand<ForgotPasswordViewModel>] = [
        ScreenCommand("send", "[email]", "send a reset link (to the email from the link if none is given)", arguments: 0...1) { model, input in
            model.send(to: input.arguments.first ?? model.email)
        }
    ]

    public func load() async {}

    private func send(to address: String?) -> ReplReply {
        guard let address else { return .usageFailed("usage: send <email> (the link gave none)") }
        if let problem = UserText.problem(in: address, field: .email) { return .failed(problem) }
        guard Self.looksLikeEmail(address) else { return .failed("'\(address)' is not an email address") }
        sentTo = address
        // The screen says it, once (``sentSentence(to:)``).
        return .done(nil)
    }

    /// What the screen says once a reset link was asked for `address`.
    static func sentSentence(to address: String) -> String {
        "If \(address) has an account, a reset link is on its way."
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !text.contains(" ")
    }

}
