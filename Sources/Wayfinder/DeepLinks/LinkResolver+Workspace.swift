/// A parameter value while the walk may still back up: plain numbers and byte ranges
/// (into the link or the decoded text), so that matching and backing up cost no
/// allocation. They become ``ParameterValue``s once the link has resolved.
enum Slot {
    case absent
    case int(Int)
    case string(UnsafeBufferPointer<UInt8>)
    case uuid(UUIDValue)

    /// Converts decoded bytes to a parameter of `kind`; `nil` when they do not convert.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, as kind: LinkIndex.Kind) {
        switch kind {
        case .int:
            guard let value = ParameterValue.parseInt(bytes) else { return nil }
            self = .int(value)
        case .string:
            guard !bytes.isEmpty else { return nil }
            self = .string(bytes)
        case .uuid:
            guard let value = UUIDValue(bytes: bytes) else { return nil }
            self = .uuid(value)
        case .literal:
            return nil
        }
    }

    /// The value it holds.
    var value: ParameterValue? {
        switch self {
        case .absent: nil
        case .int(let value): .int(value)
        case .string(let bytes): .string(String(decoding: bytes, as: UTF8.self))
        case .uuid(let value): .uuid(value)
        }
    }
}

/// The resolver's working memory, carved from one temporary (stack) allocation sized
/// for the link: segment ranges and decoded views, matched steps, parameter slots, the
/// query's seen-flags and the decoded text.
struct Workspace {
    struct Size {
        var segments: Int
        var slots: Int
        var text: Int
    }

    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    let decoded: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    let steps: UnsafeMutableBufferPointer<ResolvedLink.Step>
    let slots: UnsafeMutableBufferPointer<Slot>
    let seen: UnsafeMutableBufferPointer<Bool>
    let text: UnsafeMutableBufferPointer<UInt8>

    /// Runs `body` with a workspace of `size`; its memory is gone when `body` returns.
    /// Every element type is trivial, so nothing needs deinitializing.
    static func with<Result>(_ size: Size, _ body: (Workspace) -> Result) -> Result {
        // Largest alignment first, so that each part starts aligned.
        let segments = max(1, size.segments)
        let slots = max(1, size.slots)
        let rangesBytes = MemoryLayout<Range<Int>>.stride * segments
        let decodedBytes = MemoryLayout<UnsafeBufferPointer<UInt8>>.stride * segments
        let slotsBytes = MemoryLayout<Slot>.stride * slots
        let stepsBytes = MemoryLayout<ResolvedLink.Step>.stride * (segments + 1)
        let total = rangesBytes + decodedBytes + slotsBytes + stepsBytes + slots + max(1, size.text)
        return withUnsafeTemporaryAllocation(byteCount: total, alignment: 16) { memory in
            let base = memory.baseAddress!
            var offset = 0
            let ranges = (base + offset).bindMemory(to: Range<Int>.self, capacity: segments)
            offset += rangesBytes
            let decoded = (base + offset).bindMemory(to: UnsafeBufferPointer<UInt8>.self, capacity: segments)
            offset += decodedBytes
            let slotMemory = (base + offset).bindMemory(to: Slot.self, capacity: slots)
            offset += slotsBytes
            let steps = (base + offset).bindMemory(to: ResolvedLink.Step.self, capacity: segments + 1)
            offset += stepsBytes
            let seen = (base + offset).bindMemory(to: Bool.self, capacity: slots)
            offset += slots
            let text = (base + offset).bindMemory(to: UInt8.self, capacity: max(1, size.text))
            return body(Workspace(
                ranges: UnsafeMutableBufferPointer(start: ranges, count: segments),
                decoded: UnsafeMutableBufferPointer(start: decoded, count: segments),
                steps: UnsafeMutableBufferPointer(start: steps, count: segments + 1),
                slots: UnsafeMutableBufferPointer(start: slotMemory, count: slots),
                seen: UnsafeMutableBufferPointer(start: seen, count: slots),
                text: UnsafeMutableBufferPointer(start: text, count: max(1, size.text))
            ))
        }
    }
}
