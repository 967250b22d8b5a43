extension Navigator {
    /// The pending link (``NavigationState/pending``), resolved: read once, when it was
    /// kept, however often it is shown or asked about; `nil` when no link waits.
    public var pendingLink: ResolvedLink? { kept.link(for: state.pending, \.pending, in: graph) }

    /// The link waiting to be confirmed (``NavigationState/confirming``), resolved once,
    /// when it was kept; `nil` when none waits.
    public var confirmingLink: ResolvedLink? { kept.link(for: state.confirming, \.confirming, in: graph) }

    /// Whether the pending link may open now: its guard is met (the user signed in with
    /// ``grant(_:showing:openingPending:)`` told not to open it, so that the app can check
    /// its data first). ``openPendingLink()`` opens it.
    public var pendingLinkCanOpen: Bool {
        guard let link = pendingLink else { return false }
        return link.guardName.map(isGranted) ?? true
    }
}

/// The links a navigator keeps (the pending link, the link to confirm) as they were resolved
/// when kept, beside the state's text of them: a kept link is read once, and its canonical
/// text is what the state (and a saved file) holds.
struct KeptLinks: Sendable {
    /// A kept link: its text, as the state holds it, and the link read from it.
    struct Kept: Sendable {
        let text: String
        let link: ResolvedLink
    }

    var pending: Kept?
    var confirming: Kept?

    /// The link kept for `text` at `slot`: the one read when it was kept, when it is still
    /// the state's; read now only for a state whose kept link was set without it.
    func link(for text: String?, _ slot: KeyPath<KeptLinks, Kept?>, in graph: RouteGraph) -> ResolvedLink? {
        guard let text else { return nil }
        if let kept = self[keyPath: slot], kept.text == text { return kept.link }
        // A kept link that does not resolve has nothing to open: as good as none.
        return try? graph.resolve(text)
    }
}
