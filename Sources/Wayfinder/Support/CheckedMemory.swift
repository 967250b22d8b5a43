/// The memory the resolver reads and works in, every access checked against its bounds in
/// every build.
///
/// A link's bytes are read as a `Span` (``withBytes(of:_:)-(String,_)``); the resolver
/// works in storage of its own whose capacities come from the link limits (`InlineArray`s:
/// see ``LinkResolver``), and in temporary memory for what the table alone bounds
/// (``withTemporarySpan(repeating:count:_:)``). `Span`, `MutableSpan` and `InlineArray`
/// check every index: a wrong one traps instead of reading or writing past the memory.
///
/// The engine's only `unsafe` code is here, in the two places where the standard library
/// hands memory out as a pointer: the bytes of a collection stored in one piece, and
/// temporary memory. Each makes a span of the pointer at once, inside the call that owns
/// the memory, and never lets the pointer or the span out of that call.

/// Runs `body` with the UTF-8 bytes of `text`, in place.
@inline(__always)
func withBytes<Result>(of text: String, _ body: (Span<UInt8>) -> Result) -> Result {
    body(text.utf8.span)
}

/// Runs `body` with `bytes` in one piece: in place when the collection stores them so,
/// else copied.
@inline(__always)
func withBytes<Result>(of bytes: some Collection<UInt8>, _ body: (Span<UInt8>) -> Result) -> Result {
    let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
        // `buffer` is the collection's own storage, `buffer.count` bytes valid until this
        // closure returns; the span covers exactly those bytes and is used only inside it.
        body(unsafe buffer.span)
    }
    if let inPlace { return inPlace }
    let copy = Array(bytes)
    return body(copy.span)
}

/// Runs `body` with `count` copies of `value` in temporary memory (on the stack when it is
/// small enough), as a mutable span; the memory is gone when `body` returns.
@inline(__always)
func withTemporarySpan<Element, Result>(
    repeating value: Element, count: Int, _ body: (inout MutableSpan<Element>) -> Result
) -> Result {
    unsafe withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
        // `buffer` holds room for exactly `count` elements until this closure returns. Each
        // is initialized before the span is made and deinitialized after its last use; the
        // span covers exactly them and is used only inside this closure.
        unsafe buffer.initialize(repeating: value)
        defer { unsafe buffer.deinitialize() }
        var span = unsafe buffer.mutableSpan
        return body(&span)
    }
}
