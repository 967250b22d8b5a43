import WayfinderSystem

/// The second walk behind a ``LinkExplanation``: the link split into its segments and read
/// again over the table the resolver read it in, with the same successor lists (in
/// precedence order) and the same segment matching (``LinkIndex/matches(_:_:)``), but
/// simply: plain arrays, one segment decoded at a time, a record of every choice. It
/// decides nothing (the verdict is the resolver's); it runs only when a link is explained,
/// never when one is resolved.
struct LinkTrace {
    /// The table walked: today's, its aliases' or an earlier version's (``LinkShapes``).
    let graph: RouteGraph
    /// For a table with aliases, its screens standing for one, and the alias.
    let aliasScreens: [String: RouteAlias]
    /// Whether the link is a web link, whose segments are counted from its flow.
    let isWeb: Bool
    /// The host as written (a web link's first segment), and the flow it names, if any.
    let host: [UInt8]
    let flow: Int?
    /// Each path segment as written, and decoded when it is a segment a link may have.
    let raw: [[UInt8]]
    let decoded: [[UInt8]?]

    var count: Int { raw.count }
    var index: LinkIndex { graph.linkIndex }

    /// The 1-based index of path segment `position` (from 0), as ``DeepLinkError/segment`` counts.
    func number(_ position: Int) -> Int { position + (isWeb ? 2 : 1) }

    /// Segment `position` as text to show: decoded, else as written.
    func text(_ position: Int) -> String {
        String(displaying: decoded[position] ?? raw[position])
    }

    /// `link` split as the resolver splits it, or `nil` when it is not a link of `graph`'s
    /// scheme (or of one of its web origins) with a host.
    init?(link: [UInt8], graph: RouteGraph, aliasScreens: [String: RouteAlias] = [:]) {
        let web = withBytes(of: link) { view -> Result<[UInt8]?, LinkProblem> in
            do throws(LinkProblem) { return .success(try graph.customForm(ofWeb: view)?.link) } catch { return .failure(error) }
        }
        guard case .success(let custom) = web else { return nil }
        let bytes = custom ?? link
        let prefix = graph.storage.schemePrefix
        guard bytes.count >= prefix.count, zip(bytes, prefix).allSatisfy({ LinkIndex.byte($0, true) == $1 }) else { return nil }
        let end = bytes[prefix.count...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let hostEnd = bytes[prefix.count..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
        (self.graph, self.aliasScreens, isWeb) = (graph, aliasScreens, custom != nil)
        host = Array(bytes[prefix.count..<hostEnd])
        flow = graph.flowIndex[String(decoding: host.map { LinkIndex.byte($0, true) }, as: UTF8.self)]
        // `/a/b/` is a and b: the first slash starts the path, one trailing slash is dropped.
        var path = bytes[min(hostEnd + 1, end)..<end]
        if path.last == UInt8(ascii: "/") { path = path.dropLast() }
        raw = hostEnd == end || (path.isEmpty && hostEnd + 1 >= end)
            ? [] : path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Array($0) }
        decoded = raw.map(LinkTrace.decode)
    }

    /// `raw` percent-decoded, when it is a segment a link may hold (not empty, not a dot
    /// segment, escapes that decode to UTF-8 without controls, within the value limit).
    private static func decode(_ raw: [UInt8]) -> [UInt8]? {
        guard !raw.isEmpty, !PercentEncoding.isDotSegment(raw.span) else { return nil }
        var target = raw
        var span = target.mutableSpan
        guard case .success(let length) = PercentEncoding.decode(raw.span, into: &span),
              length <= RouteGraph.maximumValueLength else { return nil }
        return (0..<length).map { span[$0] }
    }

    // MARK: - Matching

    /// The pattern of `screen`, as the index matches it.
    func pattern(_ screen: Int) -> ArraySlice<LinkIndex.Segment> { index.segments[index.screens[screen].pattern] }

    /// Whether segment `position` matches `segment` as the resolver matches it.
    func matches(_ position: Int, _ segment: LinkIndex.Segment) -> Bool {
        if segment.kind == .rest { return true }
        guard let text = decoded[position] else { return false }
        return withBytes(of: text) { index.matches($0, segment) }
    }

    /// Where the segments `screen`'s pattern reads from `position` on end, when it reads them.
    func end(of screen: Int, at position: Int) -> Int? {
        let pattern = pattern(screen)
        guard position + pattern.count <= count else { return nil }
        for (offset, segment) in pattern.enumerated() {
            if segment.kind == .rest { return count }
            guard matches(position + offset, segment) else { return nil }
        }
        return position + pattern.count
    }

    /// Whether `screen` is a sheet or an alert, which only ends a link.
    func isPresentation(_ screen: Int) -> Bool { index.screens[screen].isPresentation }

    /// The tab segment 0 names in a tabbed flow (`nil` when it names none), and where the
    /// walk from the flow's root starts.
    func root() -> (screen: Int, start: Int)? {
        guard let flow else { return nil }
        let info = index.flows[flow]
        guard info.tabCount > 0, count > 0 else { return (index.lists[info.roots.lowerBound], 0) }
        guard let text = decoded[0], let tab = graph.flows[flow].tabs.firstIndex(where: { $0.utf8.elementsEqual(text) }) else {
            return nil
        }
        return (index.lists[info.roots.lowerBound + tab], 1)
    }

    // MARK: - Walking

    /// The screens of a walk, each with the position its pattern starts at.
    typealias Path = [(screen: Int, start: Int)]

    /// The walk the resolver makes, made again: the screens of the way through, or of the
    /// longest run that read (and how far it read) when there is none.
    func walk() -> (path: Path, read: Int, isComplete: Bool)? {
        guard let root = root() else { return nil }
        var walker = Walker(trace: self, path: [root], best: [root], read: root.start)
        let complete = walker.walk(from: root.screen, at: root.start)
        return complete ? (walker.path, count, true) : (walker.best, walker.read, false)
    }

    /// The screens of `screens` (a resolution's steps), each with where its pattern starts;
    /// `nil` when they do not read the link one after the other.
    func path(of screens: [Int]) -> Path? {
        guard let root = root(), screens.first == root.screen else { return nil }
        var path: Path = [root]
        var position = root.start
        for screen in screens.dropFirst() {
            guard let end = end(of: screen, at: position) else { return nil }
            path.append((screen, position))
            position = end
        }
        return position == count ? path : nil
    }

    /// A depth-first walk through the successors in precedence order, backing up when a
    /// choice leads nowhere; each (screen, position) that led nowhere is remembered, so that
    /// it costs at most segments × screens pattern matches.
    private struct Walker {
        let trace: LinkTrace
        var path: Path
        var best: Path
        var read: Int
        var failed: Set<Int> = []

        mutating func walk(from screen: Int, at position: Int) -> Bool {
            if position > read { (best, read) = (path, position) }
            if position == trace.count { return true }
            let key = screen * (trace.count + 1) + position
            if failed.contains(key) { return false }
            for next in trace.graph.successors[screen] {
                guard let end = trace.end(of: next, at: position) else { continue }
                path.append((next, position))
                if !(trace.isPresentation(next) && end < trace.count), walk(from: next, at: end) { return true }
                path.removeLast()
            }
            failed.insert(key)
            return false
        }
    }
}
