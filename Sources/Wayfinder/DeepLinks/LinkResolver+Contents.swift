/// A parameter value while the walk may still back up: its kind and where its decoded bytes are
/// in the resolver's text, so that matching and backing up allocate nothing. It becomes a
/// ``ParameterValue`` at the end.
///
/// (The one-byte fields come last: then an absent slot is all zero bytes, and a resolver's
/// slots start out as one `memset`.)
struct Slot {
    /// The decoded bytes, in ``LinkResolver/text``.
    var text: Range<Int>
    /// For an int, its value; for a rest parameter, the path segment it starts at.
    var number = 0
    /// The parameter's kind; `.literal` for a value the link leaves out.
    var kind: LinkIndex.Kind
    /// For a query parameter, whether the link's query has named it (a second time is refused).
    var isNamed = false

    static var absent: Slot { Slot(text: 0..<0, kind: .literal) }
}

extension LinkResolver {
    /// The value `slot` holds (converted when it was matched, so it converts again).
    mutating func value(of slot: Slot) -> ParameterValue? {
        switch slot.kind {
        case .literal: nil
        case .string, .oneOf: .string(text.span.extracting(slot.text).string)
        case .int: .int(slot.number)
        case .rest: .segments((slot.number..<segmentCount).map { text.span.extracting(segments[$0]).string })
        default: slot.kind.type.flatMap { type in ParameterValue(bytes: text.span.extracting(slot.text), as: type) }
        }
    }

    /// Checks the resolver's own rules once a link is resolved: segments decoded within the
    /// limit, every step a screen with its values among `values`, a rest parameter within the
    /// path; `true` when they hold. Called through `assert`, in debug builds (as the tests
    /// run), with a copy of the values (an optimized build with a span here crashes Swift
    /// 6.3.1's optimizer). No index depends on these rules: the resolver's storage checks every index
    /// itself, in every build.
    func _checkInvariants(values: [Slot]) -> Bool {
        precondition(written <= text.count && scan.slashCount >= segmentCount, "scan out of the link")
        for position in 0..<segmentCount {
            precondition(segments[position].upperBound <= written, "segment past the decoded text")
            precondition(segments[position].count <= RouteGraph.maximumValueLength, "segment too long")
        }
        for position in 0..<stepCount {
            let screen = Int(steps[position].screen)
            precondition(screen < index.screens.count, "step of no screen")
            let info = index.screens[screen]
            let end = Int(steps[position].valueStart) + info.pathParameterCount + info.query.count
            precondition(end <= values.count, "step's values past the values")
        }
        for position in 0..<values.count {
            let value = values[position]
            precondition(value.text.upperBound <= written, "value past the decoded text")
            precondition(value.kind != .rest || value.number <= segmentCount, "rest past the path")
        }
        return true
    }
}

extension RouteGraph {
    /// Checks the invariants of the graph's link index, for tests and fuzzers.
    package func _checkInvariants() {
        linkIndex._checkInvariants()
    }
}
