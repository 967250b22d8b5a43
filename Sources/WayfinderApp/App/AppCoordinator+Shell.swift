import Wayfinder
import WayfinderKit
import WayfinderTerminal
import WayfinderSystem

/// The sample app's shell: the kit's, over the ``AppCoordinator``.
public typealias AppShell = Shell<AppCoordinator>

extension Shell where App == AppCoordinator {
    /// A shell over a new app on fresh demo data, signed out, with `links` opened.
    /// - Throws: ``NavigationError`` when a link does not resolve (nothing is opened then).
    public convenience init(opening links: [String] = []) throws(NavigationError) {
        let app = AppCoordinator(container: .demo())
        try app.open(all: links)
        self.init(app: app)
    }
}

extension AppCoordinator {
    /// The features' commands, offered on the screens of their flows (or to show them).
    public static let commands: [Command<AppCoordinator>] = Feature.all.flatMap(\.commands)

    /// `logout`, listed with the navigation commands.
    public static let globalCommands: [Command<AppCoordinator>] = [
        Command("logout", "", "sign out at once") { app, _ in
            SignOutRequested.reply(sending: app.send)
        }
    ]

    /// `help`'s example of a link.
    public static var exampleLink: String? { "wayfinder://main/feed/post/3" }

    /// `Wayfinder sample app. Type help for commands, …`.
    public var banner: StyledText {
        var text = StyledText()
        text.append(line: [TextSpan("Wayfinder", .title), TextSpan(" sample app. Type help for commands, Tab to complete, Ctrl-D to leave.", .dim)])
        return text
    }

    /// The features' commands for every screen (`login NAME` while signed in).
    public func makeSessionCommands() -> [any SessionCommand] {
        Feature.all.compactMap { $0.makeSessionCommand?(self) }
    }

    /// `Sign in first; LINK opens after that.`
    public func waitingMessage(for pending: String, behind guardName: String) -> String {
        "Sign in first; \(pending) opens after that."
    }

    /// `state` without the places that name posts or users deleted since
    /// (``withoutDanglingReferences(_:)``).
    public func withoutMissingData(_ state: NavigationState) async throws -> (state: NavigationState, dropped: [String]) {
        try await withoutDanglingReferences(state)
    }

    /// A session change the last command left unstored, stored now; its failure, if any.
    public func shellWillEnd() async -> (any ShellError)? {
        await settle()
    }

    /// `"user"`: who is signed in, or `null`.
    public var stateMembers: [(String, JSONValue)] {
        [("user", user.map { .string($0.username) } ?? .null)]
    }

    /// Before a command: `nil` when nobody is signed in or the session still exists. When
    /// it was ended by another process, this process signs out too (writing nothing) and
    /// the command is not run: the reply says so and shows the sign-in screen. A session
    /// that cannot be read is a storage error, never taken for "signed out".
    ///
    /// Not while a password is being typed: that line is for the prompt, and the user
    /// switch it finishes signs out anyway.
    public func shellWillRun(atSecretPrompt: Bool) async -> ReplReply? {
        if user != nil, !atSecretPrompt {
            do {
                if try await !container.sessions.isCurrent() {
                    return ReplReply(output: endSessionEndedElsewhere(), isError: true, showsScreen: true)
                }
            } catch {
                return ReplReply(output: .line("error: \(error.message)", .error), isError: true, isStorageError: error.kind == .storage)
            }
        }
        commandStart = (state, container.faults.total, screens.snapshot())
        return nil
    }

    /// Signs out here a session ended by another process, and says so; what the screen held
    /// unsaved is lost with the session, so it is shown (nothing typed is lost without a word).
    private func endSessionEndedElsewhere() -> StyledText {
        let unsaved = (visibleScreen() as? any EditingScreen)?.unsavedEdits
        endSessionHere()
        var text = StyledText.line("error: signed out elsewhere (the session was ended by another process): sign in again", .error)
        if let unsaved { text.append("error: \(unsaved.lostMessage)", .error) }
        return text
    }

    /// `reply` once the session changes its command made (sign-in, sign-out) are stored.
    /// When one cannot be, the command failed: the app goes back to where it started
    /// (still signed in after a sign-out that failed, as the next start will show), or,
    /// when an earlier change was stored (the user being replaced was signed out), to
    /// signed out, shown; the reply says so on standard error, and nothing of the command's
    /// own reply is printed (it claimed a success that did not happen). A failed command
    /// whose failure was a session ended elsewhere signs out here too. A failed command
    /// during which storage failed is a storage error.
    public func shellDidRun(_ reply: ReplReply) async -> ReplReply {
        let start = commandStart
        commandStart = nil
        var reply = await settled(reply, start: start)
        if reply.isError, let start, container.faults.total != start.faults { reply.isStorageError = true }
        return reply
    }

    private func settled(_ reply: ReplReply, start: (state: AppState, faults: Int, screens: Screens.Snapshot)?) async -> ReplReply {
        if let failure = await settle() {
            if failure.earlierChangesStored {
                endSessionHere()
            } else if let start {
                try? restore(start.state)  // A state this app was in a moment ago: restoring it cannot be refused.
                // Its screens too, with what was typed into them (a profile being edited).
                screens.restore(start.screens)
            }
            let state = user.map { "still signed in as \($0.username)" } ?? "signed out"
            return ReplReply(
                output: .line("error: \(failure.message) (\(state))", .error), isError: true, showsScreen: failure.earlierChangesStored,
                isStorageError: failure.error.kind == .storage)
        }
        guard reply.isError, user != nil, (try? await container.sessions.isCurrent()) == false else { return reply }  // A session that cannot be read is not taken for one ended.
        var ended = reply
        ended.output.append(contentsOf: endSessionEndedElsewhere())
        ended.showsScreen = true
        return ended
    }
}
