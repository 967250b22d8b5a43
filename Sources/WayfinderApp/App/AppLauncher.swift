import WayfinderKit
import WayfinderSystem
import Wayfinder

extension Launcher where App == AppCoordinator {
    /// The sample app's launcher: the database and session of its data directory
    /// (``Container/persistent(in:)``), the session resumed; the kit opens the links or
    /// restores the saved navigation, and runs the REPL.
    public static var wayfinder: Launcher {
        Launcher(.wayfinder, routes: AppRoutes.graph) { path in
            let directory = DataDirectory(path: path)
            let container = try Container.persistent(in: directory)
            // Leftovers of runs killed in the middle of saving a file.
            FileSystem.removeAbandonedTemporaryFiles(besides: directory.session, directory.database)
            let app = AppCoordinator(container: container)
            if let user = try await container.sessions.restore() {
                try app.resume(as: user)
            }
            return app
        }
    }
}
