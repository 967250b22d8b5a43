import Wayfinder
import WayfinderTerminal

/// Where a screen is shown: its flow, and the route it follows as the graph's edge to it
/// allows (the one below it in its stack, or under its sheet or alert; `nil` for a root).
/// A screen whose parameters are those of the screen it follows (the comments of a post)
/// takes them from ``follows``.
public struct ScreenPlace: Hashable, Sendable {
    /// The flow the screen is in.
    public let flow: String
    /// The route it follows, or `nil` for a stack's root.
    public let follows: Route?

    /// A place in `flow`, after `follows`.
    public init(flow: String, follows: Route?) {
        self.flow = flow
        self.follows = follows
    }

    /// The route the screen follows as one of `type`'s, or `nil` (a root, or a route of
    /// another flow): `place.follows(as: LibraryRoute.self)`.
    public func follows<Routes: RouteRepresentable>(as type: Routes.Type) -> Routes? {
        follows.flatMap(Routes.init(route:))
    }
}

/// The screens of an app: one view model and view per place of the navigation (each stack
/// element, each stack's root, each sheet or alert), made on first show and kept while the
/// place exists, so that a screen keeps what it loaded and what was typed into it.
///
/// The app owns one and makes screens for it (``ShellApp/makeScreen(for:at:)``); the shell
/// asks it for the one on top.
@MainActor
public final class Screens {
    /// Where a view model's screen is: the flow, the stack's key (its tab, or
    /// `FlowState.singleStack`), and the stack element or presentation (by its id), or the
    /// stack's root (by its route).
    fileprivate struct Key: Hashable {
        enum Place: Hashable {
            case root(Route)
            case element(StackID)
        }

        let flow: String
        let tab: String
        let place: Place
    }

    private var made: [Key: Screen] = [:]
    /// The screen on top at a revision of the navigation store.
    private var shown: (revision: Int, screen: Screen)?

    /// No screens yet.
    public init() {}

    /// Forgets every screen (after the session changed, say): each is made again when shown.
    public func removeAll() {
        made.removeAll()
        shown = nil
    }

    /// The screens made so far, to put back (``restore(_:)``) when a command that changed
    /// them is undone: their view models keep what was typed into them.
    public struct Snapshot {
        fileprivate let made: [Key: Screen]
    }

    /// The screens made so far.
    public func snapshot() -> Snapshot {
        Snapshot(made: made)
    }

    /// Puts back the screens of `snapshot`, for the navigation state they were made for.
    public func restore(_ snapshot: Snapshot) {
        made = snapshot.made
        shown = nil
    }

    /// The screen on top of `store`'s state, as the state's `visible(in:make:)` finds it,
    /// found again only once the navigation has changed (the store's `revision`).
    public func visible(in store: NavigationStore, make: (Route, ScreenPlace) -> Screen?) -> Screen {
        if let shown, shown.revision == store.revision { return shown.screen }
        let screen = visible(in: store.state, make: make)
        shown = (store.revision, screen)
        return screen
    }

    /// The screen on top of `state`: the presentation, else the top of the active stack;
    /// made by `make` the first time its place is shown. A place `make` has no screen for
    /// shows a line saying so (a state checked against the graph never has one).
    public func visible(in state: NavigationState, make: (Route, ScreenPlace) -> Screen?) -> Screen {
        let flow = state.active
        guard let stack = flow?.selectedStack else {
            return Screen(NothingToShow(what: "flow '\(state.activeFlow)'"), NothingToShowView.init)
        }
        let place: Key.Place
        let route: Route
        let follows: Route?
        if let presentation = stack.presentation {
            (place, route, follows) = (.element(presentation.id), presentation.route, stack.top)
        } else if let top = stack.path.last {
            (place, route, follows) = (.element(top.id), top.route, stack.path.dropLast().last?.route ?? stack.root)
        } else {
            (place, route, follows) = (.root(stack.root), stack.root, nil)
        }
        let key = Key(flow: state.activeFlow, tab: flow?.selectedTab ?? FlowState.singleStack, place: place)
        if let screen = made[key] { return screen }
        let screen = make(route, ScreenPlace(flow: state.activeFlow, follows: follows))
            ?? Screen(NothingToShow(what: route.description), NothingToShowView.init)
        made[key] = screen
        prune(keeping: state)
        return screen
    }

    /// Drops the screens whose place is gone, each time a screen is made: a view model
    /// lives as long as its place.
    private func prune(keeping state: NavigationState) {
        var live: Set<Key> = []
        for (flow, flowState) in state.flows {
            for (tab, stack) in flowState.stacks {
                live.insert(Key(flow: flow, tab: tab, place: .root(stack.root)))
                for element in stack.path { live.insert(Key(flow: flow, tab: tab, place: .element(element.id))) }
                if let presentation = stack.presentation { live.insert(Key(flow: flow, tab: tab, place: .element(presentation.id))) }
            }
        }
        made = made.filter { live.contains($0.key) }
    }
}

/// Shown for a place the app makes no screen for.
@MainActor
private final class NothingToShow: ScreenModel {
    static let commands: [ScreenCommand<NothingToShow>] = []
    let what: String
    init(what: String) { self.what = what }
}

@MainActor
private struct NothingToShowView: TextView {
    let model: NothingToShow
    func render() -> StyledText { .line("Nothing to show for \(model.what).", .dim) }
}
