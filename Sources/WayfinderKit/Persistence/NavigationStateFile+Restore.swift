import Wayfinder
import WayfinderSystem

extension NavigationStateFile {
    /// Restores the saved navigation into `store`, as near to it as the graph, the guards
    /// granted now and the app's data allow, and returns one-line warnings.
    ///
    /// - The table's migrations are applied to a state saved with an earlier version
    ///   (`Navigator.restoration(of:savedWith:)`).
    /// - The guards are `granted`, whatever the file says: a flow whose guard is not granted
    ///   starts afresh (as after a sign-out), and the pending link is kept only while a
    ///   guard is still missing.
    /// - `check` takes out what names data that is gone (a deleted post) and says what.
    /// - A file that could not be used as it was (unreadable JSON, a state the graph does
    ///   not take whole) is kept aside as a timestamped `*.corrupt-…` copy; a state that only
    ///   names data deleted since is restored as far as it goes, with a warning, and the file
    ///   is left alone.
    /// - Parameters:
    ///   - store: The navigation to restore into.
    ///   - granted: The guards granted at start (by a valid session, say).
    ///   - check: The state without what names missing data, and what was taken out;
    ///     throws when the data cannot be read.
    /// - Returns: Warnings, each a line (`warning: …`).
    /// - Throws: ``StorageError`` when the file cannot be read, or what `check` throws: nothing
    ///   is restored then and the file is left as it was.
    @MainActor
    public func restore(
        into store: NavigationStore, granted: Set<String>,
        check: (NavigationState) async throws -> (state: NavigationState, dropped: [String]) = { ($0, []) }
    ) async throws -> [String] {
        let name = "navigation state"
        let saved: NavigationState
        let routes: Int
        var problems: [String] = []
        switch load() {
        case .missing:
            return []
        case .unreadable(let error):
            throw StorageError("cannot read the \(name): \(error)")
        case .unusable(let reason):
            return [keepAside("the \(name) was not restored: \(reason)")]
        case .state(let state, let version):
            (saved, routes) = (state, version)
        case .partial(let state, let version, let found):
            (saved, routes, problems) = (state, version, found)
        }
        // The guards are the app's, not the file's, from the start: a flow is kept when the
        // app grants its guard now, and starts afresh (without a word) when it does not.
        // Again after the migrations, for a flow they renamed.
        // The nearest state is made once, on a copy (its kept links read once), checked
        // against the data, and made again only for what the guards or the data take out.
        var navigator = store.navigator
        let restored = navigator.restore(Self.granting(granted, in: saved, graph: store.graph), savedWith: routes)
        let guarded = Self.granting(granted, in: navigator.state, graph: store.graph)
        let fitted = guarded == navigator.state ? [] : navigator.restoreNearest(to: guarded)
        let (checked, dangling) = try await check(navigator.state)
        if checked != navigator.state { navigator.restoreNearest(to: checked) }
        try? store.perform { $0 = navigator }  // Cannot fail: it only replaces the navigator.
        problems = NavigationState.problems(read: problems, fitted: restored.dropped + fitted)
        if restored.isFromNewerTable, !problems.isEmpty {
            problems[0] += " (it was saved with version \(routes) of the route table, newer than this one's \(restored.currentVersion))"
        }
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return [keepAside("the \(name) was restored as far as it could be: \(first)\(more)")]
        }
        guard let first = dangling.first else { return [] }
        // Data deleted since is no fault of the file: nothing to keep aside.
        let more = dangling.count > 1 ? " (and \(dangling.count - 1) more)" : ""
        return ["warning: the \(name) was restored as far as it could be: \(first)\(more)"]
    }

    /// `state` with exactly the guards `granted`: the flows whose guard is not granted as a
    /// fresh start has them (the active flow too, when it is one), and the pending link
    /// only while a guard is missing.
    static func granting(_ granted: Set<String>, in state: NavigationState, graph: RouteGraph) -> NavigationState {
        var state = state
        let fresh = Navigator(graph: graph).state
        for flow in graph.flows {
            guard let guardName = flow.guardName, !granted.contains(guardName) else { continue }
            state.flows[flow.name] = fresh.flows[flow.name]
            if state.activeFlow == flow.name { state.activeFlow = fresh.activeFlow }
        }
        state.grantedGuards = granted
        let missing = graph.flows.contains { flow in flow.guardName.map { !granted.contains($0) } ?? false }
        if !missing { state.pending = nil }
        return state
    }

    private func keepAside(_ message: String) -> String {
        do {
            let kept = try keepAsCorrupt()
            return "warning: \(message); the file was kept as \(kept)"
        } catch {
            return "warning: \(message); it could not be moved aside: \(error)"
        }
    }
}
