/// The resolution of one link, on its UTF-8 bytes, with the graph's ``LinkIndex``.
///
/// The resolver works in storage of its own, in place: `InlineArray`s whose capacities come
/// from the link limits (``RouteGraph/maximumLinkLength``, ``RouteGraph/maximumSegments``),
/// so that resolving allocates only the result, and nothing when the link is rejected. Every
/// index into them is checked, in every build. The link's bytes are a `Span` handed to the
/// methods that read them; what the resolver keeps of them are positions, and the decoded
/// bytes of each segment and query value, in ``text``.
///
/// Its methods are all `mutating`, those that only read too: in Swift 6.3 a call to a
/// non-mutating method of a struct this large (its storage is a few kilobytes) copies the
/// struct whole, which a call through `inout` does not.
struct LinkResolver {
    enum Outcome {
        /// The flow, the tab, each screen and where its values start, and the values.
        case resolved(flow: Int, tab: Int?, steps: [ResolvedLink.Step], values: [ParameterValue?])
        case rejected(DeepLinkError.Problem)
    }

    /// Decoded bytes: as many as the longest link, since each byte of a link is decoded at
    /// most once (a segment, a query key or value) into at most one byte.
    typealias Text = InlineArray<2048, UInt8>
    /// One per path segment, at most ``RouteGraph/maximumSegments``.
    typealias PerSegment<Element> = InlineArray<32, Element>
    /// One per screen along a link: the root, and one per pattern matched, each of at least one segment.
    typealias PerStep<Element> = InlineArray<33, Element>

    let index: LinkIndex
    /// Where the link's host, path slashes and query are.
    let scan: Scan
    let segmentCount: Int
    /// The decoded bytes of the segments, then of the query's keys and values, one after
    /// the other; ``written`` of them so far.
    var text = Text(repeating: 0)
    var written = 0
    /// Where each segment's decoded bytes are in ``text``.
    var segments = PerSegment<Range<Int>>(repeating: 0..<0)
    /// The screens matched so far, root first, and their path parameters' values (a pattern
    /// takes a segment for each of its parameters). The query's values join them at the end
    /// (``finish(_:flowIndex:tab:)``).
    var steps = PerStep(repeating: ResolvedLink.Step(screen: 0, valueStart: 0))
    var stepCount = 0
    var slots = PerSegment(repeating: Slot.absent)
    var slotCount = 0
    var hasRequiredQuery = false
    /// The most telling problem seen so far: the deepest, then the most specific.
    var failure: (depth: Int, priority: Int, problem: DeepLinkError.Problem)?
    /// How many patterns the walk has matched against the link so far (its cost).
    var patternMatches = 0
    /// The (screen or list of successors, segment) pairs known to fail (see ``memoryThreshold``).
    var failed: Set<Int> = []
    /// Where the walk is written down as it goes, when a link is explained (``RouteGraph/walk(utf8:)``); `nil` when it is resolved.
    let recorder: WalkRecorder?

    @inline(__always)
    init(index: LinkIndex, scan: Scan, segmentCount: Int, recorder: WalkRecorder?) {
        (self.index, self.scan, self.segmentCount, self.recorder) = (index, scan, segmentCount, recorder)
    }

    static func reject(_ kind: DeepLinkError.Problem.Kind, range: Range<Int>? = nil, segment: Int? = nil) -> Outcome {
        .rejected(DeepLinkError.Problem(kind, range: range, segment: segment))
    }

    /// Where segment `position` is in the link, as written.
    mutating func range(_ position: Int) -> Range<Int> {
        (scan.slashes[position] + 1)..<(position + 1 < scan.slashCount ? scan.slashes[position + 1] : scan.queryStart)
    }

    /// `raw`, bytes of the link, validated and (when they hold `%`) decoded into ``text``:
    /// where they are there.
    @inline(__always)
    mutating func decode(_ raw: Span<UInt8>) throws(DeepLinkError.Problem.Kind) -> Range<Int> {
        let start = written
        let isEscaped = scan.hasEscapes && raw.contains(UInt8(ascii: "%"))
        var target = text.mutableSpan
        let length: Int
        if isEscaped {
            length = try PercentEncoding.decode(raw, into: &target, at: start).get()
        } else {
            // Bytes the scan has checked (no controls, no spaces), taken as they are.
            for offset in 0..<raw.count { target[start + offset] = raw[offset] }
            length = raw.count
        }
        guard length <= RouteGraph.maximumValueLength else { throw .valueTooLong }
        written = start + length
        return start..<written
    }

    /// The segments, the tab, the walk from the root; then the query and the result.
    mutating func resolve(_ link: Span<UInt8>, flowIndex: Int) -> Outcome {
        var refusal: Outcome?
        for segment in 0..<segmentCount {
            let range = range(segment)
            do throws(DeepLinkError.Problem.Kind) {
                if range.isEmpty { throw .emptySegment }
                segments[segment] = try decode(link.extracting(range))
                // `a/../b` is `/b` to a browser: a value must never hold what it would remove.
                if text.span.extracting(segments[segment]).isDotSegment { throw .dotSegment }
                recorder?.segment(link.extracting(range), decoded: text.span.extracting(segments[segment]))
            } catch {
                // Recorded, the other segments are read too (the refusal is the first's).
                guard let recorder else { return LinkResolver.reject(error, range: range, segment: segment + 1) }
                recorder.segment(link.extracting(range), decoded: nil)
                if refusal == nil { refusal = LinkResolver.reject(error, range: range, segment: segment + 1) }
            }
        }
        if let refusal { return refusal }
        let flow = index.flows[flowIndex]
        var tab = flow.tabCount > 0 ? 0 : nil
        if tab != nil, segmentCount > 0 {
            guard let found = lookup(.tab(flow: flowIndex), segmentAt: 0) else {
                return LinkResolver.reject(.unknownTab(flow: Int32(flowIndex)), range: range(0), segment: 1)
            }
            tab = found.lowerBound
        }
        let root = index.lists[flow.roots.lowerBound + (tab ?? 0)]
        hasRequiredQuery = index.screens[root].hasRequiredQuery
        appendStep(root, valueStart: 0)
        let start = tab == nil ? 0 : min(1, segmentCount)
        recorder?.enter(root, at: start)
        guard walk(from: root, at: start) else {
            return .rejected(failure?.problem ?? DeepLinkError.Problem(.unknownScreen(after: Int32(root))))
        }
        recorder?.isComplete = true
        return finish(link, flowIndex: flowIndex, tab: tab)
    }

    // MARK: - Reading the decoded segments

    /// The value stored for segment `position` in `table` of the index.
    mutating func lookup(_ table: LinkIndex.Table, segmentAt position: Int) -> Range<Int>? {
        index.lookup(table, text.span.extracting(segments[position]))
    }

    /// Whether segment `position` matches `pattern` (a literal, or a parameter it converts to).
    mutating func matches(segmentAt position: Int, _ pattern: LinkIndex.Segment) -> Bool {
        index.matches(text.span.extracting(segments[position]), pattern)
    }

    /// The decoded bytes at `range` of ``text`` as a value of the parameter `pattern`
    /// (an int parsed once, here), if they convert.
    mutating func slot(_ range: Range<Int>, as pattern: LinkIndex.Segment) -> Slot? {
        let bytes = text.span.extracting(range)
        guard pattern.kind == .int else { return index.matches(bytes, pattern) ? Slot(text: range, kind: pattern.kind) : nil }
        return ParameterValue.parseInt(bytes).map { Slot(text: range, number: $0, kind: .int) }
    }
}
