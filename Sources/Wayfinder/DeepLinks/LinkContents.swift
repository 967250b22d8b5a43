/// A resolved link's steps and parameter values.
///
/// Small links keep them in place, packed: up to six steps (16-bit screen and value start
/// each) and two values in two words, each an int or a string of up to 8 bytes (or one
/// string of up to 16). Making, copying and freeing such a link allocates nothing. Any
/// other link keeps them as plain bytes in one
/// ``LinkStorage``: `stepCount` steps (8 bytes each), then `valueCount` ``PackedValue``s,
/// then the bytes of the string values. Immutable once made; a string is made when its value
/// is read, as ``Route``s are.
///
/// The whole value is kept to 64 bytes: a larger in-place form (128 bytes were tried) was
/// copied each time the value moved, which cost more than the allocation it saved.
struct LinkContents {
    static let inlineStepCapacity = 6
    static let inlineValueCapacity = 2

    // Laid out to 56 bytes, a multiple of 8: counts and kinds share the first word, so a
    // result holding these (flow, tab, contents: 64 bytes) copies in whole words.
    /// At most ``RouteGraph/maximumSegments`` + 1.
    private let steps: UInt16
    /// In place: what each value is: 0 absent, 1 an int, `2 + n` a string of `n` bytes.
    private let valueKinds: (UInt8, UInt8)
    private let values: UInt32
    var stepCount: Int { Int(steps) }
    var valueCount: Int { Int(values) }
    /// The bytes, for a link that does not fit in place; never written after it is made.
    nonisolated(unsafe) private let storage: LinkStorage?
    /// In place: steps as 32-bit `screen << 16 | valueStart`, two to a word.
    private let packedSteps: (UInt64, UInt64, UInt64)
    /// In place: the values (an int, or a string's UTF-8 bytes, the first one's running on
    /// into the second word when it is the only value); see `valueKinds`.
    private let packedValues: (UInt64, UInt64)

    /// Contents of `stepCount` steps, `valueCount` values and `textCount` bytes of text,
    /// written by `write` through the pointer it is given (8-byte aligned, zeroed).
    init(stepCount: Int, valueCount: Int, textCount: Int, write: (UnsafeMutableRawPointer) -> Void) {
        steps = UInt16(stepCount)
        values = UInt32(valueCount)
        let size = LinkContents.textOffset(steps: stepCount, values: valueCount) + textCount
        storage = LinkStorage.make(byteCount: size, write: write)
        packedSteps = (0, 0, 0)
        packedValues = (0, 0)
        valueKinds = (0, 0)
    }

    /// Contents kept in place, when they fit: at most ``inlineStepCapacity`` steps whose
    /// screens and value starts are below 65,536, at most ``inlineValueCapacity`` values,
    /// each an int or absent. `nil` otherwise.
    @inline(__always)
    init?(steps: UnsafeBufferPointer<ResolvedLink.Step>, values: UnsafeBufferPointer<Slot>) {
        guard steps.count <= LinkContents.inlineStepCapacity, values.count <= LinkContents.inlineValueCapacity
        else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for (position, step) in steps.enumerated() {
            guard step.screen < 65_536, step.valueStart < 65_536 else { return nil }
            // Two steps to a word, the first in the low half, as `step(_:)` reads them (stored
            // through memory: shifting and or-ing them in cost a lookup about 60 instructions).
            let packed = UInt32(step.screen) << 16 | UInt32(step.valueStart)
            #if _endian(little)
            let offset = position * 4
            #else
            let offset = (position ^ 1) * 4
            #endif
            withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: packed, toByteOffset: offset, as: UInt32.self) }
        }
        var numbers: (UInt64, UInt64) = (0, 0)
        var kinds: (UInt8, UInt8) = (0, 0)
        let capacity = values.count == 1 ? 16 : 8
        for (position, value) in values.enumerated() {
            let kind: UInt8
            switch value {
            case .absent:
                kind = 0
            case .int(let number):
                if position == 0 { numbers.0 = UInt64(truncatingIfNeeded: number) } else { numbers.1 = UInt64(truncatingIfNeeded: number) }
                kind = 1
            case .string(let text):
                guard text.count <= capacity else { return nil }
                // The bytes in memory order, from the value's first word on, as `value(_:)` reads them.
                if let source = UnsafeRawBufferPointer(text).baseAddress {
                    withUnsafeMutableBytes(of: &numbers) { ($0.baseAddress! + position * 8).copyMemory(from: source, byteCount: text.count) }
                }
                kind = 2 + UInt8(text.count)
            case .uuid, .bool, .double, .rest:
                return nil
            }
            if position == 0 { kinds.0 = kind } else { kinds.1 = kind }
        }
        self.steps = UInt16(steps.count)
        self.values = UInt32(values.count)
        storage = nil
        packedSteps = words
        packedValues = numbers
        valueKinds = kinds
    }

    /// Where the values start.
    static func valueOffset(steps: Int) -> Int { steps * MemoryLayout<ResolvedLink.Step>.stride }

    /// Where the text starts.
    static func textOffset(steps: Int, values: Int) -> Int {
        valueOffset(steps: steps) + values * MemoryLayout<PackedValue>.stride
    }

    /// The `index`-th step.
    @inline(__always)
    func step(_ index: Int) -> ResolvedLink.Step {
        precondition(index >= 0 && index < stepCount, "step \(index) out of range")
        guard let storage else {
            let word = index < 2 ? packedSteps.0 : index < 4 ? packedSteps.1 : packedSteps.2
            let packed = UInt32(truncatingIfNeeded: word >> (index % 2 == 0 ? 0 : 32))
            return ResolvedLink.Step(screen: Int32(packed >> 16), valueStart: Int32(packed & 0xFFFF))
        }
        return storage.withUnsafeMutablePointerToElements { words in
            UnsafeRawPointer(words).load(fromByteOffset: index * MemoryLayout<ResolvedLink.Step>.stride, as: ResolvedLink.Step.self)
        }
    }

    /// The `index`-th value.
    func value(_ index: Int) -> ParameterValue? {
        precondition(index >= 0 && index < valueCount, "value \(index) out of range")
        guard let storage else {
            let kind = index == 0 ? valueKinds.0 : valueKinds.1
            switch kind {
            case 0:
                return nil
            case 1:
                return .int(Int(truncatingIfNeeded: index == 0 ? packedValues.0 : packedValues.1))
            default:
                return withUnsafeBytes(of: packedValues) { raw in
                    .string(String(decoding: raw[(index * 8)..<(index * 8 + Int(kind) - 2)], as: UTF8.self))
                }
            }
        }
        let valueOffset = LinkContents.valueOffset(steps: stepCount) + index * MemoryLayout<PackedValue>.stride
        let textOffset = LinkContents.textOffset(steps: stepCount, values: valueCount)
        return storage.withUnsafeMutablePointerToElements { words in
            let bytes = UnsafeRawPointer(words)
            let packed = bytes.load(fromByteOffset: valueOffset, as: PackedValue.self)
            switch packed.kind {
            case .int: return .int(Int(truncatingIfNeeded: packed.first))
            case .uuid: return .uuid(UUIDValue(high: packed.first, low: packed.second))
            case .absent: return nil
            case .bool: return .bool(packed.first != 0)
            case .double: return .double(Double(bitPattern: packed.first))
            case .string, .segments:
                let text = UnsafeRawBufferPointer(start: bytes + textOffset + Int(packed.first), count: Int(packed.second))
                guard packed.kind == .segments else { return .string(String(decoding: text, as: UTF8.self)) }
                return .segments(text.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }
}

/// One parameter value as plain data: an int, a bool, a double's bits, a uuid's two halves,
/// or a string's offset and length in the text (for a rest value, its segments separated by
/// a zero byte, which a decoded segment never holds).
struct PackedValue {
    enum Kind: UInt8 {
        case absent, int, string, uuid, bool, double, segments
    }

    var kind: Kind
    var first: UInt64
    var second: UInt64
}

/// The bytes of a ``LinkContents``: words, never written after ``make(byteCount:write:)``.
/// Its elements are plain data, so it needs no `deinit` of its own.
final class LinkStorage: ManagedBuffer<Void, UInt64> {
    static func make(byteCount: Int, write: (UnsafeMutableRawPointer) -> Void) -> LinkStorage {
        let words = (byteCount + 7) / 8
        let storage = unsafeDowncast(create(minimumCapacity: words) { _ in }, to: LinkStorage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            elements.initialize(repeating: 0, count: words)
            write(UnsafeMutableRawPointer(elements))
        }
        return storage
    }
}
