@_spi(RouteTools) import Wayfinder
import WayfinderSystem

/// What the patterns of a table say about links read more than one way.
///
/// Resolution is deterministic whatever the table (literals before typed parameters before
/// strings, longer patterns first), but some tables let one link have several readings,
/// and then a state reached by intents may print to a link that reads as another state.
/// The rules that keep every link and every state a round trip:
///
/// - **Refused** (errors): a screen that declares query parameters and can appear twice in
///   one stack (its keys would repeat in a link); a literal segment (or a word of a set)
///   that reads as a value of a sibling screen's int, double or uuid parameter at the same
///   place (`item/7` beside `item/{n:int}`: `item/07` would be `n = 7`, which prints as
///   `item/7`); an int beside a double at the same place (`7.0` is the double 7, printed `7`).
/// - **Warned about** (the route tools' `RouteGraph.warnings`): screens that may follow the same screen and
///   whose patterns can match the same segments (`{a:int}` and `{a:int}/{b:int}`, `new` and
///   `{slug:string}`), in groups: the screens joined by such overlaps, one warning each. Links
///   still resolve by precedence; intents that would build a state whose link reads back as
///   another are refused (``Navigator``).
extension RouteGraph {
    /// The errors of the rules above, for ``init(parsing:file:)``.
    func roundTripErrors() -> [RoutesDiagnostic] {
        var result: [RoutesDiagnostic] = []
        forEachOverlapInAnotherSpelling { first, second, after, overlap in
            let both = "after '\(after.name)', '\(first.patternText)' (screen '\(first.name)') and '\(second.patternText)' (screen '\(second.name)') compete for the same segments"
            switch overlap {
            case .alike:
                return
            case .literalSpelling:
                result.append(RoutesDiagnostic(
                    second.location,
                    "\(both), and one's literal reads as the other's int, double or uuid value, which has other spellings; write the literal as a word"
                ))
            case .valueSpelling:
                result.append(RoutesDiagnostic(
                    second.location,
                    "\(both), and a value one reads in another of its spellings (7.0 for the double 7, 07 for the int 7) prints as the other's; tell them apart by a literal"
                ))
            }
        }
        // By place, as the warnings are: the pairs are found in no particular order.
        result.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        for screen in screensOnCycles() where !screen.query.isEmpty {
            result.append(RoutesDiagnostic(
                screen.location,
                "screen '\(screen.name)' declares query parameters and can appear twice in one stack (it can follow itself through its successors): its query keys would repeat in a link; move the query to a screen that cannot repeat"
            ))
        }
        return result
    }

    /// How two patterns, or two segments at one place, can match the same segments; the
    /// later cases win along a pattern.
    enum Overlap: Comparable {
        /// Precedence settles which reads a link: a warning.
        case alike
        /// A value of one, in another of its spellings, reads as a value of the other
        /// (`{n:int}` beside `{x:double}`: `7.0` is the double 7, which prints as `7`, the int).
        case valueSpelling
        /// A literal of one reads as a value of the other that has other spellings (`item/7`
        /// beside `item/{n:int}`): `item/07` would print as `item/7`, the literal.
        case literalSpelling
    }

    /// Calls `body` for each pair of screens (in declaration order) that may follow the
    /// same screen and whose patterns can match the same segments in another spelling, with
    /// how they overlap. Each pair is reported once, with the first screen they may both follow.
    /// - Complexity: About the table's size plus, for patterns with an int, double or uuid
    ///   (as a parameter, a literal or a word of a set), the part of the trie of their list of
    ///   successors they overlap up to it (see ``PatternTrie/overlappingInAnotherSpelling(_:)``).
    func forEachOverlapInAnotherSpelling(_ body: (Screen, Screen, Screen, Overlap) -> Void) {
        var reported: Set<Int> = []
        var searched: Set<[Int]> = []
        for (position, screen) in screens.enumerated() {
            let next = successors[position]
            guard next.count > 1,
                  next.contains(where: { screens[$0].pattern.contains(where: Self.canOverlapInAnotherSpelling) }),
                  searched.insert(next).inserted
            else { continue }
            var trie = PatternTrie()
            for candidate in next {
                for other in trie.overlappingInAnotherSpelling(screens[candidate].pattern) {
                    let (first, second) = other < candidate ? (other, candidate) : (candidate, other)
                    guard reported.insert(first * screens.count + second).inserted,
                          let overlap = Self.overlap(screens[first].pattern, screens[second].pattern)
                    else { continue }
                    body(screens[first], screens[second], screen, overlap)
                }
                trie.insert(screens[candidate].pattern, screen: candidate)
            }
        }
    }

    /// Whether two patterns can match the same segments over the length they share:
    /// `nil` when they cannot; otherwise how (a literal spelling anywhere along them first,
    /// then a value spelling).
    static func overlap(_ left: [Segment], _ right: [Segment]) -> Overlap? {
        var result = Overlap.alike
        for (a, b) in zip(left, right) {
            guard let here = overlap(a, b) else { return nil }
            result = max(result, here)
        }
        return result
    }

    /// Whether two segments at one place can match the same segment: `nil` when they cannot;
    /// otherwise how.
    static func overlap(_ left: Segment, _ right: Segment) -> Overlap? {
        switch (left, right) {
        case (.literal(let x), .literal(let y)):
            return x == y ? .alike : nil
        case (.literal(let word), .parameter(_, let type)), (.parameter(_, let type), .literal(let word)):
            guard ParameterValue(parsing: word, as: type) != nil else { return nil }
            return type.hasSeveralSpellings ? .literalSpelling : .alike
        case (.parameter(_, let x), .parameter(_, let y)):
            guard canShareValue(x, y) else { return nil }
            return spellsAnother(x, y) ? .valueSpelling : .alike
        }
    }

    /// Whether a segment can overlap another in another spelling (``Overlap/literalSpelling``
    /// or ``Overlap/valueSpelling``): an int, double or uuid parameter, or a literal or a set
    /// with a word that reads as one of those.
    static func canOverlapInAnotherSpelling(_ segment: Segment) -> Bool {
        func readsAsSpelledValue(_ word: String) -> Bool {
            ParameterType.named.contains { $0.hasSeveralSpellings && ParameterValue(parsing: word, as: $0) != nil }
        }
        switch segment {
        case .literal(let word):
            return readsAsSpelledValue(word)
        case .parameter(_, .oneOf(let words)):
            return words.contains(where: readsAsSpelledValue)
        case .parameter(_, let type):
            return type.hasSeveralSpellings
        }
    }

    /// Whether a value of one type, written in another of its spellings, reads as a value
    /// of the other: an int or double beside the other, or a set with a word that reads as
    /// an int, double or uuid beside that type.
    private static func spellsAnother(_ x: ParameterType, _ y: ParameterType) -> Bool {
        switch (x, y) {
        case (.int, .double), (.double, .int):
            true
        case (.oneOf(let words), let other), (let other, .oneOf(let words)):
            other.hasSeveralSpellings && words.contains { ParameterValue(parsing: $0, as: other) != nil }
        default:
            false
        }
    }

    /// Whether one segment can read as a value of both types.
    static func canShareValue(_ x: ParameterType, _ y: ParameterType) -> Bool {
        switch (x, y) {
        case (.string, _), (_, .string), (.rest, _), (_, .rest):
            true
        case (.oneOf(let left), .oneOf(let right)):
            left.contains(where: right.contains)
        case (.oneOf(let words), let other), (let other, .oneOf(let words)):
            words.contains { ParameterValue(parsing: $0, as: other) != nil }
        case (.int, .double), (.double, .int):
            true
        default:
            x == y
        }
    }

    /// The screens that can appear twice in one stack: those on a cycle of the
    /// predecessor relation (Tarjan's strongly connected components, without recursion).
    private func screensOnCycles() -> [Screen] {
        let count = screens.count
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        var onCycle = [Bool](repeating: false, count: count)
        for start in 0..<count where order[start] < 0 {
            // Each frame: a screen and how many of its successors have been looked at.
            var frames: [(screen: Int, next: Int)] = [(start, 0)]
            order[start] = counter
            low[start] = counter
            counter += 1
            stack.append(start)
            onStack[start] = true
            while let frame = frames.last {
                let following = successors[frame.screen]
                if frame.next < following.count {
                    frames[frames.count - 1].next += 1
                    let successor = following[frame.next]
                    if successor == frame.screen { onCycle[successor] = true }
                    if order[successor] < 0 {
                        order[successor] = counter
                        low[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        low[frame.screen] = min(low[frame.screen], order[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    low[parent.screen] = min(low[parent.screen], low[frame.screen])
                }
                guard low[frame.screen] == order[frame.screen] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == frame.screen { break }
                }
                if component.count > 1 { for member in component { onCycle[member] = true } }
            }
        }
        return screens.indices.filter { onCycle[$0] }.map { screens[$0] }
    }
}
