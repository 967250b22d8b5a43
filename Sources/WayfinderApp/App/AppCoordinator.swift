import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The root of the sample app: owns the navigation store, the session and the flow
/// coordinators (one per ``Feature``, made on first use), picks the flow from the session,
/// and handles what children bubble up (sign-in finished, sign out, show another flow).
///
/// ```swift
/// let app = AppCoordinator(container: .demo())
/// try app.open("wayfinder://settings/profile")   // signed out: pending, Login shown
/// ```
@MainActor
public final class AppCoordinator: Coordinator, ShellApp {
    /// The guard every signed-in flow requires.
    public static let signedInGuard = AppRoutes.Guard.signedIn.rawValue

    /// The navigation state and its events.
    public let store: NavigationStore
    /// The services.
    public let container: Container
    /// The signed-in user.
    public private(set) var user: User?
    /// The store, for test tools.
    public var navigationStore: NavigationStore { store }
    /// The root has no parent.
    public var parent: (any Coordinator)? { nil }

    /// The screens shown so far, one per place.
    public let screens = Screens()

    private var coordinators: [ObjectIdentifier: any Coordinator] = [:]
    private var pendingChanges: [SessionChange] = []
    /// What the command being run started from (``shellWillRun(atSecretPrompt:)``): what
    /// a command whose session change could not be stored goes back to.
    var commandStart: (state: AppState, faults: Int, screens: Screens.Snapshot)?

    /// Creates the app on `container`'s services, signed out, on the sign-in screen.
    /// - Parameters:
    ///   - container: The services.
    ///   - graph: The route graph (the embedded `Routes/app.routes` by default).
    ///   - ids: Where stack element ids come from.
    public init(container: Container, graph: RouteGraph = AppRoutes.graph, ids: StackIDGenerator = StackIDGenerator()) {
        self.container = container
        self.store = NavigationStore(navigator: Navigator(graph: graph, ids: ids))
    }

    /// The coordinator of type `type`, made on first use (each feature's folder offers its
    /// own as a property: `app.main`).
    public func coordinator<C: AppFlowCoordinator>(_ type: C.Type) -> C {
        if let made = coordinators[ObjectIdentifier(type)] as? C { return made }
        let made = C(store: store, parent: self)
        coordinators[ObjectIdentifier(type)] = made
        return made
    }

    /// The flow shown while nobody is signed in: the sign-in guard's fallback.
    var signedOutFlow: String {
        store.graph.guardNamed(Self.signedInGuard)?.fallbackFlow ?? store.graph.initialFlow.name
    }

    /// The flow shown once someone signs in: the first that needs the sign-in guard.
    var signedInFlow: String {
        store.graph.flows.first { $0.guardName == Self.signedInGuard }?.name ?? store.graph.initialFlow.name
    }

    /// Whether `flow`'s guard, if any, is met.
    func canShow(flow: String) -> Bool {
        guard let guardName = store.graph.flow(named: flow)?.guardName else { return true }
        return store.state.grantedGuards.contains(guardName)
    }

    /// A new user value for the signed-in user (their profile was edited).
    func userChanged(to updated: User) {
        guard user?.id == updated.id else { return }
        user = updated
    }

    // MARK: - Intents from children

    public func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool {
        switch intent {
        case let signIn as SignInFinished:
            try startSession(for: signIn.user)
        case is SignOutRequested:
            try signOut()
        case let show as ShowFlow:
            try activate(flow: show.flow)
        default:
            return false
        }
        return true
    }

    /// Starts a session: grants the sign-in guard, which applies the pending link if there
    /// is one; otherwise shows Main. While someone else is signed in (a user switch), they
    /// are signed out first, and the screen on show waits for the new user as the pending
    /// link. All of it or, when a step is refused, nothing. The session is stored by
    /// ``settle()``; signing in again as the user just signed out (`login alice` as alice)
    /// keeps the stored session, so that other processes sharing it stay signed in.
    private func startSession(for newUser: User) throws(NavigationError) {
        let replaced = user
        try store.perform { n throws(NavigationError) in
            if replaced != nil {
                let resume = n.url
                try n.revoke(Self.signedInGuard)
                if n.url != resume { try n.open(resume, from: .app) }
            }
            // The sign-in screens are done with: Login starts afresh next time. Granting
            // the guard then starts a new history, so undo cannot go back to them. The
            // pending link is the shell's to open, once its data is checked.
            if n.state.activeFlow == signedOutFlow { try n.popToRoot() }
            try n.grant(Self.signedInGuard, showing: signedInFlow, openingPending: false)
        }
        if let replaced { enqueueSignOut(of: replaced) }
        user = newUser
        let sessions = container.sessions
        if pendingChanges.last?.endedUserID == newUser.id {
            pendingChanges.removeLast()
        } else {
            enqueue(SessionChange(action: "sign in as \(newUser.username)") { () async throws(ServiceError) in try await sessions.start(for: newUser) })
        }
        screens.removeAll()
    }

    /// Ends the session (``SignOutRequested``, the one way to sign out): clears Main and
    /// Settings, their presentations and any pending link, and shows the sign-in screen.
    /// The session is ended in storage by ``settle()``.
    /// - Throws: ``NavigationError`` when nobody is signed in.
    private func signOut() throws(NavigationError) {
        guard let signedIn = user else { throw NavigationError(.notAllowed, "nobody is signed in") }
        enqueueSignOut(of: signedIn)
        endSessionHere()
    }

    private func enqueueSignOut(of signedIn: User) {
        let sessions = container.sessions
        enqueue(SessionChange(action: "sign out", endedUserID: signedIn.id) { () async throws(ServiceError) in try await sessions.end(for: signedIn) })
    }

    /// Signs out in this process only, as after ``signOut()`` but writing nothing: for a
    /// session that is already gone (ended by another process, ``SessionStore/isCurrent()``).
    public func endSessionHere() {
        guard user != nil else { return }
        user = nil
        // Cannot fail: revoke refuses only a guard the table lacks, and the app's has this one.
        try? store.perform { n throws(NavigationError) in try n.revoke(Self.signedInGuard) }
        screens.removeAll()
    }

    /// Signs `user` in again at launch, from a saved session: no pending link, no
    /// new session; Main is shown.
    public func resume(as user: User) throws(NavigationError) {
        self.user = user
        try store.perform { n throws(NavigationError) in try n.grant(Self.signedInGuard, showing: signedInFlow) }
        screens.removeAll()
    }

    /// Queues a change of the stored session, which ``settle()`` makes.
    private func enqueue(_ change: SessionChange) {
        pendingChanges.append(change)
    }

    /// Stores the session changes made since the last call (sign-in, sign-out), in order;
    /// the first that fails drops those after it. Until then the app shows the change, but
    /// storage (and any other process) does not have it: the shell calls this after every
    /// command, and takes the command back when it fails.
    /// - Returns: The failure, if one did.
    @discardableResult
    public func settle() async -> SessionChangeFailure? {
        var done = 0
        while !pendingChanges.isEmpty {
            let change = pendingChanges.removeFirst()
            do {
                try await change.store()
            } catch {
                pendingChanges.removeAll()
                return SessionChangeFailure(action: change.action, error: error, earlierChangesStored: done > 0)
            }
            done += 1
        }
        return nil
    }

    // MARK: - Links

    /// A link to a sign-in screen while someone is signed in is refused.
    public func refusal(toOpen link: ResolvedLink) -> NavigationError? {
        guard link.flow == signedOutFlow, let user else { return nil }
        return NavigationError(.notAllowed, "already signed in as \(user.username); logout first")
    }

    /// Shows `flow` (as with a link to its current screen).
    @discardableResult
    public func activate(flow: String) throws(NavigationError) -> NavigationOutcome {
        if flow == signedOutFlow, let user {
            throw NavigationError(.notAllowed, "already signed in as \(user.username); logout first")
        }
        return try store.perform { n throws(NavigationError) in try n.activate(flow: flow) }
    }

    // MARK: - State

    /// The whole app state.
    public var state: AppState {
        AppState(navigation: store.state, user: user)
    }

    /// The canonical link of what is on screen.
    public var url: String { store.url }

    /// Restores a snapshot: the navigation state is checked against the graph, and the
    /// session must agree with the sign-in guard.
    /// - Throws: ``NavigationError/Code/invalidState``; nothing changes then.
    public func restore(_ snapshot: AppState) throws(NavigationError) {
        let signedIn = snapshot.navigation.grantedGuards.contains(Self.signedInGuard)
        guard signedIn == (snapshot.user != nil) else {
            throw NavigationError(.invalidState, "the session and the sign-in guard disagree")
        }
        try store.perform { n throws(NavigationError) in try n.restore(snapshot.navigation) }
        user = snapshot.user
        screens.removeAll()
    }

    // MARK: - Screens

    /// The view model and view of `route`, from the feature of `place`'s flow.
    public func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? {
        let context = ScreenContext(app: self, follows: place.follows)
        for feature in Feature.all where feature.flow == place.flow {
            if let screen = feature.makeScreen(route, context) { return screen }
        }
        return nil
    }
}
