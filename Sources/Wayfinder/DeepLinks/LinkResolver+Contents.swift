/// A parameter value while the walk may still back up: its kind and its decoded bytes (a
/// view of the link or of the workspace's text), so that matching and backing up cost no
/// allocation. It becomes a ``ParameterValue`` once the link has resolved.
struct Slot {
    /// The parameter's kind; `.literal` for a value the link leaves out.
    var kind: LinkIndex.Kind
    var text: ByteView
    /// For an int, its value; for a rest parameter, the path segment it starts at (it takes
    /// every one after it).
    var number = 0

    static var absent: Slot { Slot(kind: .literal, text: .empty) }
}

extension LinkResolver {
    /// The value `slot` holds (converted when it was matched, so it converts again).
    func value(of slot: Slot) -> ParameterValue? {
        switch slot.kind {
        case .literal: nil
        case .string, .oneOf: .string(slot.text.string)
        case .int: .int(slot.number)
        case .rest: .segments((slot.number..<segmentCount).map { segmentText($0).string })
        default: slot.kind.type.flatMap { type in slot.text.withSpan { ParameterValue(bytes: $0, as: type) } }
        }
    }

    /// Checks what the resolver keeps in its workspace: counts within the buffers, every
    /// view well formed and no longer than a value may be, every step a screen of the index
    /// whose values start within the slots. Run on each resolution in debug builds, tests
    /// and fuzzers.
    func _checkInvariants() {
        precondition(segmentCount <= workspace.segments.count && stepCount <= steps.count && slotCount <= slots.count)
        precondition(slashCount >= 0 && queryStart <= bytes.count, "scan out of the link")
        bytes._checkInvariants()
        for position in 0..<segmentCount {
            segmentText(position)._checkInvariants()
            precondition(segmentText(position).count <= RouteGraph.maximumValueLength, "segment too long")
        }
        for position in 0..<stepCount {
            precondition(Int(steps[position].screen) < index.screens.count, "step of no screen")
            precondition(Int(steps[position].valueStart) <= slotCount, "step's values past the slots")
        }
        for position in 0..<slotCount {
            slots[position].text._checkInvariants()
            precondition(slots[position].kind != .rest || slots[position].number <= segmentCount, "rest past the path")
        }
    }
}

extension RouteGraph {
    /// Checks the invariants of the graph's link index (see ``LinkIndex/_checkInvariants()``),
    /// for tests and fuzzers.
    package func _checkInvariants() {
        links._checkInvariants()
    }
}
