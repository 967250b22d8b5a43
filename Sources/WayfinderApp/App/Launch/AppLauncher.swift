import WayfinderSystem
import Wayfinder
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

    /// Restores the saved navigation into `app`, as near to it as the graph, the session
    /// and the data allow. A file that could not be used as it was (unreadable JSON, a state
    /// the graph refuses) is kept aside as a timestamped `*.corrupt-…` copy; a state that only
    /// names posts or users deleted since is restored as far as it goes, with a warning, and
    /// the file is left alone.
    /// - Throws: ``ServiceError`` when the file or the data cannot be read (permissions,
    ///   I/O, a damaged database): nothing is restored and the file is left as it was.
    func restoreNavigation(into app: AppCoordinator) async throws(ServiceError) -> [String] {
        let file = stateFile
        let name = "navigation state"
        switch file.load() {
        case .missing:
            return []
        case .unreadable(let error):
            throw ServiceError("cannot read the \(name): \(error)")
        case .unusable(let reason):
            return [keepAside(file, "the \(name) was not restored: \(reason)")]
        case .state(let saved, let routes):
            return try await restore(saved, routes: routes, problems: [], into: app)
        case .partial(let saved, let routes, let problems):
            return try await restore(saved, routes: routes, problems: problems, into: app)
        }
    }

    /// Restores `saved`, saved with version `routes` of the route table and read from the
    /// file with `problems` (elements that could not be read): its migrations applied (see
    /// ``Navigator/restoration(of:savedWith:)``), a file with problems, or whose state the
    /// graph does not take whole, is kept aside.
    private func restore(
        _ saved: NavigationState, routes: Int, problems: [String], into app: AppCoordinator
    ) async throws(ServiceError) -> [String] {
        let name = "navigation state"
        let restored = app.store.navigator.restoration(of: saved, savedWith: routes)
        var saved = restored.state
        // The session decides who is signed in, not the file. Without one (signed out
        // here or elsewhere), the signed-in flows start afresh, as after a sign-out.
        if app.user == nil {
            let graph = app.store.graph
            let fresh = Navigator(graph: graph).state
            for flow in graph.flows where flow.guardName != nil {
                saved.flows[flow.name] = fresh.flows[flow.name]
                if saved.activeFlow == flow.name { saved.activeFlow = fresh.activeFlow }
            }
            saved.grantedGuards = []
        } else {
            saved.grantedGuards = [AppCoordinator.signedInGuard]
            saved.pending = nil
        }
        let nearest = app.store.navigator.nearestValidState(to: saved)
        let (checked, dangling) = try await app.withoutDanglingReferences(nearest.state)
        app.restoreNearest(to: checked)
        var problems = problems + restored.dropped + nearest.problems
        if restored.isFromNewerTable, !problems.isEmpty {
            problems[0] += " (it was saved with version \(routes) of the route table, newer than this one's \(restored.currentVersion))"
        }
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return [keepAside(stateFile, "the \(name) was restored as far as it could be: \(first)\(more)")]
        }
        guard let first = dangling.first else { return [] }
        // Data deleted since is no fault of the file: nothing to keep aside.
        let more = dangling.count > 1 ? " (and \(dangling.count - 1) more)" : ""
        return ["warning: the \(name) was restored as far as it could be: \(first)\(more)"]
    }

    private func keepAside(_ file: NavigationStateFile, _ message: String) -> String {
        do {
            let kept = try file.keepAsCorrupt()
            return "warning: \(message); the file was kept as \(kept)"
        } catch {
            return "warning: \(message); it could not be moved aside: \(error)"
        }
    }
}
