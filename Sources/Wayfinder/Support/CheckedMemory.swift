/// The engine's only unsafe code: views of bytes the resolver reads without copying them or
/// counting references, and the temporary memory it works in. Everything else reads them
/// through these types, whose every access is checked against its bounds in debug builds,
/// tests and fuzzers (`WAYFINDER_CHECKED`), where a wrong index traps instead of reading
/// past the memory.
///
/// Invariants (``ByteView/_checkInvariants()``, ``WorkBuffer/_checkInvariants()``):
/// - A view has a count of at least zero, and a start whenever its count is not zero.
/// - A view is made only here, from memory that lives for the call handing it out (a link's
///   bytes in ``withBytes(of:_:)``, temporary memory in ``withWorkspace(_:_:)``), and of
///   parts of such views; it is used only inside that call (the resolver keeps none).
/// - A buffer's elements are plain values (`BitwiseCopyable`), so nothing is deinitialized.

/// Traps when `condition` is false, in debug builds, tests and fuzzers.
@inline(__always)
func checkBounds(_ condition: @autoclosure () -> Bool, _ message: String) {
    #if DEBUG || WAYFINDER_CHECKED
    precondition(condition(), message)
    #endif
}

extension Span where Element == UInt8 {
    /// The little-endian integer at `offset` (no alignment needed).
    @inline(__always)
    func load<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type, at offset: Int) -> T {
        checkBounds(offset >= 0 && offset + MemoryLayout<T>.size <= count, "load out of range")
        return T(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: T.self))
    }
}

/// Read-only bytes, viewed in place: a link, or a part of one, or decoded text.
@safe struct ByteView {
    private let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) {
        unsafe self.buffer = buffer
    }

    /// No bytes.
    static var empty: ByteView { unsafe ByteView(UnsafeBufferPointer(start: nil, count: 0)) }

    var count: Int { unsafe buffer.count }
    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        checkBounds(index >= 0 && index < count, "byte index out of range")
        return unsafe buffer[index]
    }

    /// The bytes in `range`, viewed in place.
    @inline(__always)
    func extracting(_ range: Range<Int>) -> ByteView {
        checkBounds(range.lowerBound >= 0 && range.upperBound <= count, "byte range out of range")
        return unsafe ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Runs `body` with the bytes as a span.
    @inline(__always)
    func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        let span = unsafe buffer.span
        return body(span)
    }

    func contains(_ byte: UInt8) -> Bool { withSpan { $0.contains(byte) } }

    /// The bytes as a `String`, repaired as `String(decoding:as:)` does (they are valid).
    var string: String { unsafe String(decoding: buffer, as: UTF8.self) }

    /// Checks the invariants above that a view can see.
    func _checkInvariants() {
        precondition(unsafe count >= 0 && (count == 0 || buffer.baseAddress != nil), "malformed byte view")
    }
}

/// Runs `body` with the UTF-8 bytes of `text` (its own, when it has them in one piece).
@inline(__always)
func withBytes<Result>(of text: String, _ body: (ByteView) -> Result) -> Result {
    if let result = unsafe text.utf8.withContiguousStorageIfAvailable({ unsafe body(ByteView($0)) }) { return result }
    var copy = text
    return copy.withUTF8 { unsafe body(ByteView($0)) }
}

/// Runs `body` with `bytes`, in one piece (copied when they are not).
@inline(__always)
func withBytes<Result>(of bytes: some Collection<UInt8>, _ body: (ByteView) -> Result) -> Result {
    if let result = bytes.withContiguousStorageIfAvailable({ unsafe body(ByteView($0)) }) { return result }
    return unsafe Array(bytes).withUnsafeBufferPointer { unsafe body(ByteView($0)) }
}

/// A fixed number of plain values in temporary memory, read and written by index; each
/// index is checked against the count in debug builds, tests and fuzzers only (see above).
@safe struct WorkBuffer<Element: BitwiseCopyable> {
    private let buffer: UnsafeMutableBufferPointer<Element>

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        unsafe self.buffer = buffer
    }

    var count: Int { unsafe buffer.count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            checkBounds(index >= 0 && index < count, "buffer index out of range")
            return unsafe buffer[index]
        }
        nonmutating set {
            checkBounds(index >= 0 && index < count, "buffer index out of range")
            unsafe buffer[index] = newValue
        }
    }

    func _checkInvariants() {
        precondition(unsafe count >= 0 && (count == 0 || buffer.baseAddress != nil), "malformed buffer")
    }
}

extension WorkBuffer where Element == UInt8 {
    /// The bytes in `range`, viewed in place (they must not be written while the view is used).
    func view(_ range: Range<Int>) -> ByteView {
        checkBounds(range.lowerBound >= 0 && range.upperBound <= count, "buffer range out of range")
        return unsafe ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Runs `body` with the bytes in `range` as a mutable span.
    func withMutableSpan<Result>(_ range: Range<Int>, _ body: (inout MutableSpan<UInt8>) -> Result) -> Result {
        checkBounds(range.lowerBound >= 0 && range.upperBound <= count, "buffer range out of range")
        var span = unsafe UnsafeMutableBufferPointer(rebasing: buffer[range]).mutableSpan
        return body(&span)
    }
}

/// The resolver's working memory: each path segment's bytes, the matched steps, the
/// parameter slots, the query's seen-flags and the decoded text, carved from one temporary
/// (stack) allocation.
struct Workspace {
    let segments: WorkBuffer<ByteView>
    let slots: WorkBuffer<Slot>
    let steps: WorkBuffer<ResolvedLink.Step>
    let seen: WorkBuffer<Bool>
    let text: WorkBuffer<UInt8>
}

/// Runs `body` with a workspace of `segments` segments, `slots` slots (and as many seen-flags),
/// `segments + 1` steps and `text` bytes; its memory is gone when `body` returns.
@inline(__always)
func withWorkspace<Result>(_ size: (segments: Int, slots: Int, text: Int), _ body: (Workspace) -> Result) -> Result {
    let steps = size.segments + 1
    // Largest alignment first, so that each part starts aligned.
    let total = MemoryLayout<ByteView>.stride * size.segments + MemoryLayout<Slot>.stride * size.slots
        + MemoryLayout<ResolvedLink.Step>.stride * steps + size.slots + size.text
    return unsafe withUnsafeTemporaryAllocation(byteCount: max(1, total), alignment: 16) { memory in
        var offset = 0
        func carve<Element: BitwiseCopyable>(_: Element.Type, _ count: Int) -> WorkBuffer<Element> {
            let end = offset + MemoryLayout<Element>.stride * count
            checkBounds(end <= memory.count, "workspace overflow")
            // A slice of the allocation, never its base address unwrapped: the part is
            // `count` elements long whatever the sizes were.
            let part = unsafe UnsafeMutableRawBufferPointer(rebasing: memory[offset..<end]).bindMemory(to: Element.self)
            offset = end
            return unsafe WorkBuffer(part)
        }
        return body(Workspace(
            segments: carve(ByteView.self, size.segments), slots: carve(Slot.self, size.slots),
            steps: carve(ResolvedLink.Step.self, steps), seen: carve(Bool.self, size.slots),
            text: carve(UInt8.self, size.text)
        ))
    }
}

/// Runs `body` with `count` values of temporary memory, not initialized: each must be
/// written before it is read.
@inline(__always)
func withWorkBuffer<Element: BitwiseCopyable, Result>(
    of _: Element.Type, count: Int, _ body: (WorkBuffer<Element>) -> Result
) -> Result {
    unsafe withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { unsafe body(WorkBuffer($0)) }
}
