extension RouteGraph {
    /// What a link does to a screen of its stack that is already there, in the same place
    /// and with the same parameters (`reopen` on a `screen` line of the table).
    public enum ReopenPolicy: String, Hashable, Sendable, CaseIterable {
        /// Keep it, with its identity (its view and data stay): the link pops back to it,
        /// or changes nothing when it is already on top. The default.
        case reuse
        /// Push another: the stack is kept below it, and it is shown afresh, with a new
        /// identity, each time a link reaches it.
        case push
        /// Reset the stack: a link that reaches it rebuilds the whole stack, as if nothing
        /// were open.
        case reset
    }
}

/// The least change that opens a link on the current navigation: the part of the stack the
/// link shares is kept, the rest popped, the link's remaining screens pushed, its tab
/// selected, a presentation dismissed or presented. ``Navigator/edit(opening:)`` tells it
/// without making it; ``Navigator/open(_:from:)-(ResolvedLink,_)`` makes it as one undo step and
/// publishes it (``NavigationEvent/opened(_:)``).
///
/// ```swift
/// // At wayfinder://main/feed/post/7/comments:
/// let edit = navigator.edit(opening: try graph.resolve("wayfinder://main/feed/post/7"))
/// edit.description // "pop comments"
/// ```
public struct LinkEdit: Hashable, Sendable, CustomStringConvertible {
    /// The flow the link opens.
    public var flow: String
    /// The flow shown before, when the link switches flows.
    public var fromFlow: String?
    /// The tab the link selects, when it changes the selection.
    public var selectsTab: String?
    /// The key of the stack the link edits (its tab, or ``FlowState/singleStack``).
    public var stack: String
    /// How many screens of that stack (the root counts) are kept.
    public var kept: Int
    /// The screens popped, top first (the root last, when it is replaced).
    public var popped: [Route]
    /// The screens pushed, bottom first (the new root first, when it is replaced).
    public var pushed: [Route]
    /// The sheet or alert dismissed.
    public var dismissed: Route?
    /// The sheet or alert presented.
    public var presented: Route?
    /// How ``presented`` is shown.
    public var presentedStyle: PresentationStyle?

    /// Whether the link changes nothing: it is already open.
    public var isEmpty: Bool {
        fromFlow == nil && selectsTab == nil && popped.isEmpty && pushed.isEmpty && dismissed == nil && presented == nil
    }

    /// How many steps it makes: each flow or tab switch, pop, push, dismissal and
    /// presentation counts one.
    public var length: Int {
        (fromFlow == nil ? 0 : 1) + (selectsTab == nil ? 0 : 1) + popped.count + pushed.count
            + (dismissed == nil ? 0 : 1) + (presented == nil ? 0 : 1)
    }

    /// Its steps, one phrase each: `show flow main`, `select tab search`, `dismiss compose`,
    /// `pop comments`, `push post(id: 8)`, `present compose (sheet)`.
    public var steps: [String] {
        var steps: [String] = []
        if fromFlow != nil { steps.append("show flow \(flow)") }
        if let tab = selectsTab { steps.append("select tab \(tab)") }
        if let dismissed { steps.append("dismiss \(dismissed)") }
        steps += popped.map { "pop \($0)" }
        steps += pushed.map { "push \($0)" }
        if let presented { steps.append("present \(presented)" + (presentedStyle.map { " (\($0.rawValue))" } ?? "")) }
        return steps
    }

    /// ``steps`` joined with `; `, or `nothing`.
    public var description: String { isEmpty ? "nothing" : steps.joined(separator: "; ") }
}

extension Navigator {
    /// The least change that opens `link` on the current state, as
    /// ``open(_:from:)-(ResolvedLink,_)`` would make it, without making it (a dry run). For a link
    /// whose guard is unmet, see ``ResolvedLink/guardName``: it would wait instead.
    public func edit(opening link: ResolvedLink) -> LinkEdit {
        edit(opening: link, in: state)
    }

    /// The least change that opens `link` on `state`.
    ///
    /// The stack the link names keeps its screens from the root up as long as each is the
    /// link's screen at that place with the same parameters and its ``RouteGraph/ReopenPolicy``
    /// is `reuse`; a `push` screen stops the shared part below it, and a `reset` screen the
    /// link reaches keeps nothing. A presentation is kept only when the whole stack is and
    /// the link ends in the same one.
    func edit(opening link: ResolvedLink, in state: NavigationState) -> LinkEdit {
        let key = link.tab ?? FlowState.singleStack
        let flowState = state.flows[link.flow]
        let current = flowState?.stacks[key]
        let routes = link.stack
        let target = link.presentation
        let currentRoutes = current?.routes ?? []
        var kept = 0
        while kept < min(currentRoutes.count, routes.count), currentRoutes[kept] == routes[kept],
            graph.screen(named: routes[kept].screen)?.reopen == .reuse {
            kept += 1
        }
        if routes.contains(where: { graph.screen(named: $0.screen)?.reopen == .reset }) { kept = 0 }
        var edit = LinkEdit(
            flow: link.flow, fromFlow: state.activeFlow == link.flow ? nil : state.activeFlow,
            selectsTab: link.tab != nil && flowState?.selectedTab != link.tab ? link.tab : nil,
            stack: key, kept: kept, popped: Array(currentRoutes.dropFirst(kept).reversed()), pushed: Array(routes.dropFirst(kept)))
        let keepsPresentation = kept == routes.count && kept == currentRoutes.count
            && current?.presentation?.route == target?.route && current?.presentation?.style == target?.style
            && target.map { graph.screen(named: $0.route.screen)?.reopen == .reuse } ?? true
        if !keepsPresentation {
            edit.dismissed = current?.presentation?.route
            edit.presented = target?.route
            edit.presentedStyle = target?.style
        }
        return edit
    }

    /// Makes `edit` on `state`, new screens taking their ids from `ids`.
    func apply(_ edit: LinkEdit, to state: inout NavigationState, ids: inout StackIDGenerator) {
        graph.countApplication()
        state.activeFlow = edit.flow
        var flowState = state.flows[edit.flow] ?? FlowState(selectedTab: nil, stacks: [:])
        if let tab = edit.selectsTab { flowState.selectedTab = tab }
        var stack = flowState.stacks[edit.stack]
        if edit.kept == 0, let root = edit.pushed.first {
            stack = RouteStack(root: root)
            for route in edit.pushed.dropFirst() { stack?.push(route, id: ids()) }
        } else {
            stack?.path.removeLast(edit.popped.count)
            for route in edit.pushed { stack?.push(route, id: ids()) }
        }
        if edit.dismissed != nil || edit.presented != nil {
            stack?.presentation = edit.presented.map { Presentation(id: ids(), route: $0, style: edit.presentedStyle ?? .sheet) }
        }
        flowState.stacks[edit.stack] = stack
        state.flows[edit.flow] = flowState
    }
}
