@_spi(RouteTools) import Wayfinder
import WayfinderSystem

extension RouteGraph {
    /// Explains a deep link from outside: what `resolveFromOutside(_:)` answers for it, and why.
    ///
    /// The verdict is `resolveFromOutside(_:)`'s own answer (`resolve(_:)`'s, or the
    /// refusal of a link through an internal screen), kept as it is (``LinkExplanation/verdict``):
    /// an explanation never disagrees with a resolution. The details come from the same
    /// walk, written down (`RouteGraph.walk(utf8:)`): for a link that resolves, which screen read each
    /// segment (a literal, or a parameter and its type), the other screens whose patterns
    /// matched at each step and the precedence rule that chose, the alias or earlier shape
    /// it was read in, the guard it waits behind and its canonical form; for a link that is
    /// refused, the longest run of screens that read, the screens tried next and why each
    /// failed, and the segment at fault. Resolving a link writes none of this down.
    ///
    /// ```swift
    /// let explanation = graph.explain("shop://store/browse/item/42")
    /// explanation.segments?.last?.reader  // .parameter(screen: "item", name: "id", type: .int)
    /// explanation.canonicalLink           // "shop://store/browse/item/42"
    /// ```
    /// - Parameter link: The link, such as `wayfinder://main/feed/post/42`.
    /// - Returns: The explanation; ``LinkExplanation/description`` is it as text.
    /// - Complexity: A resolution, then O(segments × screens of the flow) pattern matches.
    public func explain(_ link: String) -> LinkExplanation {
        let verdict: Result<ResolvedLink, DeepLinkError>
        do { verdict = .success(try resolveFromOutside(link)) } catch { verdict = .failure(error) }
        return explanation(of: Array(link.utf8), text: link, verdict: verdict)
    }

    /// Explains a deep link given as raw bytes, as `explain(_:)` does, with the verdict of
    /// `resolveFromOutside(utf8:)` (bytes that are not UTF-8 are refused, not repaired).
    ///
    /// ```swift
    /// graph.explain(utf8: Array("shop://store/browse".utf8)).resolved?.url  // "shop://store/browse"
    /// ```
    /// - Parameter link: The link's bytes.
    /// - Returns: The explanation.
    public func explain(utf8 link: some Collection<UInt8>) -> LinkExplanation {
        let bytes = Array(link)
        let verdict: Result<ResolvedLink, DeepLinkError>
        do { verdict = .success(try resolveFromOutside(utf8: bytes)) } catch { verdict = .failure(error) }
        return explanation(of: bytes, text: String(validating: bytes, as: UTF8.self), verdict: verdict)
    }

    private func explanation(of bytes: [UInt8], text: String?, verdict: Result<ResolvedLink, DeepLinkError>) -> LinkExplanation {
        switch verdict {
        case .success(let resolved): explanation(of: bytes, resolved: resolved)
        case .failure(let error): explanation(of: bytes, text: text, refused: error)
        }
    }

    // MARK: - A link that resolves

    private func explanation(of bytes: [UInt8], resolved: ResolvedLink) -> LinkExplanation {
        let table = shape(reading: resolved.origin)
        // The resolver's walk in the table that read the link (today's, the aliases' or an
        // earlier version's): the verdict's own, read again there with its steps written down.
        let walk = table.graph.walk(utf8: bytes).walk
        let trace = LinkTrace(walk: walk, aliasScreens: table.aliasScreens)
        let path = walk.isComplete ? walk.path : []
        var steps = trace.steps(of: path)
        if case .migrated(_, let migrations)? = resolved.origin {
            for index in steps.indices where migrations.renaming(screen: steps[index].screen) != steps[index].screen {
                steps[index].renamedTo = migrations.renaming(screen: steps[index].screen)
            }
        }
        var explanation = LinkExplanation(
            link: String(displaying: bytes), verdict: .success(resolved), isWebLink: walk.isWeb,
            flow: resolved.flow, segments: trace.readings(of: path), steps: steps,
            stop: nil, guardRequirement: guardRequirement(ofFlow: resolved.flow)
        )
        explanation.shape = table.shape
        return explanation
    }

    /// What shows while the guard of `flow` is unmet, if it has one.
    func guardRequirement(ofFlow flow: String) -> LinkExplanation.GuardRequirement? {
        guard let name = self.flow(named: flow)?.guardName, let info = guardNamed(name),
              let fallback = self.flow(named: info.fallbackFlow), let root = rootScreen(flow: fallback.name) else { return nil }
        let link = self.link(flow: fallback.name, tab: fallback.tabs.first, stack: [withDefaults(Route(root.name))], presentation: nil)
        return LinkExplanation.GuardRequirement(name: name, fallbackFlow: fallback.name, fallbackLink: link, isGranted: nil)
    }
}

extension Navigator {
    /// Explains a deep link as `RouteGraph.explain(_:)` does, saying too whether the guard
    /// its flow requires is granted in this navigator's state
    /// (``LinkExplanation/GuardRequirement/isGranted``): whether `open(_:from:)` would
    /// open it now, or show the guard's fallback flow and keep it as the pending link.
    ///
    /// ```swift
    /// navigator.explain("shop://store/cart").guardRequirement?.isGranted  // false: signed out
    /// ```
    /// - Parameter link: The link.
    /// - Returns: The explanation.
    public func explain(_ link: String) -> LinkExplanation {
        var explanation = graph.explain(link)
        if let name = explanation.guardRequirement?.name { explanation.guardRequirement?.isGranted = isGranted(name) }
        return explanation
    }
}
