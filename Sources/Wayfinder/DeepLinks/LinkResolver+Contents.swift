/// A resolved link's contents, copied from the workspace into plain arrays.
extension LinkResolver {
    /// The steps and values of the walk.
    func contents() -> LinkContents {
        LinkContents(
            steps: (0..<stepCount).map { steps[$0] },
            values: (0..<slotCount).map { value(of: slots[$0]) }
        )
    }

    /// The value `slot` holds (converted when it was matched, so it converts again).
    private func value(of slot: Slot) -> ParameterValue? {
        switch slot.kind {
        case .literal: nil
        case .string, .oneOf: .string(slot.text.string)
        case .int: slot.text.withSpan(ParameterValue.parseInt).map(ParameterValue.int)
        case .uuid: slot.text.withSpan { UUIDValue(bytes: $0) }.map(ParameterValue.uuid)
        case .bool: slot.text.withSpan(ParameterValue.parseBool).map(ParameterValue.bool)
        case .double: slot.text.withSpan(ParameterValue.parseDouble).map(ParameterValue.double)
        case .rest: .segments((Int(slot.firstSegment)..<segmentCount).map { segmentText($0).string })
        }
    }
}
