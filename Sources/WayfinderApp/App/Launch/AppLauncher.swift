import WayfinderSystem
import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// Starts the sample app on its data directory: opens the database, resumes the saved
/// session, and restores the saved navigation (or opens the links given). The REPL saves
/// the navigation as it changes through ``NavigationAutosave``.
@MainActor
public struct AppLauncher {
    /// The data directory.
    public let directory: DataDirectory

    /// A launcher for `directory`.
    public init(directory: DataDirectory) {
        self.directory = directory
    }

    /// The state file in the data directory.
    public var stateFile: NavigationStateFile { NavigationStateFile(path: directory.navigation) }

    /// Builds the app.
    /// - Parameters:
    ///   - links: Links to open, in order; when there are any, the saved navigation is not restored.
    ///   - fresh: Start from the first screen instead of the saved navigation.
    /// - Returns: The app and one-line warnings (a state file that could not be used).
    /// - Throws: ``ServiceError`` when the data directory, or the database when the session
    ///   or the navigation needs it (it is opened by its first read), cannot be opened; ``NavigationError``
    ///   when a link does not resolve (nothing is opened then).
    public func launch(opening links: [String], fresh: Bool) async throws -> (app: AppCoordinator, warnings: [String]) {
        let container = try Container.persistent(in: directory)
        // Leftovers of runs killed in the middle of saving a file.
        FileSystem.removeAbandonedTemporaryFiles(besides: directory.navigation, directory.session, directory.database)
        let app = AppCoordinator(container: container)
        if let user = try await container.sessions.restore() {
            try app.resume(as: user)
        }
        var warnings: [String] = []
        if !links.isEmpty {
            try app.open(all: links)
        } else if !fresh {
            warnings += try await restoreNavigation(into: app)
        }
        return (app, warnings)
    }

    /// Restores the saved navigation into `app` (``NavigationStateFile/restore(into:granted:check:)``):
    /// the sign-in guard granted while a session is valid, whatever the file says, and
    /// places naming posts or users deleted since cut off.
    /// - Throws: ``NavigationStateFile/ReadError`` or ``ServiceError`` when the file or the
    ///   data cannot be read: nothing is restored and the file is left as it was.
    func restoreNavigation(into app: AppCoordinator) async throws -> [String] {
        let granted: Set<String> = app.user == nil ? [] : [AppCoordinator.signedInGuard]
        let warnings = try await stateFile.restore(into: app.store, granted: granted) { state in
            try await app.withoutDanglingReferences(state)
        }
        app.screens.removeAll()
        return warnings
    }
}
