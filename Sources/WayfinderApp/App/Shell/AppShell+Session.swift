import WayfinderTerminal

extension AppShell {
    /// Before a command: `nil` when nobody is signed in or the session still exists. When
    /// it was ended by another process, this process signs out too (writing nothing) and
    /// the command is not run: the reply says so and shows the sign-in screen. A session
    /// that cannot be read is a storage error, never taken for "signed out".
    ///
    /// Not while a password is being typed: that line is for the prompt, and the user
    /// switch it finishes signs out anyway.
    func checkedSession() async -> ReplReply? {
        guard app.user != nil, secretPrompt == nil else { return nil }
        do {
            if try await app.container.sessions.isCurrent() { return nil }
        } catch {
            return ReplReply(output: .line("error: \(error.message)", .error), isError: true, isStorageError: error.kind == .storage)
        }
        app.endSessionHere()
        return ReplReply(output: Self.signedOutElsewhere, isError: true, showsScreen: true)
    }

    /// The line said when this process finds its session ended elsewhere.
    static var signedOutElsewhere: StyledText {
        .line("error: signed out elsewhere (the session was ended by another process): sign in again", .error)
    }

    /// `reply` once the session changes its command made (sign-in, sign-out) are stored.
    /// When one cannot be, the command failed: the app goes back to `before` (still signed
    /// in after a sign-out that failed, as the next start will show), or, when an earlier
    /// change was stored (the user being replaced was signed out), to signed out, shown;
    /// the reply says so on standard error, and nothing of the command's own reply is
    /// printed (it claimed a success that did not happen). A failed command whose failure was a session ended
    /// elsewhere signs out here too.
    func settled(_ reply: ReplReply, before: AppState) async -> ReplReply {
        if let failure = await app.settle() {
            if failure.earlierChangesStored {
                app.endSessionHere()
            } else {
                try? app.restore(before)
            }
            let state = app.user.map { "still signed in as \($0.username)" } ?? "signed out"
            return ReplReply(
                output: .line("error: \(failure.message) (\(state))", .error), isError: true, showsScreen: failure.earlierChangesStored,
                isStorageError: failure.error.kind == .storage)
        }
        guard reply.isError, app.user != nil, (try? await app.container.sessions.isCurrent()) == false else { return reply }
        app.endSessionHere()
        var ended = reply
        ended.output.append(contentsOf: Self.signedOutElsewhere)
        ended.showsScreen = true
        return ended
    }
}
