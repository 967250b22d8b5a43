/// A resolved link's contents when they do not fit in place (see ``LinkContents``): the
/// steps, the values and their text, copied from the workspace into one allocation.
extension LinkResolver {
    /// The steps and slots of the walk, stored.
    func storedContents() -> LinkContents {
        var textCount = 0
        for position in 0..<slotCount {
            switch slots[position] {
            case .string(let text): textCount += text.count
            case .rest(let first, let count): textCount += restLength(first, count)
            default: break
            }
        }
        return LinkContents(stepCount: stepCount, valueCount: slotCount, textCount: textCount) { bytes in
            UnsafeMutableRawPointer(bytes).copyMemory(
                from: steps.baseAddress!, byteCount: stepCount * MemoryLayout<ResolvedLink.Step>.stride
            )
            let values = LinkContents.valueOffset(steps: stepCount)
            let text = bytes + LinkContents.textOffset(steps: stepCount, values: slotCount)
            var written = 0
            for position in 0..<slotCount {
                let packed = if case .rest(let first, let count) = slots[position] {
                    packRest(first, count, text: text, written: &written)
                } else {
                    slots[position].packed(text: text, written: &written)
                }
                bytes.storeBytes(
                    of: packed,
                    toByteOffset: values + position * MemoryLayout<PackedValue>.stride, as: PackedValue.self
                )
            }
        }
    }

    /// The length of a rest parameter's value as ``LinkContents`` keeps it: the decoded
    /// bytes of `count` segments from `first`, separated by a zero byte.
    func restLength(_ first: Int, _ count: Int) -> Int {
        (first..<(first + count)).reduce(count - 1) { $0 + segmentText($1).count }
    }

    /// Writes a rest parameter's value (see ``restLength(_:_:)``) to `text` at `written`.
    @inline(never)
    func packRest(_ first: Int, _ count: Int, text: UnsafeMutableRawPointer, written: inout Int) -> PackedValue {
        let start = written
        for position in first..<(first + count) {
            if position > first {
                text.storeBytes(of: 0, toByteOffset: written, as: UInt8.self)
                written += 1
            }
            let segment = segmentText(position)
            if let base = segment.baseAddress { (text + written).copyMemory(from: base, byteCount: segment.count) }
            written += segment.count
        }
        return PackedValue(kind: .segments, first: UInt64(start), second: UInt64(written - start))
    }
}
