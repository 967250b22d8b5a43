import WayfinderSystem

extension Navigator {
    /// Opens a deep link with the least change (``LinkEdit``): the part of the tab's stack
    /// the link shares is kept, as each screen's ``RouteGraph/ReopenPolicy`` allows, the rest
    /// popped and the link's other screens pushed; the flow and tab it names are shown. One
    /// undo step; opening a link that is already open changes nothing.
    ///
    /// A link from outside (the default `source`) meets its screens' tiers
    /// (``RouteGraph/EntryTier``) first: through an internal screen it is refused; to a
    /// screen that asks for confirmation it waits as ``NavigationState/confirming`` and
    /// nothing else changes (unless it is open already: then nothing changes at all). When the flow's guard is unmet the link is never entered: it
    /// becomes the ``NavigationState/pending`` link and the guard's fallback flow is shown at
    /// its root.
    /// - Parameters:
    ///   - link: The link.
    ///   - source: Where it comes from: ``LinkSource/app`` for the app's own navigation.
    /// - Returns: ``NavigationOutcome/applied``, ``NavigationOutcome/deferred(pending:guardName:)``
    ///   or ``NavigationOutcome/awaitingConfirmation(link:screen:)``.
    /// - Throws: ``NavigationError/Code/invalidLink`` with the ``DeepLinkError``.
    @discardableResult
    public mutating func open(_ link: String, from source: LinkSource = .outside) throws(NavigationError) -> NavigationOutcome {
        let resolved: ResolvedLink
        do {
            resolved = try graph.resolve(link)
        } catch {
            throw NavigationError(link: error)
        }
        return try open(resolved, from: source)
    }

    /// Opens an already resolved link; see ``open(_:from:)-(String,_)``.
    @discardableResult
    public mutating func open(_ link: ResolvedLink, from source: LinkSource = .outside) throws(NavigationError) -> NavigationOutcome {
        if source == .outside {
            do { try link.checkOutsideEntry() } catch { throw NavigationError(link: error) }
            let entry = link.entry
            // A link already open would change nothing: there is nothing to ask about.
            if entry.tier == .confirm, !((link.guardName.map(isGranted) ?? true) && edit(opening: link).isEmpty) {
                // Held, not opened: no undo step, as nothing on screen changed.
                let held = link.url
                state.confirming = held
                kept.confirming = KeptLinks.Kept(text: held, link: link)
                return .awaitingConfirmation(link: held, screen: entry.screen)
            }
        }
        if let guardName = link.guardName, !isGranted(guardName) {
            let pending = link.url
            try deferToFallback(of: guardName, pending: KeptLinks.Kept(text: pending, link: link))
            return .deferred(pending: pending, guardName: guardName)
        }
        // The link was read once: its canonical form reads back as it unless the table
        // says a state may print ambiguously.
        var made: LinkEdit?
        try commit(checkingRoundTrip: graph.mayPrintAmbiguously) { this, state, ids throws(NavigationError) in
            let edit = this.edit(opening: link, in: state)
            this.apply(edit, to: &state, ids: &ids)
            made = edit
        }
        if let made, !made.isEmpty { lastEdit = made }
        return .applied
    }

    /// Opens `link` on `state` with the least change (see ``edit(opening:)``).
    func apply(_ link: ResolvedLink, to state: inout NavigationState, ids: inout StackIDGenerator) {
        apply(edit(opening: link, in: state), to: &state, ids: &ids)
    }

    /// Makes `flow` the active flow, with its stacks as they were.
    ///
    /// A guarded flow whose guard is unmet is not entered: its current link becomes the
    /// pending link and the fallback flow is shown.
    @discardableResult
    public mutating func activate(flow name: String) throws(NavigationError) -> NavigationOutcome {
        guard let flow = graph.flow(named: name) else {
            throw NavigationError(.unknownFlow, "unknown flow '\(name.escapingControlCharacters)'; flows are \(graph.flows.map(\.name).joined(separator: ", "))")
        }
        if let guardName = flow.guardName, !isGranted(guardName) {
            var preview = state
            preview.activeFlow = name
            let pending = graph.link(for: preview)
            // The flow's place, printed from a state that fits the table: it resolves.
            let link = try? graph.resolve(pending)
            try deferToFallback(of: guardName, pending: pending, link: link)
            return .deferred(pending: pending, guardName: guardName)
        }
        try commit { this, state, _ throws(NavigationError) in
            state.activeFlow = name
        }
        return .applied
    }

    /// Stores `pending` and shows the fallback flow of `guardName` at its root.
    mutating func deferToFallback(of guardName: String, pending: KeptLinks.Kept) throws(NavigationError) {
        try deferToFallback(of: guardName, pending: pending.text, link: pending.link)
    }

    /// Stores `pending` (read as `link`) and shows the fallback flow of `guardName` at its root.
    private mutating func deferToFallback(of guardName: String, pending: String, link: ResolvedLink?) throws(NavigationError) {
        guard let info = graph.guardNamed(guardName) else {
            throw NavigationError(.unknownGuard, "unknown guard '\(guardName)'")
        }
        kept.pending = link.map { KeptLinks.Kept(text: pending, link: $0) }
        try commit { this, state, _ throws(NavigationError) in
            state.pending = pending
            state.activeFlow = info.fallbackFlow
            if let flow = this.graph.flow(named: info.fallbackFlow) {
                state.flows[flow.name] = Navigator.initialState(of: flow, in: this.graph)
            }
        }
    }

    // MARK: - Guards

    /// Marks `guardName` as met (the user signed in, say) and opens the pending link
    /// (``openPendingLink()``) when its flow needs nothing more; otherwise shows `flow`, if
    /// given. Starts a new undo history.
    ///
    /// An app that checks what a link names against its data before opening it (as the
    /// kit's shell does) passes `openingPending: false` and opens the link itself, checked,
    /// once the guard is granted: the pending link then stays, and `flow` is shown.
    /// - Parameters:
    ///   - guardName: The guard now met.
    ///   - flow: The flow to show when no pending link was opened (the signed-in home).
    ///   - openingPending: Whether to open the pending link now.
    /// - Returns: The pending link that was opened, if any.
    @discardableResult
    public mutating func grant(
        _ guardName: String, showing flow: String? = nil, openingPending: Bool = true
    ) throws(NavigationError) -> String? {
        if let flow, graph.flow(named: flow) == nil {
            throw NavigationError(.unknownFlow, "unknown flow '\(flow.escapingControlCharacters)'")
        }
        guard graph.guardNamed(guardName) != nil else {
            throw NavigationError(.unknownGuard, "unknown guard '\(guardName.escapingControlCharacters)'")
        }
        var next = self
        next.state.grantedGuards.insert(guardName)
        var applied: String?
        if openingPending, next.pendingLinkCanOpen, let pending = next.state.pending {
            try next.openPendingLink()
            applied = pending
        } else if let flow, graph.flow(named: flow)?.guardName.map(next.isGranted) ?? true {
            next.state.activeFlow = flow
        }
        next.clearHistory()
        self = next
        return applied
    }

    /// Marks `guardName` as unmet (the user signed out): every flow behind it goes back
    /// to its roots, presentations are dismissed, the pending link and the link to confirm
    /// are dropped, and the
    /// fallback flow is shown if a guarded flow was active. Starts a new undo history.
    public mutating func revoke(_ guardName: String) throws(NavigationError) {
        guard let info = graph.guardNamed(guardName) else {
            throw NavigationError(.unknownGuard, "unknown guard '\(guardName.escapingControlCharacters)'")
        }
        state.grantedGuards.remove(guardName)
        state.pending = nil
        state.confirming = nil
        kept = KeptLinks()
        for flow in graph.flows where flow.guardName == guardName {
            state.flows[flow.name] = Navigator.initialState(of: flow, in: graph)
            if state.activeFlow == flow.name {
                state.activeFlow = info.fallbackFlow
                if let fallback = graph.flow(named: info.fallbackFlow) {
                    state.flows[fallback.name] = Navigator.initialState(of: fallback, in: graph)
                }
            }
        }
        clearHistory()
    }

    /// Opens the pending link, now that its guard is met (``pendingLinkCanOpen``), as the
    /// app's own link (its tier was met when it was kept), and drops it. Starts a new undo
    /// history, as signing in does.
    /// - Returns: What opening it did; `nil` when no pending link can open.
    /// - Throws: ``NavigationError`` when it no longer opens; the state is unchanged then.
    @discardableResult
    public mutating func openPendingLink() throws(NavigationError) -> NavigationOutcome? {
        guard pendingLinkCanOpen, let link = pendingLink else { return nil }
        var next = self
        next.state.pending = nil
        next.kept.pending = nil
        let outcome = try next.open(link, from: .app)
        // Published as the pending link applied (NavigationEvent.pendingApplied), not as
        // a link opened.
        next.lastEdit = nil
        next.clearHistory()
        self = next
        return outcome
    }

    /// Drops the pending link; nothing else changes.
    /// - Returns: The link dropped, if one was pending.
    @discardableResult
    public mutating func dropPendingLink() -> String? {
        defer { (state.pending, kept.pending) = (nil, nil) }
        return state.pending
    }

    // MARK: - History

    /// Goes back one navigation step.
    /// - Throws: ``NavigationError/Code/nothingToUndo`` when there is none.
    public mutating func undo() throws(NavigationError) {
        guard let step = undoSteps.popLast() else {
            throw NavigationError(.nothingToUndo, "nothing to undo")
        }
        redoSteps.append(step.apply(to: &state), limit: Swift.max(historyLimit, 1))
    }

    /// Goes forward one undone step.
    /// - Throws: ``NavigationError/Code/nothingToRedo`` when there is none.
    public mutating func redo() throws(NavigationError) {
        guard let step = redoSteps.popLast() else {
            throw NavigationError(.nothingToRedo, "nothing to redo")
        }
        undoSteps.append(step.apply(to: &state), limit: historyLimit)
    }
}
