import WayfinderSystem

/// What the resolver writes down while it reads a link, when asked (``RouteGraph/walk(utf8:)``):
/// its segments, the flow, and the screens it enters and leaves. Resolving a link asks for none
/// of it.
final class WalkRecorder {
    var isWeb = false
    var host: [UInt8] = []
    var flow: Int?
    var raw: [[UInt8]] = []
    var decoded: [[UInt8]?] = []
    /// The screens entered and not yet left, each with the segment its pattern starts at.
    var path: [(screen: Int, start: Int)] = []
    /// The first run of screens that read furthest, and how far.
    var longest: [(screen: Int, start: Int)] = []
    var read = 0
    var isComplete = false

    func host(_ bytes: Span<UInt8>, flow: Int?) {
        (host, self.flow) = (bytes.array, flow)
    }

    func segment(_ bytes: Span<UInt8>, decoded: Span<UInt8>?) {
        raw.append(bytes.array)
        self.decoded.append(decoded?.array)
    }

    func enter(_ screen: Int, at start: Int) { path.append((screen, start)) }

    func leave() { path.removeLast() }

    /// The walk goes on from segment `position` after the screens entered.
    func reach(_ position: Int) {
        if longest.isEmpty || position > read { (longest, read) = (path, position) }
    }
}

/// One link as the resolver read it in one table (``RouteGraph/walk(utf8:)``): the segments it
/// split and decoded, the flow its host names, and the screens its walk went through — the way
/// through, or the first of the runs that read furthest. The route tools explain links from it;
/// it is the resolver's own walk, not a second one.
@_spi(RouteTools) public struct LinkWalk {
    /// The table the link was read in.
    public let graph: RouteGraph
    /// Whether the link is a web link (read as its custom-scheme form, its flow segment 1).
    public let isWeb: Bool
    /// The link's host, as written (a web link's flow segment), and the flow it names, if it
    /// was read that far and names one.
    public let host: [UInt8]
    public let flow: Int?
    /// Each path segment as written; and decoded, when it is one a link may hold.
    public let raw: [[UInt8]]
    public let decoded: [[UInt8]?]
    /// The screens of the way through, each with the segment its pattern starts at (0-based,
    /// the tab a root's pattern); when there is none, those of the first run that read furthest.
    public let path: [(screen: Int, start: Int)]
    /// How many segments ``path`` read.
    public let read: Int
    /// Whether ``path`` reads the whole path (the link may still be refused for its query).
    public let isComplete: Bool

    init(graph: RouteGraph, _ recorder: WalkRecorder) {
        (self.graph, isWeb, host, flow) = (graph, recorder.isWeb, recorder.host, recorder.flow)
        (raw, decoded, isComplete) = (recorder.raw, recorder.decoded, recorder.isComplete)
        (path, read) = isComplete ? (recorder.path, raw.count) : (recorder.longest, recorder.read)
    }

    /// The number of path segments.
    public var count: Int { raw.count }

    /// Whether segment `position` is read by `screen`'s pattern segment `offset`, as the resolver reads it.
    public func matches(_ position: Int, screen: Int, offset: Int) -> Bool {
        let index = graph.linkIndex
        let segment = index.segments[index.screens[screen].pattern.lowerBound + offset]
        if segment.kind == .rest { return true }
        guard position < decoded.count, let text = decoded[position] else { return false }
        return index.matches(text.span, segment)
    }

    /// Where the segments `screen`'s pattern reads from `position` on end, when it reads them.
    public func end(of screen: Int, at position: Int) -> Int? {
        let pattern = graph.screens[screen].pattern
        guard position + pattern.count <= count else { return nil }
        for offset in pattern.indices {
            guard matches(position + offset, screen: screen, offset: offset) else { return nil }
            if case .parameter(_, .rest) = pattern[offset] { return count }
        }
        return position + pattern.count
    }
}

extension Span where Element == UInt8 {
    /// The bytes, copied.
    var array: [UInt8] { indices.map { self[$0] } }
}
