/// Walking the graph from the root, one screen per pattern, backing up when a choice leads
/// nowhere; and when nothing matches, the most telling reason why.
///
/// Whether a screen's pattern and the rest of the walk after it match from a segment on
/// depends only on the screen and the segment; whether any successor of a screen does, only
/// on its successors (``LinkIndex/ScreenInfo/successorClass``) and the segment. Once the walk
/// has tried ``memoryThreshold`` patterns, it remembers each such failure and never tries it
/// again: a link costs at most about its segments × the screens of its flow pattern matches,
/// whatever the table (overlapping patterns would otherwise make the backing up exponential,
/// and a table where every screen may follow every other, segments × screens × screens).
extension LinkResolver {
    /// How many pattern matches a walk makes before it remembers failures (most links never do).
    static let memoryThreshold = 64

    /// Appends the step of `screen`, its path parameters' values from `valueStart` on in ``slots``
    /// (their places among all the values are laid out at the end: ``finish(_:flowIndex:tab:)``).
    mutating func appendStep(_ screen: Int, valueStart: Int) {
        steps[stepCount] = ResolvedLink.Step(screen: Int32(screen), valueStart: Int32(valueStart))
        stepCount += 1
    }

    /// Appends `slot`; `false` when there is none.
    @discardableResult
    mutating func append(_ slot: Slot?) -> Bool {
        guard let slot else { return false }
        slots[slotCount] = slot
        slotCount += 1
        return true
    }

    /// Matches the segments from `position` on, starting after `screen`; backtracks.
    mutating func walk(from screen: Int, at position: Int) -> Bool {
        recorder?.reach(position)
        if position == segmentCount { return true }
        let info = index.screens[screen]
        let remembering = patternMatches >= LinkResolver.memoryThreshold
        // Walking on from a list of successors: keys after those of the (screen, segment) pairs.
        let listKey = (index.screens.count + info.successorClass) * (RouteGraph.maximumSegments + 1) + position
        if remembering, failed.contains(listKey) { return false }
        let literal = info.hasLiteralSuccessors ? lookup(.successors(screen: screen), segmentAt: position) : nil
        for next in literal ?? 0..<0 where attempt(index.lists[next], at: position, firstMatched: true) { return true }
        for next in info.dynamicSuccessors where attempt(index.lists[next], at: position, firstMatched: false) { return true }
        noteDeadEnd(after: screen, at: position)
        if remembering { failed.insert(listKey) }
        return false
    }

    /// Tries `candidate` at `position`: its pattern, then the rest of the walk after it.
    /// With `firstMatched`, its first segment is a literal already found equal.
    @inline(__always)
    mutating func attempt(_ candidate: Int, at position: Int, firstMatched: Bool) -> Bool {
        let info = index.screens[candidate]
        guard position + info.pattern.count <= segmentCount else {
            noteIncomplete(candidate, at: position, firstMatched: firstMatched)
            return false
        }
        let remembering = patternMatches >= LinkResolver.memoryThreshold
        let key = candidate * (RouteGraph.maximumSegments + 1) + position
        if remembering, failed.contains(key) { return false }
        patternMatches &+= 1
        if match(candidate, info, at: position, firstMatched: firstMatched) { return true }
        if remembering { failed.insert(key) }
        return false
    }

    /// Matches the pattern of `candidate` (`info`) at `position`, then the rest of the walk.
    private mutating func match(_ candidate: Int, _ info: LinkIndex.ScreenInfo, at position: Int, firstMatched: Bool) -> Bool {
        let mark = slotCount
        var next = position + info.pattern.count
        for offset in (firstMatched ? 1 : 0)..<info.pattern.count {
            let segment = index.segments[info.pattern.lowerBound + offset]
            if segment.kind == .rest {
                // Last in its pattern: it takes every segment left.
                append(Slot(text: 0..<0, number: position + offset, kind: .rest))
                next = segmentCount
                continue
            }
            let matched = segment.kind == .literal
                ? matches(segmentAt: position + offset, segment) : append(slot(segments[position + offset], as: segment))
            guard matched else {
                if segment.kind != .literal {
                    note(depth: position + offset, priority: 3, .pathMismatch(screen: Int32(candidate), segment: Int32(offset)))
                }
                slotCount = mark
                return false
            }
        }
        appendStep(candidate, valueStart: mark)
        recorder?.enter(candidate, at: position)
        if info.isPresentation, next < segmentCount {
            note(depth: next, priority: 2, .followsPresentation(screen: Int32(candidate)))
        } else if walk(from: candidate, at: next) {
            if info.hasRequiredQuery { hasRequiredQuery = true }
            return true
        }
        stepCount -= 1
        recorder?.leave()
        slotCount = mark
        return false
    }

    /// Whether the `count` segments from `position` on match the start of `screen`'s pattern.
    mutating func matchesStart(of screen: Int, at position: Int, count: Int, skipping: Int = 0) -> Bool {
        let pattern = index.screens[screen].pattern
        return (skipping..<count).allSatisfy { matches(segmentAt: position + $0, index.segments[pattern.lowerBound + $0]) }
    }

    // MARK: - Why a link does not resolve

    /// Records that the link ends inside the pattern of `candidate` at `position`, if the start matches.
    mutating func noteIncomplete(_ candidate: Int, at position: Int, firstMatched: Bool) {
        guard position < segmentCount else { return }
        let last = segmentCount - 1
        if let failure, failure.depth > last || (failure.depth == last && failure.priority >= 3) { return }
        guard matchesStart(of: candidate, at: position, count: segmentCount - position, skipping: firstMatched ? 1 : 0) else { return }
        note(depth: last, priority: 3, .incomplete(screen: Int32(candidate), missing: Int32(segmentCount - position)))
    }

    /// Records why nothing matched at `position` after `screen`: a screen that would but may not follow it, or none.
    mutating func noteDeadEnd(after screen: Int, at position: Int) {
        guard failure.map({ position > $0.depth || (position == $0.depth && $0.priority < 1) }) ?? true else { return }
        let info = index.screens[screen]
        if info.isPresentation {
            note(depth: position, priority: 2, .followsPresentation(screen: Int32(screen)))
        } else if info.flow >= 0, let other = firstScreen(inFlow: info.flow, matchingAt: position) {
            note(depth: position, priority: 1, .edgeNotAllowed(screen: Int32(other), after: Int32(screen)))
        } else {
            note(depth: position, priority: 1, .unknownScreen(after: Int32(screen)))
        }
    }

    /// The first non-root screen of `flow`, in precedence order, whose pattern matches at `position`.
    mutating func firstScreen(inFlow flow: Int, matchingAt position: Int) -> Int? {
        let literal = lookup(.flowScreens(flow: flow), segmentAt: position) ?? 0..<0
        return firstScreen(in: literal, matchingAt: position)
            ?? firstScreen(in: index.flows[flow].parameterFirst, matchingAt: position)
    }

    /// The first screen of `run` (in ``LinkIndex/lists``) whose pattern matches at `position`.
    private mutating func firstScreen(in run: Range<Int>, matchingAt position: Int) -> Int? {
        for screen in index.lists[run] {
            let length = index.screens[screen].pattern.count
            if position + length <= segmentCount, matchesStart(of: screen, at: position, count: length) { return screen }
        }
        return nil
    }

    /// Records a problem at segment `depth` (0-based) unless a deeper or more specific one is.
    mutating func note(depth: Int, priority: Int, _ kind: DeepLinkError.Problem.Kind) {
        if let failure, failure.depth > depth || (failure.depth == depth && failure.priority >= priority) { return }
        failure = (depth, priority, DeepLinkError.Problem(kind, range: range(depth), segment: depth + 1))
    }
}
