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
                ? DeepLinkError.Problem.Kind.canonicalTooLong(Int32(custom)) : .webFormTooLong(Int32(web))
            throw DeepLinkError(problem: DeepLinkError.Problem(kind), source: source(), graph: self)
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

    /// `link` read in today's patterns only, as ``resolve(utf8:)`` reads them there, its walk
    /// written down: for the route tools, which explain links (`explain`) from it.
    @_spi(RouteTools) public func walk(utf8 link: [UInt8]) -> (verdict: Result<ResolvedLink, DeepLinkError>, walk: LinkWalk) {
        let recorder = WalkRecorder()
        let outcome = withBytes(of: link) { resolveBytes($0, checkingUTF8: true, recorder: recorder) }
        do {
            return (.success(try finish(outcome, source: .bytes(link), byteCount: link.count)), LinkWalk(graph: self, recorder))
        } catch {
            return (.failure(error), LinkWalk(graph: self, recorder))
        }
    }

    @inline(__always)
    private func resolveBytes(_ bytes: Span<UInt8>, checkingUTF8: Bool, recorder: WalkRecorder? = nil) -> LinkResolver.Outcome {
        if storage.hasWebOrigins, let web = resolveWeb(bytes, checkingUTF8: checkingUTF8, recorder: recorder) { return web }
        var cost = 0
        return LinkResolver.resolve(bytes, index: linkIndex, checkingUTF8: checkingUTF8, cost: &cost, recorder: recorder)
    }

    /// The outcome for a web link, problems placed in the link as given; `nil` for another link.
    private func resolveWeb(_ bytes: Span<UInt8>, checkingUTF8: Bool, recorder: WalkRecorder?) -> LinkResolver.Outcome? {
        if checkingUTF8, let bad = bytes.firstInvalidUTF8 { return .rejected(DeepLinkError.Problem(.rawInvalidUTF8, range: bad)) }
        let web: (link: [UInt8], offset: Int, flow: Range<Int>)?
        do { web = try customForm(ofWeb: bytes) } catch { return .rejected(error) }
        guard let web else { return nil }
        guard bytes.count <= RouteGraph.maximumLinkLength else { return .rejected(DeepLinkError.Problem(.tooLong(Int32(bytes.count)))) }
        recorder?.isWeb = true
        var cost = 0
        let outcome = LinkResolver.resolve(web.link.span, index: linkIndex, checkingUTF8: false, cost: &cost, recorder: recorder)
        guard case .rejected(let problem) = outcome else { return outcome }
        return .rejected(problem.inWebLink(offset: web.offset, flow: web.flow))
    }
}
