extension RouteGraph {
    /// Who may open a screen with a link: its link-entry tier (`entry` on a `screen` line of
    /// the table). In-app navigation (push, present, tabs) reaches every screen whatever its
    /// tier; the tier is about links from outside the app: a program argument, `open`, a
    /// script, a web link.
    ///
    /// A link's tier is the strictest of its screens' (``ResolvedLink/entry``): a link
    /// through an internal screen is refused even when it ends past it. Aliases and earlier
    /// shapes of a link reach the same screens, so they have the same tier.
    public enum EntryTier: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Outside links open it at once. The default.
        case outside
        /// An outside link to it waits for the user to confirm it
        /// (``NavigationState/confirming``); nothing is opened, made or loaded until then.
        case confirm
        /// Only in-app navigation opens it; an outside link to it is refused
        /// (``DeepLinkError/Code/internalScreen``).
        case `internal`

        /// Stricter tiers are greater: `outside < confirm < internal`.
        public static func < (lhs: EntryTier, rhs: EntryTier) -> Bool {
            rank(lhs) < rank(rhs)
        }

        private static func rank(_ tier: EntryTier) -> Int {
            switch tier {
            case .outside: 0
            case .confirm: 1
            case .internal: 2
            }
        }
    }
}

/// Where a link comes from, for ``Navigator/open(_:from:)-(String,_)``: outside the app,
/// where the screens' ``RouteGraph/EntryTier`` applies, or the app's own navigation.
public enum LinkSource: Hashable, Sendable {
    /// A program argument, `open`, a script, a web link: the tiers apply. The default.
    case outside
    /// The app itself (resuming where the user was, a link inside a post): every screen.
    case app
}

extension RouteGraph {
    /// Resolves a link from outside the app: as ``resolve(_:)`` does, then refused when it
    /// reaches an internal screen (``ResolvedLink/checkOutsideEntry()``). What `wayfinder
    /// resolve` and the association files read links with.
    /// - Throws: ``DeepLinkError``; ``DeepLinkError/Code/internalScreen`` for an internal screen.
    public func resolveFromOutside(_ link: String) throws(DeepLinkError) -> ResolvedLink {
        let resolved = try resolve(link)
        try resolved.checkOutsideEntry()
        return resolved
    }

    /// ``resolveFromOutside(_:)`` for a link given as raw bytes (see ``resolve(utf8:)``).
    public func resolveFromOutside(utf8 link: some Collection<UInt8>) throws(DeepLinkError) -> ResolvedLink {
        let resolved = try resolve(utf8: link)
        try resolved.checkOutsideEntry()
        return resolved
    }
}

extension ResolvedLink {
    /// The strictest ``RouteGraph/EntryTier`` of the link's screens, and the first screen
    /// with it (the screen that asks for confirmation or refuses the link).
    public var entry: (tier: RouteGraph.EntryTier, screen: String) {
        let strictest = strictestStep
        return (strictest.tier, screenName(at: strictest.index))
    }

    /// Refuses the link when an outside link may not open it: one of its screens is
    /// internal. What `wayfinder resolve` and ``Navigator/open(_:from:)-(ResolvedLink,_)``
    /// check for a link from outside.
    /// - Throws: ``DeepLinkError/Code/internalScreen`` naming the screen.
    public func checkOutsideEntry() throws(DeepLinkError) {
        let strictest = strictestStep
        guard strictest.tier == .internal else { return }
        throw DeepLinkError(problem: DeepLinkError.Problem(.internalScreen(screen: steps[strictest.index].screen)), source: .text(url), graph: graph)
    }

    /// The strictest tier of the link's screens and the index of the first step with it
    /// (internal being the strictest, the first internal screen when there is one).
    private var strictestStep: (tier: RouteGraph.EntryTier, index: Int) {
        var strictest = (tier: RouteGraph.EntryTier.outside, index: 0)
        for index in 0..<count {
            let tier = graph.screens[Int(steps[index].screen)].entry
            if tier > strictest.tier { strictest = (tier, index) }
        }
        return strictest
    }
}

extension Navigator {
    /// Opens the link waiting to be confirmed (``NavigationState/confirming``), as the user
    /// confirmed it: as it was read when kept (``confirmingLink``), it is opened as
    /// ``open(_:from:)-(ResolvedLink,_)`` opens an in-app link (it may still wait for its
    /// guard).
    /// - Returns: What opening it did.
    /// - Throws: ``NavigationError/Code/nothingToConfirm`` when no link waits;
    ///   ``NavigationError/Code/invalidLink`` when it no longer opens. The state is unchanged then.
    @discardableResult
    public mutating func confirmLink() throws(NavigationError) -> NavigationOutcome {
        guard let held = state.confirming else { throw Self.nothingToConfirm }
        guard let link = confirmingLink else {
            throw NavigationError(.invalidLink, "the link to confirm no longer opens: \(held.escapingControlCharacters)")
        }
        // Dropped before opening, so that undo goes back to the screen without the question.
        var next = self
        next.state.confirming = nil
        next.kept.confirming = nil
        let outcome = try next.open(link, from: .app)
        self = next
        return outcome
    }

    /// Drops the link waiting to be confirmed; nothing else changes.
    /// - Returns: The link dropped.
    /// - Throws: ``NavigationError/Code/nothingToConfirm`` when no link waits.
    @discardableResult
    public mutating func declineLink() throws(NavigationError) -> String {
        guard let held = state.confirming else { throw Self.nothingToConfirm }
        state.confirming = nil
        kept.confirming = nil
        return held
    }

    private static var nothingToConfirm: NavigationError {
        NavigationError(.nothingToConfirm, "no link is waiting to be confirmed")
    }

    /// Why `link`, kept in a saved state as the pending link or the link to confirm, cannot
    /// wait there now: it does not resolve, or an outside link may not open it; `nil` when
    /// it can. Kept links came from outside (or were confirmed): a table changed since may
    /// have made one of their screens internal, and a kept link never gets round that.
    /// A link this navigator keeps already is not read again.
    func keptLinkProblem(_ link: String, _ what: String) -> (link: ResolvedLink?, problem: String?) {
        do {
            if let kept = [kept.pending, kept.confirming].first(where: { $0?.text == link }), let kept {
                try kept.link.checkOutsideEntry()
                return (kept.link, nil)
            }
            return (try graph.resolveFromOutside(link), nil)
        } catch {
            return (nil, "\(what): \(error.message)")
        }
    }
}
