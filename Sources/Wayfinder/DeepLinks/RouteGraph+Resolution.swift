import WayfinderSystem

extension RouteGraph {
    /// The longest link accepted, in bytes.
    public static let maximumLinkLength = 2048
    /// The most path segments a link may have (the tab counts; the flow does not).
    public static let maximumSegments = 32
    /// The longest decoded segment or query value, in bytes.
    public static let maximumValueLength = 256

    /// Resolves a deep link to the flow, tab, stack and presentation it opens.
    ///
    /// The link is read as UTF-8 bytes: scheme and host compare case-insensitively,
    /// segments case-sensitively; a trailing slash is ignored; the path is split on `/`
    /// before each segment is percent-decoded exactly once. At each step the screens that
    /// may follow the current one are tried by precedence (literals, words of a set, `bool`,
    /// `uuid`, `date`, `int`, `double`, `string`, then `rest`; longer patterns first), so the
    /// result never depends on line order.
    /// Guards are not checked here; ``Navigator/open(_:from:)-(String,_)`` does that.
    ///
    /// ```swift
    /// let link = try graph.resolve("wayfinder://main/feed/post/42")
    /// link.stack.map(\.screen) // ["feed", "post"]
    /// ```
    /// - Parameter link: The link, such as `wayfinder://main/feed/post/42`.
    /// - Returns: What the link opens.
    /// - Throws: ``DeepLinkError`` naming the offending part.
    /// - Complexity: O(length of the link) for graphs without ambiguity between
    ///   successors; independent of the number of screens.
    public func resolve(_ link: String) throws(DeepLinkError) -> ResolvedLink {
        countResolution()
        do { return try resolveInTodaysShape(link) } catch where storage.hasShapes {
            return try resolveInOtherShape(link, refused: error)
        }
    }

    /// Resolves a deep link given as raw bytes (an argument, a line read from a pipe) as
    /// ``resolve(_:)`` does; bytes that are not UTF-8 are refused (``DeepLinkError/Code/badEncoding``).
    ///
    /// ```swift
    /// try graph.resolve(utf8: Array("wayfinder://main/feed".utf8))
    /// ```
    /// - Parameter link: The link's bytes.
    /// - Returns: What the link opens.
    /// - Throws: ``DeepLinkError`` naming the offending part.
    public func resolve(utf8 link: some Collection<UInt8>) throws(DeepLinkError) -> ResolvedLink {
        countResolution()
        let outcome = withBytes(of: link) { resolveBytes($0, checkingUTF8: true) }
        do { return try finish(outcome, source: .bytes(Array(link)), byteCount: link.count) } catch where storage.hasShapes {
            guard let text = String(validating: link, as: UTF8.self) else { throw error }
            return try resolveInOtherShape(text, refused: error)
        }
    }

    /// `link` read in today's patterns only (no alias or earlier shape). A `String` is valid
    /// UTF-8 already: it is not checked again.
    @inline(__always)
    func resolveInTodaysShape(_ link: String) throws(DeepLinkError) -> ResolvedLink {
        try finish(withBytes(of: link) { resolveBytes($0, checkingUTF8: false) }, source: .text(link), byteCount: link.utf8.count)
    }

    /// The link `outcome` resolved to, or the error refusing the link `source`.
    @inline(__always)
    private func finish(_ outcome: LinkResolver.Outcome, source: @autoclosure () -> DeepLinkError.Source, byteCount: Int) throws(DeepLinkError) -> ResolvedLink {
        switch outcome {
        case .resolved(let flow, let tab, let steps, let values):
            let resolved = ResolvedLink(graph: self, flowIndex: flow, tabIndex: tab, steps: steps, values: values)
            // Every link accepted prints to links accepted: its custom-scheme form and (with web origins) its web form,
            // longer by its origin. A byte prints in at most three, plus a tab's name: only long links can print too long.
            guard byteCount * 3 + linkIndex.longestKey + 1 + storage.webGrowth > RouteGraph.maximumLinkLength else { return resolved }
            let custom = resolved.url.utf8.count
            let web = custom + storage.webGrowth
            guard web > RouteGraph.maximumLinkLength else { return resolved }
            let kind = custom > RouteGraph.maximumLinkLength
                ? LinkProblem.Kind.canonicalTooLong(Int32(custom)) : .webFormTooLong(Int32(web))
            throw DeepLinkError(problem: LinkProblem(kind), source: source(), graph: self)
        case .rejected(let problem):
            throw DeepLinkError(problem: problem, source: source(), graph: self)
        }
    }

    /// How many patterns resolving `link` matches against it (the walk's cost), for tests.
    package func resolutionCost(of link: String) -> Int {
        var cost = 0
        _ = withBytes(of: link) { LinkResolver.resolve($0, index: linkIndex, checkingUTF8: false, cost: &cost) }
        return cost
    }

    @inline(__always)
    private func resolveBytes(_ bytes: ByteView, checkingUTF8: Bool) -> LinkResolver.Outcome {
        if storage.hasWebOrigins, let web = resolveWeb(bytes, checkingUTF8: checkingUTF8) { return web }
        var cost = 0
        return LinkResolver.resolve(bytes, index: linkIndex, checkingUTF8: checkingUTF8, cost: &cost)
    }

    /// The outcome for a web link, problems placed in the link as given; `nil` for another link.
    private func resolveWeb(_ bytes: ByteView, checkingUTF8: Bool) -> LinkResolver.Outcome? {
        if checkingUTF8, let bad = bytes.withSpan({ $0.firstInvalidUTF8 }) { return .rejected(LinkProblem(.rawInvalidUTF8, range: bad)) }
        let web: (link: [UInt8], offset: Int, flow: Range<Int>)?
        do { web = try customForm(ofWeb: bytes) } catch { return .rejected(error) }
        guard let web else { return nil }
        guard bytes.count <= RouteGraph.maximumLinkLength else { return .rejected(LinkProblem(.tooLong(Int32(bytes.count)))) }
        var cost = 0
        let outcome = withBytes(of: web.link) { LinkResolver.resolve($0, index: linkIndex, checkingUTF8: false, cost: &cost) }
        guard case .rejected(let problem) = outcome else { return outcome }
        return .rejected(problem.inWebLink(offset: web.offset, flow: web.flow))
    }
}

/// The resolution of one link, on its UTF-8 bytes, in stack memory (see ``Workspace``), with the
/// graph's ``LinkIndex``. Allocates only the result, and nothing when the link is rejected.
struct LinkResolver {
    enum Outcome {
        /// The flow, the tab, each screen and where its values start, and the values.
        case resolved(flow: Int, tab: Int?, steps: [ResolvedLink.Step], values: [ParameterValue?])
        case rejected(LinkProblem)
    }

    let index: LinkIndex
    let bytes: ByteView
    let workspace: Workspace
    /// Where the path's slashes are (segment `i` follows slash `i`), and the query's `?`.
    let slashes: WorkBuffer<Int>
    let slashCount: Int
    let segmentCount: Int
    let queryStart: Int
    /// Whether the link holds a `%` past its host.
    let hasEscapes: Bool
    /// The screens matched so far, root first, and their values: path parameters, then query parameters.
    var stepCount = 0
    var slotCount = 0
    var steps: WorkBuffer<ResolvedLink.Step> { workspace.steps }
    var slots: WorkBuffer<Slot> { workspace.slots }
    var hasRequiredQuery = false
    /// The most telling problem seen so far: the deepest, then the most specific.
    var failure: (depth: Int, priority: Int, problem: LinkProblem)?
    /// How many bytes of ``Workspace/text`` hold decoded values.
    var written = 0
    /// How many patterns the walk has matched against the link so far (its cost).
    var patternMatches = 0
    /// The (screen or list of successors, segment) pairs known to fail (see ``memoryThreshold``).
    var failed: Set<Int> = []

    func range(_ position: Int) -> Range<Int> {
        (slashes[position] + 1)..<(position + 1 < slashCount ? slashes[position + 1] : queryStart)
    }

    /// The bytes of segment `position`, decoded (a view of the link when it holds no `%`).
    func segmentText(_ position: Int) -> ByteView { workspace.segments[position] }

    static func reject(_ kind: LinkProblem.Kind, range: Range<Int>? = nil, segment: Int? = nil) -> Outcome {
        .rejected(LinkProblem(kind, range: range, segment: segment))
    }

    /// `raw`, validated and (when it holds `%`) decoded into the workspace's text.
    @inline(__always)
    mutating func decode(_ raw: ByteView) throws(LinkProblem.Kind) -> ByteView {
        guard hasEscapes, raw.contains(UInt8(ascii: "%")) else {
            guard raw.count <= RouteGraph.maximumValueLength else { throw .valueTooLong }
            return raw
        }
        let (text, start) = (workspace.text, written)
        guard start + raw.count <= text.count else { throw .valueTooLong }
        let length = try raw.withSpan { source in
            text.withMutableSpan(start..<(start + raw.count)) { PercentEncoding.decode(source, into: &$0) }
        }.get()
        guard length <= RouteGraph.maximumValueLength else { throw .valueTooLong }
        written += length
        return text.view(start..<(start + length))
    }

    /// The segments, the tab, the walk from the root, the query; then the result.
    mutating func resolvePath(flowIndex: Int) -> Outcome {
        for segment in 0..<segmentCount {
            let range = range(segment)
            do throws(LinkProblem.Kind) {
                if range.isEmpty { throw .emptySegment }
                workspace.segments[segment] = try decode(bytes.extracting(range))
                // `a/../b` is `/b` to a browser: a value must never hold what it would remove.
                if segmentText(segment).withSpan({ $0.isDotSegment }) { throw .dotSegment }
            } catch {
                return LinkResolver.reject(error, range: range, segment: segment + 1)
            }
        }
        let flow = index.flows[flowIndex]
        var tab = flow.tabCount > 0 ? 0 : nil
        if tab != nil, segmentCount > 0 {
            guard let found = index.lookup(.tab(flow: flowIndex), segmentText(0)) else {
                return LinkResolver.reject(.unknownTab(flow: Int32(flowIndex)), range: range(0), segment: 1)
            }
            tab = found.lowerBound
        }
        let root = index.lists[flow.roots.lowerBound + (tab ?? 0)]
        for _ in index.screens[root].query { append(.absent) }
        hasRequiredQuery = index.screens[root].hasRequiredQuery
        appendStep(root, valueStart: 0)
        guard walk(from: root, at: tab == nil ? 0 : min(1, segmentCount)) else {
            return .rejected(failure?.problem ?? LinkProblem(.unknownScreen(after: Int32(root))))
        }
        if queryStart < bytes.count, let problem = applyQuery(flowIndex: flowIndex) { return .rejected(problem) }
        if hasRequiredQuery, let problem = checkRequiredQuery() { return .rejected(problem) }
        #if DEBUG || WAYFINDER_CHECKED
        _checkInvariants()
        #endif
        let values = (0..<slotCount).map { value(of: slots[$0]) }
        return .resolved(flow: flowIndex, tab: tab, steps: (0..<stepCount).map { steps[$0] }, values: values)
    }
}
