/// A parameter value while the walk may still back up: its kind and its decoded bytes (a view),
/// so that matching and backing up allocate nothing. It becomes a ``ParameterValue`` at the end.
struct Slot {
    /// The parameter's kind; `.literal` for a value the link leaves out.
    var kind: LinkIndex.Kind
    var text: ByteView
    /// For an int, its value; for a rest parameter, the path segment it starts at.
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

    /// Checks the workspace (on each resolution in debug builds, tests and fuzzers): counts within the
    /// buffers, views well formed and not too long, every step a screen with its values in the slots.
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
    /// Checks the invariants of the graph's link index, for tests and fuzzers.
    package func _checkInvariants() {
        linkIndex._checkInvariants()
    }
}
