import WayfinderSystem

/// The navigation state of one flow: its selected tab and one stack per tab.
public struct FlowState: Hashable, Codable, Sendable {
    /// The key of the only stack of a flow without tabs.
    public static let singleStack = ""

    /// The selected tab, for a flow with tabs.
    public var selectedTab: String?
    /// The stacks by tab name (``singleStack`` for a flow without tabs).
    public var stacks: [String: RouteStack]

    /// Creates a flow state.
    public init(selectedTab: String?, stacks: [String: RouteStack]) {
        self.selectedTab = selectedTab
        self.stacks = stacks
    }

    /// The key of the selected stack.
    public var selectedKey: String { selectedTab ?? Self.singleStack }

    /// The selected stack.
    public var selectedStack: RouteStack? {
        get { stacks[selectedKey] }
        set { stacks[selectedKey] = newValue }
    }
}

/// The whole navigation state of an app: every flow's stacks, the active flow, the
/// granted guards, the link waiting for a guard and the link waiting to be confirmed. One value: `Codable` (in its saved
/// form, ``SavedStateFormat``), `Equatable`, `Sendable`; snapshot it by copying, restore it
/// with ``Navigator/restore(_:)``.
public struct NavigationState: Hashable, Sendable {
    /// The flow on screen.
    public var activeFlow: String
    /// Every flow's state by name.
    public var flows: [String: FlowState]
    /// The canonical link asked for while its guard was unmet, applied when it is granted.
    public var pending: String?
    /// The canonical link from outside the app waiting for the user to confirm it: it
    /// reaches a screen of tier ``RouteGraph/EntryTier/confirm``, and nothing of it is
    /// opened until ``Navigator/confirmLink()``; ``Navigator/declineLink()`` drops it.
    public var confirming: String?
    /// The guards currently met (such as `signed-in`).
    public var grantedGuards: Set<String>

    /// Creates a state.
    public init(activeFlow: String, flows: [String: FlowState], pending: String? = nil, grantedGuards: Set<String> = []) {
        self.activeFlow = activeFlow
        self.flows = flows
        self.pending = pending
        self.grantedGuards = grantedGuards
    }

    /// The state of the active flow.
    public var active: FlowState? { flows[activeFlow] }

    /// The selected tab of the active flow.
    public var selectedTab: String? { active?.selectedTab }

    /// The selected stack of the active flow.
    public var activeStack: RouteStack? { active?.selectedStack }

    /// The presentation over the active stack.
    public var presentation: Presentation? { activeStack?.presentation }
}

extension NavigationState: Codable {
    /// Reads a state in its saved form (``SavedStateFormat``), as
    /// ``decodedLeniently(from:)`` does, but refuses it whole when anything would be dropped.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard case .object = json else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a saved state is an object"))
        }
        var reader = LenientStateReader()
        let state = reader.state(json)
        if let problem = reader.problems.first ?? reader.unreadableID {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
        self = state
    }

    /// Writes the state in its saved form (``SavedStateFormat/json(of:)-(NavigationState)``).
    public func encode(to encoder: any Encoder) throws {
        try SavedStateFormat.json(of: self).encode(to: encoder)
    }
}
