/// Walking the graph from the root, one screen per pattern, backing up when a choice leads
/// nowhere; and when nothing matches, the most telling reason why.
///
/// Whether a screen's pattern, and the rest of the walk after it, match from a segment on
/// depends only on the screen and the segment: once the walk has tried more than
/// ``memoryThreshold`` patterns, each (screen, segment) that failed is remembered and never
/// tried again. So does whether any successor of a screen does: screens that may be followed
/// by the same screens (``LinkIndex/ScreenInfo/successorClass``) fail alike from a segment,
/// and the second is not walked again. So a link costs at most about its segments × the
/// screens of its flow pattern matches, whatever the table (overlapping patterns would
/// otherwise make the backing up exponential, and a table where every screen may follow every
/// other, segments × screens × screens); links that need no backing up never pay for it.
extension LinkResolver {
    /// How many pattern matches a walk makes before it remembers failures.
    static let memoryThreshold = 64

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
        let remembering = patternMatches >= LinkResolver.memoryThreshold
        let listKey = remembering ? failureKey(successorsOf: screen, at: position) : 0
        if remembering, isKnownToFail(listKey) { return false }
        if let literal = index.literalSuccessors(of: screen, segmentText(position)) {
            if literal.count < 0 {
                if attempt(Int(literal.start), at: position, firstMatched: true) { return true }
            } else {
                for offset in 0..<Int(literal.count)
                where attempt(index.screen(in: literal, at: offset), at: position, firstMatched: true) {
                    return true
                }
            }
        }
        let dynamic = index.screens[screen].dynamicSuccessors
        for offset in 0..<Int(dynamic.count)
        where attempt(index.screen(in: dynamic, at: offset), at: position, firstMatched: false) {
            return true
        }
        noteDeadEnd(after: screen, at: position)
        if remembering { rememberFailure(listKey) }
        return false
    }

    /// Tries `candidate` at `position`: its pattern, then the rest of the walk after it.
    /// With `firstMatched`, its first segment is a literal already found equal. Once the
    /// walk remembers failures, a (screen, segment) pair that failed before fails again
    /// without being tried.
    @inline(__always)
    mutating func attempt(_ candidate: Int, at position: Int, firstMatched: Bool) -> Bool {
        let info = index.screens[candidate]
        guard position + Int(info.pattern.count) <= segmentCount else {
            noteIncomplete(candidate, at: position, firstMatched: firstMatched)
            return false
        }
        let remembering = patternMatches >= LinkResolver.memoryThreshold
        let key = candidate * (RouteGraph.maximumSegments + 1) + position
        if remembering, isKnownToFail(key) { return false }
        patternMatches &+= 1
        if match(candidate, info, at: position, firstMatched: firstMatched) { return true }
        if remembering { rememberFailure(key) }
        return false
    }

    /// The bit of ``failed`` for walking on from the successors of `screen` at `position`:
    /// after the (screen, segment) pairs, one per list of successors and segment.
    private func failureKey(successorsOf screen: Int, at position: Int) -> Int {
        (index.screens.count + Int(index.screens[screen].successorClass)) * (RouteGraph.maximumSegments + 1) + position
    }

    private func isKnownToFail(_ key: Int) -> Bool {
        key >> 6 < failed.count && failed[key >> 6] & (1 << UInt64(key & 63)) != 0
    }

    private mutating func rememberFailure(_ key: Int) {
        if failed.isEmpty {
            // Room for every screen and every list of successors (at most one per screen).
            failed = Array(repeating: 0, count: (2 * index.screens.count * (RouteGraph.maximumSegments + 1) + 63) / 64)
        }
        failed[key >> 6] |= 1 << UInt64(key & 63)
    }

    /// Matches the pattern of `candidate` (`info`) at `position`, then the rest of the walk.
    private mutating func match(_ candidate: Int, _ info: LinkIndex.ScreenInfo, at position: Int, firstMatched: Bool) -> Bool {
        let length = Int(info.pattern.count)
        let mark = slotCount
        var next = position + length
        for offset in (firstMatched ? 1 : 0)..<length {
            let segment = index.segments[Int(info.pattern.start) + offset]
            let text = segmentText(position + offset)
            if segment.kind == .literal {
                guard index.matches(text, literal: segment) else {
                    slotCount = mark
                    return false
                }
            } else if segment.kind == .rest {
                // Last in its pattern: it takes every segment left.
                append(Slot(kind: .rest, text: .empty, firstSegment: Int32(position + offset)))
                next = segmentCount
            } else {
                guard let slot = index.slot(text, as: segment) else {
                    note(depth: position + offset, priority: 3, .pathMismatch(screen: Int32(candidate), segment: Int32(offset)))
                    slotCount = mark
                    return false
                }
                append(slot)
            }
        }
        for _ in 0..<Int(info.query.count) { append(.absent) }
        appendStep(candidate, valueStart: mark)
        if info.isPresentation, next < segmentCount {
            note(depth: next, priority: 2, .followsPresentation(screen: Int32(candidate)))
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
        return position + Int(info.pattern.count) <= segmentCount && matchesStart(of: info, at: position, count: Int(info.pattern.count))
    }

    /// Whether the `count` segments from `position` on match the first `count` segments of
    /// the pattern of `info` (the first `skipping` of them taken as matched already).
    func matchesStart(of info: LinkIndex.ScreenInfo, at position: Int, count: Int, skipping: Int = 0) -> Bool {
        for offset in skipping..<count {
            let segment = index.segments[Int(info.pattern.start) + offset]
            let text = segmentText(position + offset)
            let matches = segment.kind == .literal ? index.matches(text, literal: segment) : index.converts(text, as: segment)
            guard matches else { return false }
        }
        return true
    }

    // MARK: - Why a link does not resolve

    /// Records that the link ends inside the pattern of `candidate` (at `position`), when the
    /// segments it has match the pattern's start: the screen fits, and what is missing is
    /// its last segments.
    mutating func noteIncomplete(_ candidate: Int, at position: Int, firstMatched: Bool) {
        guard position < segmentCount else { return }
        let last = segmentCount - 1
        if let failure, failure.depth > last || (failure.depth == last && failure.priority >= 3) { return }
        let skipping = firstMatched ? 1 : 0
        guard matchesStart(of: index.screens[candidate], at: position, count: segmentCount - position, skipping: skipping) else { return }
        note(depth: last, priority: 3, .incomplete(screen: Int32(candidate), missing: Int32(segmentCount - position)))
    }

    /// Records why nothing matched at `position` after `screen`: the first screen of the
    /// flow (in declaration order) that would match there but may not follow `screen`,
    /// or no screen at all.
    mutating func noteDeadEnd(after screen: Int, at position: Int) {
        guard failure.map({ position > $0.depth || (position == $0.depth && $0.priority < 1) }) ?? true else { return }
        let info = index.screens[screen]
        if info.isPresentation {
            note(depth: position, priority: 2, .followsPresentation(screen: Int32(screen)))
        } else if info.flow >= 0, let other = firstScreen(inFlow: Int(info.flow), matchingAt: position) {
            note(depth: position, priority: 1, .edgeNotAllowed(screen: Int32(other), after: Int32(screen)))
        } else {
            note(depth: position, priority: 1, .unknownScreen(after: Int32(screen)))
        }
    }

    /// The non-root screen of `flow` that the segment at `position` reads as: the first, in
    /// precedence order (as the walk would try them), whose pattern matches there. Those
    /// starting with that literal come before any starting with a parameter.
    func firstScreen(inFlow flow: Int, matchingAt position: Int) -> Int? {
        func first(in run: LinkIndex.Run) -> Int? {
            for offset in 0..<Int(run.count) {
                let screen = index.screen(in: run, at: offset)
                if matchesPattern(screen, at: position) { return screen }
            }
            return nil
        }
        if let literal = index.lookup(.flowScreens(flow: flow), segmentText(position)), let screen = first(in: literal) {
            return screen
        }
        return first(in: index.flows[flow].parameterFirst)
    }

    /// Records a problem at segment `depth` (0-based) unless a deeper or more specific one
    /// is already recorded.
    mutating func note(depth: Int, priority: Int, _ kind: LinkProblem.Kind) {
        if let failure, failure.depth > depth || (failure.depth == depth && failure.priority >= priority) { return }
        failure = Failure(
            depth: depth, priority: priority,
            problem: LinkProblem(kind, range: range(depth), segment: depth + 1)
        )
    }
}
