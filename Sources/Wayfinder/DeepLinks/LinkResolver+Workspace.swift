/// A parameter value while the walk may still back up: plain numbers and byte ranges
/// (into the link or the decoded text), so that matching and backing up cost no
/// allocation. They become ``ParameterValue``s once the link has resolved.
enum Slot {
    case absent
    case int(Int)
    /// A string, or a word of a set.
    case string(UnsafeBufferPointer<UInt8>)
    case uuid(UUIDValue)
    case bool(Bool)
    case double(Double)
    /// A rest parameter: `count` path segments from segment `first`.
    case rest(first: Int, count: Int)

    /// Converts decoded bytes to a parameter of `kind`; `nil` when they do not convert. A
    /// word of a set is checked against its words (`words`: the words separated by `|`); a
    /// rest parameter's segment is any segment (the walk gathers the segments).
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, as kind: LinkIndex.Kind, words: UnsafeBufferPointer<UInt8>) {
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
        case .bool, .double, .oneOf, .rest:
            guard let slot = Slot.converting(bytes, as: kind, words: words) else { return nil }
            self = slot
        }
    }

    /// ``init(_:as:words:)`` for the types links hold less often, kept out of the common path.
    @inline(never)
    private static func converting(_ bytes: UnsafeBufferPointer<UInt8>, as kind: LinkIndex.Kind, words: UnsafeBufferPointer<UInt8>) -> Slot? {
        switch kind {
        case .bool:
            ParameterValue.parseBool(bytes).map(Slot.bool)
        case .double:
            ParameterValue.parseDouble(bytes).map(Slot.double)
        case .oneOf:
            isWord(bytes, of: words) ? .string(bytes) : nil
        case .rest:
            bytes.isEmpty ? nil : .string(bytes)
        case .int, .string, .uuid, .literal:
            nil
        }
    }

    /// Whether `bytes` is one of `words` (separated by `|`), compared in place.
    private static func isWord(_ bytes: UnsafeBufferPointer<UInt8>, of words: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for end in 0...words.count where end == words.count || words[end] == UInt8(ascii: "|") {
            if end - start == bytes.count, UnsafeBufferPointer(rebasing: words[start..<end]).elementsEqual(bytes) { return true }
            start = end + 1
        }
        return false
    }

    /// The value as plain data; a string's bytes are copied to `text` at `written`. (A
    /// rest parameter is packed by the resolver, which has the segments.)
    func packed(text: UnsafeMutableRawPointer, written: inout Int) -> PackedValue {
        switch self {
        case .absent, .rest:
            return PackedValue(kind: .absent, first: 0, second: 0)
        case .int(let value):
            return PackedValue(kind: .int, first: UInt64(truncatingIfNeeded: value), second: 0)
        case .uuid(let value):
            return PackedValue(kind: .uuid, first: value.high, second: value.low)
        case .bool(let value):
            return PackedValue(kind: .bool, first: value ? 1 : 0, second: 0)
        case .double(let value):
            return PackedValue(kind: .double, first: value.bitPattern, second: 0)
        case .string(let bytes):
            (text + written).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            defer { written += bytes.count }
            return PackedValue(kind: .string, first: UInt64(written), second: UInt64(bytes.count))
        }
    }
}

/// The resolver's working memory, carved from one temporary (stack) allocation sized
/// for the link: each path segment's bytes (decoded, for a link with escapes), matched steps,
/// parameter slots, the query's seen-flags and the decoded text.
struct Workspace {
    struct Size {
        var segments: Int
        var steps: Int
        var slots: Int
        var text: Int
    }

    /// Segment `i`'s bytes: a view of the link, or of `text` where it was decoded.
    let segments: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    let steps: UnsafeMutableBufferPointer<ResolvedLink.Step>
    let slots: UnsafeMutableBufferPointer<Slot>
    let seen: UnsafeMutableBufferPointer<Bool>
    let text: UnsafeMutableBufferPointer<UInt8>

    /// Runs `body` with a workspace of `size`; its memory is gone when `body` returns.
    /// Every element type is trivial, so nothing needs deinitializing.
    @inline(__always)
    static func with<Result>(_ size: Size, _ body: (Workspace) -> Result) -> Result {
        // Largest alignment first, so that each part starts aligned.
        let segmentCount = max(1, size.segments)
        let slots = max(1, size.slots)
        let segmentBytes = MemoryLayout<UnsafeBufferPointer<UInt8>>.stride * segmentCount
        let slotsBytes = MemoryLayout<Slot>.stride * slots
        let stepsBytes = MemoryLayout<ResolvedLink.Step>.stride * size.steps
        let total = segmentBytes + slotsBytes + stepsBytes + slots + max(1, size.text)
        return withUnsafeTemporaryAllocation(byteCount: total, alignment: 16) { memory in
            let base = memory.baseAddress!
            var offset = 0
            let segments = (base + offset).bindMemory(to: UnsafeBufferPointer<UInt8>.self, capacity: segmentCount)
            offset += segmentBytes
            let slotMemory = (base + offset).bindMemory(to: Slot.self, capacity: slots)
            offset += slotsBytes
            let steps = (base + offset).bindMemory(to: ResolvedLink.Step.self, capacity: size.steps)
            offset += stepsBytes
            let seen = (base + offset).bindMemory(to: Bool.self, capacity: slots)
            offset += slots
            let text = (base + offset).bindMemory(to: UInt8.self, capacity: max(1, size.text))
            return body(Workspace(
                segments: UnsafeMutableBufferPointer(start: segments, count: segmentCount),
                steps: UnsafeMutableBufferPointer(start: steps, count: size.steps),
                slots: UnsafeMutableBufferPointer(start: slotMemory, count: slots),
                seen: UnsafeMutableBufferPointer(start: seen, count: slots),
                text: UnsafeMutableBufferPointer(start: text, count: max(1, size.text))
            ))
        }
    }
}
