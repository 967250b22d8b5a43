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
    /// Guards are not checked here; ``Navigator/open(_:)`` does that.
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
        // A `String` is valid UTF-8 already: no need to check it again.
        let outcome = withBytes(of: link) { resolveBytes($0, checkingUTF8: false) }
        do {
            return try finish(outcome, source: .text(link), byteCount: link.utf8.count)
        } catch where storage.hasShapes {
            return try resolveInOtherShape(link, refused: error)
        }
    }

    /// Resolves a deep link given as raw bytes (a command-line argument, a line read from a
    /// pipe), without repairing them: bytes that are not valid UTF-8 are refused
    /// (``DeepLinkError/Code/badEncoding``), never turned into U+FFFD.
    ///
    /// ```swift
    /// try graph.resolve(utf8: Array("wayfinder://main/feed".utf8))
    /// ```
    /// - Parameter link: The link's bytes.
    /// - Returns: What the link opens.
    /// - Throws: ``DeepLinkError`` naming the offending part.
    public func resolve(utf8 link: some Collection<UInt8>) throws(DeepLinkError) -> ResolvedLink {
        let outcome = withBytes(of: link) { resolveBytes($0, checkingUTF8: true) }
        do {
            return try finish(outcome, source: .bytes(Array(link)), byteCount: link.count)
        } catch where storage.hasShapes {
            guard let text = String(validating: link, as: UTF8.self) else { throw error }
            return try resolveInOtherShape(text, refused: error)
        }
    }

    /// `link` read in today's patterns only (no alias or earlier shape).
    func resolveInTodaysShape(_ link: String) throws(DeepLinkError) -> ResolvedLink {
        try finish(withBytes(of: link) { resolveBytes($0, checkingUTF8: false) }, source: .text(link), byteCount: link.utf8.count)
    }

    /// The link `outcome` resolved to, or the error refusing the link `source`.
    private func finish(_ outcome: LinkResolver.Outcome, source: @autoclosure () -> DeepLinkError.Source, byteCount: Int) throws(DeepLinkError) -> ResolvedLink {
        switch outcome {
        case .resolved(let flow, let tab, let contents):
            let resolved = ResolvedLink(graph: self, flowIndex: Int(flow), tabIndex: tab < 0 ? nil : Int(tab), contents: contents)
            if mayPrintTooLong(byteCount: byteCount), let error = canonicalLengthError(of: resolved, source: source()) {
                throw error
            }
            return resolved
        case .rejected(let problem):
            throw DeepLinkError(problem, source: source(), graph: self)
        }
    }

    /// How many patterns resolving `link` matches against it: the walk's cost, bounded by
    /// about the link's segments × the screens of its flow (for tests and benchmarks).
    package func resolutionCost(of link: String) -> Int {
        withBytes(of: link) { bytes in
            var cost = 0
            _ = LinkResolver.resolve(bytes, index: links, checkingUTF8: false, cost: &cost)
            return cost
        }
    }

    @inline(__always)
    private func resolveBytes(_ bytes: ByteView, checkingUTF8: Bool) -> LinkResolver.Outcome {
        if storage.hasWebOrigins, let web = resolveWeb(bytes, checkingUTF8: checkingUTF8) { return web }
        return LinkResolver.resolve(bytes, index: links, checkingUTF8: checkingUTF8)
    }

    /// The outcome for a web link (see ``customForm(ofWeb:)``), problems placed in the link
    /// as given; `nil` for any other link.
    private func resolveWeb(_ bytes: ByteView, checkingUTF8: Bool) -> LinkResolver.Outcome? {
        if checkingUTF8, let bad = bytes.withSpan(PercentEncoding.firstInvalidUTF8) { return .rejected(LinkProblem(.rawInvalidUTF8, range: bad)) }
        guard let web = customForm(ofWeb: bytes) else { return nil }
        switch web {
        case .refused(let problem):
            return .rejected(problem)
        case .link(let link, let offset, let flow):
            guard bytes.count <= RouteGraph.maximumLinkLength else { return .rejected(LinkProblem(.tooLong(Int32(bytes.count)))) }
            let outcome = withBytes(of: link) { LinkResolver.resolve($0, index: links, checkingUTF8: false) }
            guard case .rejected(let problem) = outcome else { return outcome }
            return .rejected(problem.shifted(by: offset).inWebLink(flow: flow))
        }
    }

    /// Whether a link of `byteCount` bytes may print to a canonical form over the length
    /// limit: printing encodes a byte in at most three and may add the tab's name, so only
    /// long links can.
    private func mayPrintTooLong(byteCount: Int) -> Bool {
        byteCount * 3 + links.longestKey + 1 + storage.webGrowth > RouteGraph.maximumLinkLength
    }


    /// The error refusing `link` (given as `bytes`) when its canonical form is over the
    /// length limit, so that every link accepted prints to one that is accepted: the
    /// custom-scheme form, or (with web origins, where both are printed and each must read
    /// back) the web form, which is longer by its origin.
    private func canonicalLengthError(of link: ResolvedLink, source: DeepLinkError.Source) -> DeepLinkError? {
        let custom = link.url.utf8.count
        let web = custom + storage.webGrowth
        guard web > RouteGraph.maximumLinkLength else { return nil }
        let kind: LinkProblem.Kind = custom > RouteGraph.maximumLinkLength ? .canonicalTooLong(Int32(custom)) : .webFormTooLong(Int32(web))
        return DeepLinkError(LinkProblem(kind), source: source, graph: self)
    }
}

/// The resolution of one link, on its UTF-8 bytes, in stack memory (see ``Workspace``),
/// with the graph's ``LinkIndex``. Allocates only the result (see ``LinkContents``), and
/// nothing when the link is rejected: problems are plain numbers (``LinkProblem``) until
/// ``RouteGraph/resolve(_:)`` names them.
struct LinkResolver {
    /// What a link opens, or why it opens nothing.
    enum Outcome {
        /// The flow, the tab (-1 for none) and the steps and values.
        case resolved(flow: Int32, tab: Int32, contents: LinkContents)
        case rejected(LinkProblem)
    }

    let index: LinkIndex
    let bytes: ByteView
    let segmentCount: Int
    let workspace: Workspace
    /// Where the path's slashes are: segment `i` follows slash `i`.
    let slashes: CheckedBuffer<Int>
    let slashCount: Int
    let queryStart: Int
    /// The screens matched so far, root first.
    var steps: CheckedBuffer<ResolvedLink.Step> { workspace.steps }
    var stepCount = 0
    /// Their parameter values: each screen's path parameters, then its query parameters.
    var slots: CheckedBuffer<Slot> { workspace.slots }
    var slotCount = 0
    /// Whether a screen along the path declares a required query parameter.
    var hasRequiredQuery = false
    var failure: Failure?
    /// How many patterns the walk has matched against the link so far (its cost).
    var patternMatches = 0
    /// What the walk is known to fail from (see ``memoryThreshold``), one bit each: the
    /// (screen, segment) pairs, then the (list of successors, segment) pairs (see
    /// ``failureKey(successorsOf:at:)``); empty until the first is remembered, so that the
    /// links that never need it pay nothing for it.
    var failed: [UInt64] = []

    /// The most telling problem seen so far: the deepest, then the most specific.
    struct Failure {
        var depth: Int
        var priority: Int
        var problem: LinkProblem
    }

    init(
        index: LinkIndex, bytes: ByteView, workspace: Workspace,
        slashes: CheckedBuffer<Int>, slashCount: Int, segmentCount: Int, queryStart: Int
    ) {
        self.index = index
        self.bytes = bytes
        self.workspace = workspace
        self.slashes = slashes
        self.slashCount = slashCount
        self.segmentCount = segmentCount
        self.queryStart = queryStart
    }

    /// The byte range of segment `position` in the link.
    @inline(__always)
    func range(_ position: Int) -> Range<Int> {
        LinkResolver.range(position, slashes: slashes, slashCount: slashCount, queryStart: queryStart)
    }

    @inline(__always)
    static func range(_ position: Int, slashes: CheckedBuffer<Int>, slashCount: Int, queryStart: Int) -> Range<Int> {
        (slashes[position] + 1)..<(position + 1 < slashCount ? slashes[position + 1] : queryStart)
    }

    /// The bytes of segment `position`, decoded (a view of the link when it holds no `%`).
    @inline(__always)
    func segmentText(_ position: Int) -> ByteView {
        workspace.segments[position]
    }

    static func reject(_ kind: LinkProblem.Kind, range: Range<Int>? = nil, segment: Int? = nil) -> Outcome {
        .rejected(LinkProblem(kind, range: range, segment: segment))
    }

    static func resolve(_ bytes: ByteView, index: LinkIndex, checkingUTF8: Bool) -> Outcome {
        var cost = 0
        return resolve(bytes, index: index, checkingUTF8: checkingUTF8, cost: &cost)
    }

    /// ``resolve(_:index:checkingUTF8:)``, setting `cost` to the number of patterns matched.
    @inline(__always)
    static func resolve(_ bytes: ByteView, index: LinkIndex, checkingUTF8: Bool, cost: inout Int) -> Outcome {
        let count = bytes.count
        guard count <= RouteGraph.maximumLinkLength else { return reject(.tooLong(Int32(count))) }
        if checkingUTF8, let bad = bytes.withSpan(PercentEncoding.firstInvalidUTF8) {
            return reject(.rawInvalidUTF8, range: bad)
        }
        if let problem = schemeProblem(bytes, index: index) { return .rejected(problem) }
        // One pass over the rest, then the host, the segments and the walk.
        return withCheckedBuffer(of: Int.self, count: RouteGraph.maximumSegments + 2) { slashes in
            var scan = Scan(hostStart: index.scheme.count + 3, queryStart: count)
            if let problem = scan.run(bytes, index: index, slashes: slashes) { return .rejected(problem) }
            return resolveScanned(bytes, index: index, scan: scan, slashes: slashes, cost: &cost)
        }
    }

    /// Validates and (when it holds `%`) decodes a value into `scratch`; `nil` (and why,
    /// in `problem`) when it is too long or does not decode.
    static func decodeValue(
        _ raw: ByteView, scratch: CheckedBuffer<UInt8>, written: inout Int, problem: inout LinkProblem.Kind
    ) -> ByteView? {
        guard raw.contains(UInt8(ascii: "%")) else {
            problem = .valueTooLong
            return raw.count > RouteGraph.maximumValueLength ? nil : raw
        }
        guard written + raw.count <= scratch.count else {
            problem = .valueTooLong
            return nil
        }
        let start = written
        let decoded = raw.withSpan { source in
            scratch.withMutableSpan(start..<(start + raw.count)) { PercentEncoding.decode(source, into: &$0) }
        }
        switch decoded {
        case .success(let length):
            guard length <= RouteGraph.maximumValueLength else {
                problem = .valueTooLong
                return nil
            }
            written += length
            return scratch.view(start..<(start + length))
        case .failure(.badEscape): problem = .badEscape
        case .failure(.invalidUTF8): problem = .invalidUTF8
        case .failure(.controlCharacter): problem = .controlCharacter
        }
        return nil
    }

    /// The tab, the walk from the root, the query; then the result.
    mutating func resolvePath(flowIndex: Int, written: Int) -> Outcome {
        var tabIndex: Int?
        var first = 0
        let flow = index.flows[flowIndex]
        if flow.tabCount > 0 {
            tabIndex = 0
            if segmentCount > 0 {
                guard let tab = index.lookup(.tab(flow: flowIndex), segmentText(0)) else {
                    return LinkResolver.reject(.unknownTab(flow: Int32(flowIndex)), range: range(0), segment: 1)
                }
                tabIndex = Int(tab.start)
                first = 1
            }
        }
        let root = index.screen(in: flow.roots, at: tabIndex ?? 0)
        let rootInfo = index.screens[root]
        for _ in 0..<Int(rootInfo.query.count) { append(.absent) }
        if rootInfo.hasRequiredQuery { hasRequiredQuery = true }
        appendStep(root, valueStart: 0)
        guard walk(from: root, at: first) else {
            return .rejected(failure?.problem ?? LinkProblem(.unknownScreen(after: Int32(root))))
        }
        if queryStart < bytes.count {
            var written = written
            if let problem = applyQuery(from: queryStart + 1, flowIndex: flowIndex, written: &written) {
                return .rejected(problem)
            }
        }
        if hasRequiredQuery, let problem = checkRequiredQuery() { return .rejected(problem) }
        #if DEBUG || WAYFINDER_CHECKED
        _checkInvariants()
        #endif
        return .resolved(flow: Int32(flowIndex), tab: Int32(tabIndex ?? -1), contents: contents())
    }
}
