/// One step of undo or redo history: what to do to the state to go back (or forward).
///
/// Push, pop, present, dismiss and tab changes record the small inverse edit, so that
/// recording and undoing them costs the same at any stack depth; other intents record
/// the whole state they replaced. Applying a step gives back the step that reverses it.
enum HistoryStep: Sendable, Equatable {
    /// Put this whole state back.
    case state(NavigationState)
    /// Pop the top of `flow`'s stack `stack` (reverses a push).
    case pop(flow: String, stack: String)
    /// Push `element` back onto `flow`'s stack `stack` (reverses a pop).
    case push(flow: String, stack: String, element: StackElement)
    /// Put `presentation` (or none) back over `flow`'s stack `stack`.
    case presentation(flow: String, stack: String, Presentation?)
    /// Select `tab` of `flow` again.
    case tab(flow: String, String?)

    /// Applies the step to `state` and returns the step that reverses it.
    func apply(to state: inout NavigationState) -> HistoryStep {
        switch self {
        case .state(let previous):
            defer { state = previous }
            return .state(state)
        case .pop(let flow, let key):
            guard let element = state.flows[flow]?.stacks[key]?.pop() else { return .state(state) }
            return .push(flow: flow, stack: key, element: element)
        case .push(let flow, let key, let element):
            state.flows[flow]?.stacks[key]?.path.append(element)
            return .pop(flow: flow, stack: key)
        case .presentation(let flow, let key, let presentation):
            let current = state.flows[flow]?.stacks[key]?.presentation
            state.flows[flow]?.stacks[key]?.presentation = presentation
            return .presentation(flow: flow, stack: key, current)
        case .tab(let flow, let tab):
            let current = state.flows[flow]?.selectedTab
            state.flows[flow]?.selectedTab = tab
            return .tab(flow: flow, current)
        }
    }
}

/// The most recent steps of a history, at most a limit of them, in a ring: adding a step
/// to a full history drops the oldest in O(1).
struct HistoryRing: Sendable {
    private var slots: [HistoryStep?] = []
    /// Where the next step goes.
    private var next = 0
    /// How many steps are held.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds `step`, dropping the oldest when `limit` steps are already held.
    mutating func append(_ step: HistoryStep, limit: Int) {
        guard limit > 0 else {
            removeAll()
            return
        }
        if slots.count != limit { resize(to: limit) }
        slots[next] = step
        next = (next + 1) % limit
        count = Swift.min(count + 1, limit)
    }

    /// Removes and returns the newest step.
    mutating func popLast() -> HistoryStep? {
        guard count > 0, !slots.isEmpty else { return nil }
        next = (next + slots.count - 1) % slots.count
        count -= 1
        defer { slots[next] = nil }
        return slots[next]
    }

    mutating func removeAll() {
        slots = []
        next = 0
        count = 0
    }

    /// Keeps the newest `limit` steps in `limit` slots, oldest first.
    private mutating func resize(to limit: Int) {
        var kept: [HistoryStep?] = []
        kept.reserveCapacity(limit)
        let capacity = slots.count
        for offset in Swift.max(0, count - limit)..<count {
            kept.append(slots[(next - count + offset + capacity) % capacity])
        }
        count = kept.count
        next = kept.count % limit
        // One element at a time: `append(contentsOf: repeatElement(…))` is generic over the
        // sequence, and its first use made the runtime look `Repeated` up among every
        // conformance in the binary (about a seventh of a short run such as `wayfinder open`).
        while kept.count < limit { kept.append(nil) }
        slots = kept
    }
}
