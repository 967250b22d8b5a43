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
        var end = 0
        func place<T>(_: T.Type, _ count: Int) -> Range<Int> {
            let alignment = MemoryLayout<T>.alignment
            let start = (end + alignment - 1) / alignment * alignment
            end = start + MemoryLayout<T>.stride * max(1, count)
            return start..<end
        }
        let ranges = place(Range<Int>.self, size.segments)
        let decoded = place(UnsafeBufferPointer<UInt8>.self, size.segments)
        let slots = place(Slot.self, size.slots)
        let steps = place(ResolvedLink.Step.self, size.segments + 1)
        let seen = place(Bool.self, size.slots)
        let text = place(UInt8.self, size.text)
        return withUnsafeTemporaryAllocation(byteCount: end, alignment: 16) { memory in
            func carve<T>(_ range: Range<Int>, as type: T.Type) -> UnsafeMutableBufferPointer<T> {
                UnsafeMutableRawBufferPointer(rebasing: memory[range]).bindMemory(to: type)
            }
            return body(Workspace(
                ranges: carve(ranges, as: Range<Int>.self),
                decoded: carve(decoded, as: UnsafeBufferPointer<UInt8>.self),
                steps: carve(steps, as: ResolvedLink.Step.self),
                slots: carve(slots, as: Slot.self),
                seen: carve(seen, as: Bool.self),
                text: carve(text, as: UInt8.self)
            ))
        }
    }
}
