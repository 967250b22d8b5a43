@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// What a trace says about the screens it walked: the parts of a ``LinkExplanation``.
extension LinkTrace {
    /// The name `screen` is shown by (an alias's screen as the screen it stands for), and the alias.
    func name(_ screen: Int) -> (name: String, alias: RouteAlias?) {
        let name = graph.screens[screen].name
        guard let alias = aliasScreens[name] else { return (name, nil) }
        return (alias.screen, alias)
    }

    /// The pattern `screen` read with, as written.
    func patternText(_ screen: Int) -> String { graph.screens[screen].patternText }

    /// The segments `path` read, numbered as errors number them.
    func readings(of path: Path) -> [LinkExplanation.SegmentReading] {
        var readers = Array(repeating: LinkExplanation.Reader.unread, count: count)
        for (step, (screen, start)) in path.enumerated() {
            let shown = name(screen).name
            if step == 0 {
                if start == 1 { readers[0] = .tab(screen: shown) }
                continue
            }
            for (offset, segment) in graph.screens[screen].pattern.enumerated() where start + offset < count {
                switch segment {
                case .literal: readers[start + offset] = .literal(screen: shown)
                case .parameter(let parameter, let type):
                    let positions = type == .rest ? (start + offset)..<count : (start + offset)..<(start + offset + 1)
                    for position in positions { readers[position] = .parameter(screen: shown, name: parameter, type: type) }
                }
            }
        }
        let flow = isWeb ? [LinkExplanation.SegmentReading(index: 1, text: host, reader: .flow)] : []
        return flow + readers.indices.map { LinkExplanation.SegmentReading(index: number($0), text: text($0), reader: readers[$0]) }
    }

    /// The steps of `path`, each with the segments it read and its rivals.
    func steps(of path: Path) -> [LinkExplanation.Step] {
        path.indices.map { step in
            let (screen, start) = path[step]
            let (shown, alias) = name(screen)
            guard step > 0 else {
                let segments = start == 1 ? number(0)...number(0) : nil
                return LinkExplanation.Step(screen: shown, pattern: "", segments: segments, alias: nil, rivals: [])
            }
            let end = self.end(of: screen, at: start) ?? start
            return LinkExplanation.Step(
                screen: shown, pattern: patternText(screen), segments: end > start ? number(start)...number(end - 1) : nil,
                alias: alias, rivals: rivals(of: screen, after: path[step - 1].screen, at: start)
            )
        }
    }

    /// The other successors of `previous` whose patterns match at `position`, where `chosen` was.
    private func rivals(of chosen: Int, after previous: Int, at position: Int) -> [LinkExplanation.Rival] {
        let successors = graph.successors[previous]
        let place = successors.firstIndex(of: chosen) ?? successors.count
        return successors.enumerated().compactMap { order, other in
            guard other != chosen, end(of: other, at: position) != nil else { return nil }
            let outcome: LinkExplanation.Rival.Outcome = order < place ? .triedFirst
                : .outranked(RouteGraph.precedenceRule(graph.screens[chosen], over: graph.screens[other], at: number(position)) ?? .name)
            return LinkExplanation.Rival(screen: name(other).name, pattern: patternText(other), outcome: outcome)
        }
    }

    /// What was tried after `screen` at `position`, where a walk stopped: each successor and
    /// why it did not read on, then the screens of the flow that read there but may not follow.
    func attempts(after screen: Int, at position: Int) -> [LinkExplanation.Attempt] {
        guard position < count, !isPresentation(screen) else { return [] }
        let successors = graph.successors[screen]
        var attempts = successors.map { next in
            let (segment, reason) = failure(of: next, at: position)
            return LinkExplanation.Attempt(screen: name(next).name, pattern: patternText(next), segment: segment, reason: reason)
        }
        let flow = graph.screens[screen].flow
        for other in graph.screens.indices where graph.screens[other].flow == flow && graph.screens[other].kind != .root
            && !successors.contains(other) && end(of: other, at: position) != nil {
            let reason = "segment \(number(position)) '\(text(position))' reads as it, but it cannot follow '\(name(screen).name)'"
            attempts.append(LinkExplanation.Attempt(screen: name(other).name, pattern: patternText(other), segment: number(position), reason: reason))
        }
        return attempts
    }

    /// The segment where `screen`'s pattern, from `position` on, fails to read on, and why.
    func failure(of screen: Int, at position: Int) -> (segment: Int, reason: String) {
        let declared = graph.screens[screen].pattern
        for offset in declared.indices {
            let place = position + offset
            guard place < count else {
                let missing = declared[offset...].map { segment in
                    if case .parameter(let parameter, let type) = segment { return "'\(parameter)' (\(type.declaration))" }
                    return "'\(segment)'"
                }
                let verb = missing.count == 1 ? "is" : "are"
                return (number(count - 1), "the link ends inside its pattern: \(missing.joined(separator: ", ")) \(verb) missing")
            }
            if case .parameter(_, .rest) = declared[offset] { break }
            guard !matches(place, screen: screen, offset: offset) else { continue }
            let written = "segment \(number(place)) '\(text(place))'"
            switch declared[offset] {
            case .literal(let word): return (number(place), "\(written) is not '\(word)'")
            case .parameter(let parameter, let type): return (number(place), "\(written) is not \(type.phrase) ('\(parameter)')")
            }
        }
        let end = self.end(of: screen, at: position) ?? count
        if isPresentation(screen), end < count {
            return (number(end), "segment \(number(end)) '\(text(end))' follows it, but nothing can follow a sheet or alert")
        }
        return (number(min(end, count - 1)), "it reads up to segment \(number(end - 1)), but the rest of the link does not read after it")
    }
}
