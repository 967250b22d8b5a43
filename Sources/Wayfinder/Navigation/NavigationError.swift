/// Why a navigation intent was refused. The state is always left exactly as it was.
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal. New kinds may be added; compare with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The route names a screen the graph does not have.
        public static let unknownScreen = Code("unknownScreen")
        /// The screen belongs to a flow other than the active one.
        public static let wrongFlow = Code("wrongFlow")
        /// The graph does not allow this screen after the current top.
        public static let notAllowed = Code("notAllowed")
        /// A push of a sheet or alert, a presentation of a pushed screen, or a root.
        public static let wrongKind = Code("wrongKind")
        /// Missing, extra or mistyped parameters.
        public static let badParameters = Code("badParameters")
        /// A sheet or alert is shown; dismiss it first.
        public static let presentationActive = Code("presentationActive")
        /// Nothing is presented.
        public static let nothingPresented = Code("nothingPresented")
        /// Already at the root.
        public static let atRoot = Code("atRoot")
        /// The route to pop to is not in the stack.
        public static let notInStack = Code("notInStack")
        /// The flow has no such tab, or no tabs.
        public static let unknownTab = Code("unknownTab")
        /// The graph has no such flow.
        public static let unknownFlow = Code("unknownFlow")
        /// The graph has no such guard.
        public static let unknownGuard = Code("unknownGuard")
        /// No navigation step to undo.
        public static let nothingToUndo = Code("nothingToUndo")
        /// No navigation step to redo.
        public static let nothingToRedo = Code("nothingToRedo")
        /// The deep link did not resolve; see ``NavigationError/deepLinkError``.
        public static let invalidLink = Code("invalidLink")
        /// The link resolved, but what it names is not in the app's data (a post that does
        /// not exist): the app refused to open it.
        public static let missingData = Code("missingData")
        /// The resulting state would not print to a link that reads back as itself: past
        /// the link limits, or read as another state (see the route tools' `RouteGraph.warnings`).
        public static let notRepresentable = Code("notRepresentable")
        /// A state to restore does not fit the graph.
        public static let invalidState = Code("invalidState")
        /// No coordinator up the chain handled an intent.
        public static let unhandledIntent = Code("unhandledIntent")
        /// No link waits to be confirmed (``NavigationState/confirming``).
        public static let nothingToConfirm = Code("nothingToConfirm")
    }

    /// The kind of refusal.
    public let code: Code
    /// A sentence saying what was refused and why.
    public let message: String
    /// The underlying link error, for ``Code/invalidLink``.
    public let deepLinkError: DeepLinkError?

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        self.deepLinkError = nil
    }

    /// The error refusing a link that did not resolve: its message, and the link error kept.
    public init(link error: DeepLinkError) {
        self.code = .invalidLink
        self.message = error.message
        self.deepLinkError = error
    }

    /// The message.
    public var description: String { message }
}

/// What an intent that may meet a guard did.
public enum NavigationOutcome: Hashable, Sendable {
    /// The state changed as asked.
    case applied
    /// A guard was unmet: the link waits as ``NavigationState/pending`` and the guard's
    /// fallback flow is shown.
    case deferred(pending: String, guardName: String)
    /// The link from outside reaches `screen`, of tier ``RouteGraph/EntryTier/confirm``: it
    /// waits as ``NavigationState/confirming`` and nothing else changed.
    case awaitingConfirmation(link: String, screen: String)
}

/// What changed, as published by ``NavigationStore/events()``.
public enum NavigationEvent: Hashable, Sendable {
    /// A link was opened with this change (published before the ``navigated(from:to:)``
    /// it causes); a link already open publishes nothing.
    case opened(LinkEdit)
    /// The visible link changed.
    case navigated(from: String, to: String)
    /// A link waits for `guardName`; the fallback flow is shown.
    case deferred(pending: String, guardName: String)
    /// The pending link was applied after its guard was granted.
    case pendingApplied(String)
    /// A link from outside waits for the user to confirm it (``NavigationState/confirming``).
    case awaitingConfirmation(String)
    /// A guard was granted.
    case granted(String)
    /// A guard was revoked: the flows behind it were reset.
    case revoked(String)
    /// An intent was refused; the state did not change.
    case refused(NavigationError)
}
