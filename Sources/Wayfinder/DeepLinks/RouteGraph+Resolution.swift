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
    /// may follow the current one are tried literals first, then uuid, int and string
    /// parameters, longer patterns first, so the result never depends on line order.
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
        let index = links
        let outcome = link.utf8.withContiguousStorageIfAvailable { bytes in
            LinkResolver.resolve(bytes, index: index)
        } ?? {
            var copy = link
            return copy.withUTF8 { bytes in LinkResolver.resolve(bytes, index: index) }
        }()
        switch outcome {
        case .resolved(let flow, let tab, let storage):
            return ResolvedLink(graph: self, flowIndex: flow, tabIndex: tab, storage: storage)
        case .rejected(let problem):
            throw problem.error(link: link, graph: self)
        }
    }
}

/// The resolution of one link, on its UTF-8 bytes, in stack memory (see ``Workspace``),
/// with the graph's ``LinkIndex``. Allocates only the result (one ``LinkStorage``), and
/// nothing when the link is rejected: problems are plain numbers (``LinkProblem``) until
/// ``RouteGraph/resolve(_:)`` names them.
struct LinkResolver {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// What a link opens, or why it opens nothing.
    enum Outcome {
        case resolved(flow: Int, tab: Int?, storage: LinkStorage)
        case rejected(LinkProblem)
    }

    /// Kept alive by the graph for the whole resolution: no reference counting here.
    unowned(unsafe) let index: LinkIndex
    let bytes: Bytes
    let segmentCount: Int
    let workspace: Workspace
    /// Each segment's byte range in the link.
    var ranges: UnsafeMutableBufferPointer<Range<Int>> { workspace.ranges }
    /// Each segment's decoded bytes (the link's own bytes when it holds no `%`).
    var decoded: UnsafeMutableBufferPointer<Bytes> { workspace.decoded }
    /// The screens matched so far, root first.
    var steps: UnsafeMutableBufferPointer<ResolvedLink.Step> { workspace.steps }
    var stepCount = 0
    /// Their parameter values: each screen's path parameters, then its query parameters.
    var slots: UnsafeMutableBufferPointer<Slot> { workspace.slots }
    var slotCount = 0
    /// Whether a screen along the path declares a required query parameter.
    var hasRequiredQuery = false
    var failure: Failure?

    /// The most telling problem seen so far: the deepest, then the most specific.
    struct Failure {
        var depth: Int
        var priority: Int
        var problem: LinkProblem
    }

    init(index: LinkIndex, bytes: Bytes, segmentCount: Int, workspace: Workspace) {
        self.index = index
        self.bytes = bytes
        self.segmentCount = segmentCount
        self.workspace = workspace
    }

    static func reject(_ kind: LinkProblem.Kind, range: Range<Int>? = nil, segment: Int? = nil) -> Outcome {
        .rejected(LinkProblem(kind, range: range, segment: segment))
    }

    static func resolve(_ bytes: Bytes, index links: LinkIndex) -> Outcome {
        let count = bytes.count
        guard count <= RouteGraph.maximumLinkLength else { return reject(.tooLong(count)) }
        // Scheme, compared case-insensitively.
        var index = 0
        while index < count, bytes[index] != UInt8(ascii: ":"), bytes[index] != UInt8(ascii: "/") { index += 1 }
        guard index > 0, index + 2 < count, bytes[index] == UInt8(ascii: ":"),
              bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return reject(.noScheme) }
        guard index == links.scheme.count,
              LinkIndex.equal(Bytes(rebasing: bytes[0..<index]), links.scheme.baseAddress!, foldingCase: true)
        else { return reject(.wrongScheme, range: 0..<index) }
        // One pass over the rest: reject raw spaces, controls and fragments; find the query;
        // count the path's slashes; note whether anything is percent-encoded.
        let hostStart = index + 3
        var queryStart = count
        var slashes = 0
        var hasEscapes = false
        var scan = hostStart
        let isSpecial = links.isSpecial
        while scan < count {
            let byte = bytes[scan]
            guard isSpecial[Int(byte)] else {
                scan += 1
                continue
            }
            if byte == UInt8(ascii: "/") {
                if queryStart == count { slashes += 1 }
            } else if byte == UInt8(ascii: "?") {
                if queryStart == count { queryStart = scan }
            } else if byte == UInt8(ascii: "%") {
                hasEscapes = true
            } else if byte == UInt8(ascii: "#") {
                return reject(.fragment, range: scan..<count)
            } else if byte != 0xC2 {
                return reject(.unencodedByte, range: scan..<(scan + 1))
            } else if scan + 1 < count, (0x80...0x9F).contains(bytes[scan + 1]) {
                return reject(.unencodedByte, range: scan..<(scan + 2))
            }
            scan += 1
        }
        // Host: the flow, compared case-insensitively.
        var hostEnd = hostStart
        while hostEnd < queryStart, bytes[hostEnd] != UInt8(ascii: "/") {
            if bytes[hostEnd] == UInt8(ascii: "@") || bytes[hostEnd] == UInt8(ascii: ":") {
                var end = hostEnd
                while end < queryStart, bytes[end] != UInt8(ascii: "/") { end += 1 }
                return reject(.userOrPort, range: hostStart..<end)
            }
            hostEnd += 1
        }
        guard hostEnd > hostStart else { return reject(.missingFlow) }
        guard let flow = links.lookup(.flow, Bytes(rebasing: bytes[hostStart..<hostEnd]), foldingCase: true) else {
            return reject(.unknownFlow, range: hostStart..<hostEnd)
        }
        // Path segments: counted first, so the limit is checked before anything is stored.
        var segmentCount = 0
        if hostEnd < queryStart {
            segmentCount = bytes[queryStart - 1] == UInt8(ascii: "/") ? slashes - 1 : slashes
        }
        guard segmentCount <= RouteGraph.maximumSegments else {
            return reject(.tooManySegments(segmentCount), range: hostEnd..<queryStart)
        }
        // Decoded text never outgrows its source, so the rest of the link bounds the text space.
        let size = Workspace.Size(
            segments: segmentCount,
            slots: segmentCount + (segmentCount + 1) * links.maximumQueryCount,
            text: hasEscapes ? count - hostEnd : 0
        )
        return Workspace.with(size) { workspace in
            var start = hostEnd + 1
            var written = 0
            for segment in 0..<segmentCount {
                var end = start
                while end < queryStart, bytes[end] != UInt8(ascii: "/") { end += 1 }
                let range = start..<end
                workspace.ranges[segment] = range
                guard !range.isEmpty else { return reject(.emptySegment, range: range, segment: segment + 1) }
                let raw = Bytes(rebasing: bytes[range])
                var problem = LinkProblem.Kind.valueTooLong
                guard let value = hasEscapes
                    ? decodeValue(raw, scratch: workspace.text, written: &written, problem: &problem)
                    : raw.count <= RouteGraph.maximumValueLength ? raw : nil
                else { return reject(problem, range: range, segment: segment + 1) }
                workspace.decoded[segment] = value
                start = end + 1
            }
            var resolver = LinkResolver(index: links, bytes: bytes, segmentCount: segmentCount, workspace: workspace)
            return resolver.resolvePath(flowIndex: Int(flow.start), queryStart: queryStart, written: written)
        }
    }

    /// Validates and (when it holds `%`) decodes a value into `scratch`; `nil` (and why,
    /// in `problem`) when it is too long or does not decode.
    static func decodeValue(
        _ raw: Bytes, scratch: UnsafeMutableBufferPointer<UInt8>, written: inout Int, problem: inout LinkProblem.Kind
    ) -> Bytes? {
        guard raw.contains(UInt8(ascii: "%")) else {
            problem = .valueTooLong
            return raw.count > RouteGraph.maximumValueLength ? nil : raw
        }
        guard written + raw.count <= scratch.count else {
            problem = .valueTooLong
            return nil
        }
        let target = UnsafeMutableBufferPointer(rebasing: scratch[written..<(written + raw.count)])
        switch PercentEncoding.decode(raw, into: target) {
        case .success(let length):
            guard length <= RouteGraph.maximumValueLength else {
                problem = .valueTooLong
                return nil
            }
            written += length
            return Bytes(rebasing: target[0..<length])
        case .failure(.badEscape): problem = .badEscape
        case .failure(.invalidUTF8): problem = .invalidUTF8
        case .failure(.controlCharacter): problem = .controlCharacter
        }
        return nil
    }

    /// The tab, the walk from the root, the query; then the result.
    mutating func resolvePath(flowIndex: Int, queryStart: Int, written: Int) -> Outcome {
        var tabIndex: Int?
        var first = 0
        let flow = index.flows[flowIndex]
        if flow.tabCount > 0 {
            tabIndex = 0
            if segmentCount > 0 {
                guard let tab = index.lookup(.tab(flow: flowIndex), decoded[0]) else {
                    return LinkResolver.reject(.unknownTab(flow: flowIndex), range: ranges[0], segment: 1)
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
            return .rejected(failure?.problem ?? LinkProblem(.unknownScreen(after: root)))
        }
        if queryStart < bytes.count {
            var written = written
            if let problem = applyQuery(from: queryStart + 1, flowIndex: flowIndex, written: &written) {
                return .rejected(problem)
            }
        }
        if hasRequiredQuery, let problem = checkRequiredQuery() { return .rejected(problem) }
        let storage = LinkStorage.make(steps: stepCount, values: slotCount) { cells in
            for position in 0..<stepCount { (cells + position).initialize(to: .step(steps[position])) }
            for position in 0..<slotCount { (cells + stepCount + position).initialize(to: .value(slots[position].value)) }
        }
        return .resolved(flow: flowIndex, tab: tabIndex, storage: storage)
    }

    // MARK: - Walking the graph

    mutating func appendStep(_ screen: Int, valueStart: Int) {
        steps[stepCount] = ResolvedLink.Step(screen: Int32(screen), valueStart: Int32(valueStart))
        stepCount += 1
    }

    mutating func append(_ slot: Slot) {
        slots[slotCount] = slot
        slotCount += 1
    }

    /// Matches the segments from `position` on, starting after `screen`; backtracks.
    mutating func walk(from screen: Int, at position: Int) -> Bool {
        if position == segmentCount { return true }
        if let literal = index.lookup(.successors(screen: screen), decoded[position]) {
            for offset in 0..<Int(literal.count) where attempt(index.screen(in: literal, at: offset), at: position) {
                return true
            }
        }
        let dynamic = index.screens[screen].dynamicSuccessors
        for offset in 0..<Int(dynamic.count) where attempt(index.screen(in: dynamic, at: offset), at: position) {
            return true
        }
        noteDeadEnd(after: screen, at: position)
        return false
    }

    /// Tries `candidate` at `position`: its pattern, then the rest of the walk after it.
    mutating func attempt(_ candidate: Int, at position: Int) -> Bool {
        let info = index.screens[candidate]
        let length = Int(info.pattern.count)
        guard position + length <= segmentCount else { return false }
        let mark = slotCount
        for offset in 0..<length {
            let segment = index.segments[Int(info.pattern.start) + offset]
            let text = decoded[position + offset]
            if segment.kind == .literal {
                guard index.matches(text, literal: segment) else {
                    slotCount = mark
                    return false
                }
            } else {
                guard let slot = Slot(text, as: segment.kind) else {
                    note(depth: position + offset, priority: 3, .pathMismatch(screen: candidate, segment: offset))
                    slotCount = mark
                    return false
                }
                append(slot)
            }
        }
        for _ in 0..<Int(info.query.count) { append(.absent) }
        appendStep(candidate, valueStart: mark)
        let next = position + length
        if info.isPresentation, next < segmentCount {
            note(depth: next, priority: 2, .followsPresentation(screen: candidate))
        } else if walk(from: candidate, at: next) {
            if info.hasRequiredQuery { hasRequiredQuery = true }
            return true
        }
        stepCount -= 1
        slotCount = mark
        return false
    }

    /// Whether the pattern of `screen` matches at `position`, without recording anything.
    func matchesPattern(_ screen: Int, at position: Int) -> Bool {
        let info = index.screens[screen]
        guard position + Int(info.pattern.count) <= segmentCount else { return false }
        for offset in 0..<Int(info.pattern.count) {
            let segment = index.segments[Int(info.pattern.start) + offset]
            let text = decoded[position + offset]
            if segment.kind == .literal {
                guard index.matches(text, literal: segment) else { return false }
            } else {
                guard Slot(text, as: segment.kind) != nil else { return false }
            }
        }
        return true
    }

    // MARK: - Failures

    /// Records why nothing matched at `position` after `screen`: the first screen of the
    /// flow (in declaration order) that would match there but may not follow `screen`,
    /// or no screen at all.
    mutating func noteDeadEnd(after screen: Int, at position: Int) {
        guard failure.map({ position > $0.depth || (position == $0.depth && $0.priority < 1) }) ?? true else { return }
        let info = index.screens[screen]
        if info.isPresentation {
            note(depth: position, priority: 2, .followsPresentation(screen: screen))
        } else if info.flow >= 0, let other = firstScreen(inFlow: Int(info.flow), matchingAt: position) {
            note(depth: position, priority: 1, .edgeNotAllowed(screen: other, after: screen))
        } else {
            note(depth: position, priority: 1, .unknownScreen(after: screen))
        }
    }

    /// The first non-root screen of `flow`, in declaration order, whose pattern matches at
    /// `position`: among those starting with that literal, and those starting with a
    /// parameter the segment converts to.
    func firstScreen(inFlow flow: Int, matchingAt position: Int) -> Int? {
        var best = Int.max
        func search(_ run: LinkIndex.Run) {
            for offset in 0..<Int(run.count) {
                let screen = index.screen(in: run, at: offset)
                if screen >= best { return }
                if matchesPattern(screen, at: position) {
                    best = screen
                    return
                }
            }
        }
        let text = decoded[position]
        if let literal = index.lookup(.flowScreens(flow: flow), text) { search(literal) }
        let info = index.flows[flow]
        if Slot(text, as: .uuid) != nil { search(info.firstUUID) }
        if Slot(text, as: .int) != nil { search(info.firstInt) }
        if Slot(text, as: .string) != nil { search(info.firstString) }
        return best == .max ? nil : best
    }

    /// Records a problem at segment `depth` (0-based) unless a deeper or more specific one
    /// is already recorded.
    mutating func note(depth: Int, priority: Int, _ kind: LinkProblem.Kind) {
        if let failure, failure.depth > depth || (failure.depth == depth && failure.priority >= priority) { return }
        failure = Failure(
            depth: depth, priority: priority,
            problem: LinkProblem(kind, range: ranges[depth], segment: depth + 1)
        )
    }
}
