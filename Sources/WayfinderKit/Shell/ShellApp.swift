import Wayfinder
import WayfinderTerminal
import WayfinderSystem

/// An app the kit's ``Shell`` runs: its navigation store, the screens it makes for the
/// routes of its table, and the commands it adds to the navigation commands every app gets.
///
/// Everything but `navigationStore`, ``screens`` and ``makeScreen(for:at:)`` has a
/// default. A small app is a coordinator holding a store and a `switch` over its routes:
///
/// ```swift
/// @MainActor final class Bookshelf: ShellApp {
///     static let commands: [Command<Bookshelf>] = []
///     let navigationStore = NavigationStore(navigator: Navigator(graph: BookshelfRoutes.graph))
///     let screens = Screens()
///     func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? {
///         switch LibraryRoute(route: route) {
///         case .shelves?: Screen(ShelvesViewModel(…), ShelvesView.init)
///         …
///         }
///     }
/// }
/// ```
@MainActor
public protocol ShellApp: CommandTarget, NavigationStoreProviding {
    /// The screens shown so far, one per place; the app calls ``Screens/removeAll()`` when
    /// what they show changes for every place (another user signed in).
    var screens: Screens { get }

    /// Makes the view model and view of `route`, shown at `place`; `nil` when it cannot be
    /// shown now.
    func makeScreen(for route: Route, at place: ScreenPlace) -> Screen?

    /// The first line a person sees at a terminal (not shown to scripts).
    var banner: StyledText { get }

    /// Commands every screen lists under "Also:", after the navigation commands (before
    /// `quit`): a sign-out, say. (The app's ``CommandTarget/commands`` are listed with the
    /// screen's own, while they are offered.)
    static var globalCommands: [Command<Self>] { get }

    /// The navigation commands as the app offers them: `defaults` (``Shell/navigationCommands``)
    /// with any hidden (filtered out) or renamed (``Command/renamed(_:)``).
    static func navigationCommands(_ defaults: [Command<Shell<Self>>]) -> [Command<Shell<Self>>]

    /// Commands offered on every screen that keep state of their own between lines (signing
    /// in as another user, with its password prompt): asked first for a secret line.
    func makeSessionCommands() -> [any SessionCommand]

    /// Why `link` may not be opened now (a sign-in screen while someone is signed in), or
    /// `nil` to open it: asked for each link `open` and the program's arguments open.
    func refusal(toOpen link: ResolvedLink) -> NavigationError?

    /// Before each line is run: a reply to give instead of running it (the user's session
    /// was ended by another process, say), or `nil` to run it. `atSecretPrompt` tells that
    /// the line answers a password prompt.
    func shellWillRun(atSecretPrompt: Bool) async -> ReplReply?

    /// After each line ran: its reply, as the app settles what the command changed (stores
    /// a session change, and fails the command if that cannot be done).
    func shellDidRun(_ reply: ReplReply) async -> ReplReply

    /// `state` without what names data that no longer exists (a deleted post), and a line
    /// for each place taken out: asked of a saved navigation being restored.
    /// - Throws: When the data cannot be read (never taken for "no longer exists").
    func withoutMissingData(_ state: NavigationState) async throws -> (state: NavigationState, dropped: [String])

    /// When the REPL ends: what could not be finished (a session change not stored), or
    /// `nil`.
    func shellWillEnd() async -> (any ShellError)?

    /// A link `help` shows as an example of `open`'s (`wayfinder://main/feed/post/3`).
    static var exampleLink: String? { get }

    /// What `open` says of a link kept as the pending link until `guardName` is granted.
    func waitingMessage(for pending: String, behind guardName: String) -> String

    /// Members the `state` command's JSON adds after the navigation (`"user"`, say).
    var stateMembers: [(String, JSONValue)] { get }
}

extension ShellApp {
    /// The program's name and a line on what to type.
    public var banner: StyledText {
        var text = StyledText()
        text.append(line: [TextSpan(Program.current.name, .title), TextSpan(". Type help for commands, Tab to complete, Ctrl-D to leave.", .dim)])
        return text
    }

    /// None.
    public static var globalCommands: [Command<Self>] { [] }

    /// `defaults`, unchanged.
    public static func navigationCommands(_ defaults: [Command<Shell<Self>>]) -> [Command<Shell<Self>>] { defaults }

    /// None.
    public func makeSessionCommands() -> [any SessionCommand] { [] }

    /// Every link may be opened.
    public func refusal(toOpen link: ResolvedLink) -> NavigationError? { nil }

    /// Runs every line.
    public func shellWillRun(atSecretPrompt: Bool) async -> ReplReply? { nil }

    /// The reply as it is.
    public func shellDidRun(_ reply: ReplReply) async -> ReplReply { reply }

    /// `state` as it is: the app keeps no data a place could name.
    public func withoutMissingData(_ state: NavigationState) async throws -> (state: NavigationState, dropped: [String]) {
        (state, [])
    }

    /// Nothing left to do.
    public func shellWillEnd() async -> (any ShellError)? { nil }

    /// None.
    public static var exampleLink: String? { nil }

    /// `LINK opens once 'GUARD' is granted.`
    public func waitingMessage(for pending: String, behind guardName: String) -> String {
        "\(pending) opens once '\(guardName)' is granted."
    }

    /// None.
    public var stateMembers: [(String, JSONValue)] { [] }

    /// The view model of the screen on top: the presentation, else the top of the active
    /// stack, made on first show (``Screens/visible(in:make:)``).
    public func visibleScreen() -> any ScreenModel {
        visibleScreenAndView().model
    }

    /// The screen on top, its view model and view.
    public func visibleScreenAndView() -> Screen {
        screens.visible(in: navigationStore, make: makeScreen(for:at:))
    }

    /// Opens `link`: a link behind a guard not granted waits as the pending link; a link
    /// from outside (the default `source`) meets its screens' entry tiers (see
    /// `Navigator.open(_:from:)`).
    /// - Parameters:
    ///   - link: The link.
    ///   - source: `.app` for the app's own navigation (a test putting a screen on show).
    /// - Throws: `NavigationError` when the link does not resolve or may not be opened
    ///   now (``refusal(toOpen:)``); nothing changes then.
    @discardableResult
    public func open(_ link: String, from source: LinkSource = .outside) throws(NavigationError) -> NavigationOutcome {
        let resolved = try resolvedForOpening(link)
        return try navigationStore.perform { navigator throws(NavigationError) in try navigator.open(resolved, from: source) }
    }

    /// Opens `links` in order as one change, all or none: a link that does not resolve, or
    /// may not be opened, leaves the navigation exactly as it was.
    /// - Throws: `NavigationError` naming the first link refused.
    public func open(all links: [String]) throws(NavigationError) {
        guard !links.isEmpty else { return }
        var resolved: [ResolvedLink] = []
        for link in links { resolved.append(try resolvedForOpening(link)) }
        try navigationStore.perform { navigator throws(NavigationError) in
            for link in resolved { _ = try navigator.open(link) }
        }
    }

    /// Opens `links` in order as one change, all or none, as ``open(all:)`` does, once the
    /// state they lead to is checked against the app's data (``withoutMissingData(_:)``): a
    /// link to a place whose data does not exist (a post that was never written) opens
    /// nothing. What `open` and the program's link arguments do.
    /// - Returns: The outcome of the last link.
    /// - Throws: `NavigationError` (code `missingData` for missing data, naming it), or
    ///   what ``withoutMissingData(_:)`` throws when the data cannot be read.
    @discardableResult
    public func openChecked(_ links: [String]) async throws -> NavigationOutcome? {
        guard !links.isEmpty else { return nil }
        var resolved: [ResolvedLink] = []
        for link in links { resolved.append(try resolvedForOpening(link)) }
        return try await performCheckingData { navigator throws(NavigationError) in
            var outcome: NavigationOutcome?
            for link in resolved { outcome = try navigator.open(link) }
            return outcome
        }
    }

    /// Opens the link from outside waiting to be confirmed (`Navigator.confirmLink()`), once
    /// the state it leads to is checked against the app's data as ``openChecked(_:)`` checks
    /// it. What `confirm` does.
    /// - Throws: As ``openChecked(_:)``; `NavigationError` code `nothingToConfirm` when no
    ///   link waits.
    @discardableResult
    public func confirmLink() async throws -> NavigationOutcome {
        try await performCheckingData { navigator throws(NavigationError) in try navigator.confirmLink() }
    }

    /// Opens the pending link once its guard is met (`Navigator.pendingLinkCanOpen`: the
    /// app granted it with `openingPending: false`), checked against the app's data as
    /// ``openChecked(_:)`` checks a link: a link to a place whose data does not exist is
    /// refused as `open` would refuse it, opens nothing and waits no more. The shell calls
    /// this after each command, and the launcher at start.
    /// - Returns: The outcome, or `nil` when no pending link could open.
    /// - Throws: As ``openChecked(_:)``.
    @discardableResult
    public func openPendingLink() async throws -> NavigationOutcome? {
        guard navigationStore.navigator.pendingLinkCanOpen else { return nil }
        do {
            return try await performCheckingData { navigator throws(NavigationError) in try navigator.openPendingLink() }
        } catch {
            // Refused: it opens nothing, and does not wait to be opened again.
            _ = try? navigationStore.perform { $0.dropPendingLink() }  // Dropping a link refuses nothing.
            throw error
        }
    }

    /// Makes `change` as one step once the state it leads to is checked against the app's
    /// data (``withoutMissingData(_:)``): the change is made once, on a copy, which becomes
    /// the navigation only when nothing it names is missing (`NavigationStore`'s
    /// `perform(_:checking:)`). The one path a link opens by: `open`, link arguments,
    /// `confirm`, and a pending link at sign-in.
    /// - Throws: `NavigationError` (code `missingData`, naming the data), what `change`
    ///   throws, or what ``withoutMissingData(_:)`` throws.
    private func performCheckingData<Result>(
        _ change: (inout Navigator) throws(NavigationError) -> Result
    ) async throws -> Result {
        try await navigationStore.perform(change) { state in
            let (_, missing) = try await withoutMissingData(state)
            if let first = missing.first { throw NavigationError(.missingData, first) }
        }
    }

    /// What opening `links` in order would change, one line each, changing nothing (the
    /// saved navigation included): the `LinkEdit` a link makes (`pop comments`,
    /// `nothing: already open`), that it would wait for its guard, or that it would ask to
    /// be confirmed. What `open --dry-run` prints.
    /// - Throws: What ``openChecked(_:)`` would throw for these links.
    public func dryRun(_ links: [String]) async throws -> [String] {
        var preview = navigationStore.navigator
        var lines: [String] = []
        for link in links {
            let resolved = try resolvedForOpening(link)
            let edit = preview.edit(opening: resolved)
            switch try preview.open(resolved) {
            case .deferred(let pending, let guardName):
                lines.append("would wait for '\(guardName)': \(pending) kept pending")
            case .awaitingConfirmation(let held, let screen):
                lines.append("would ask to confirm: \(held) opens '\(screen)', so nothing opens before 'confirm'")
            case .applied:
                lines.append(edit.isEmpty ? "would change nothing: \(resolved.url) is open" : "would " + edit.description)
            }
        }
        let (_, missing) = try await withoutMissingData(preview.state)
        if let first = missing.first { throw NavigationError(.missingData, first) }
        return lines
    }

    /// `link` resolved once, checked against ``refusal(toOpen:)``.
    private func resolvedForOpening(_ link: String) throws(NavigationError) -> ResolvedLink {
        let resolved: ResolvedLink
        do {
            resolved = try navigationStore.graph.resolve(link)
        } catch {
            throw NavigationError(link: error)
        }
        if let refusal = refusal(toOpen: resolved) { throw refusal }
        return resolved
    }
}

/// Commands a feature offers on every screen, declared in ``CommandTarget/commands``
/// and offered while it says so (signing in as another user while someone is signed in),
/// which may ask for a secret over the screen. The shell asks it first for the secret
/// prompt, the line typed at it, and when the prompt is cancelled.
@MainActor
public protocol SessionCommand: CommandTarget {
    /// While waiting for a secret, its prompt.
    var secretPrompt: String? { get }
    /// Receives the secret line asked for.
    func receiveSecret(_ secret: String) async -> ReplReply
    /// Stops waiting; the sentence saying so, or `nil` when nothing was asked for.
    func cancel() -> String?
}
