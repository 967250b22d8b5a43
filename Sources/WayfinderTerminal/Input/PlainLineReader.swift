import WayfinderSystem

/// Reads lines from a pipe or file: no prompt, no editing, no history.
///
/// Lines end at "\n"; a "\r" before it is dropped, and the last line may lack the "\n".
/// A line whose bytes are not valid UTF-8 (strictly: no overlong forms, surrogates or values
/// past U+10FFFF) is given as ``LineInput/invalidUTF8(position:)``, never repaired into
/// U+FFFD. A line longer than `LineLimit.bytes` is given as ``LineInput/tooLong(bytes:start:)``:
/// past the limit its bytes are counted and dropped as they come, never kept. Secret lines
/// are read like any other (there is no echo to turn off).
///
/// ```swift
/// let reader: any LineReader = EditLineReader() ?? PlainLineReader()
/// ```
@MainActor
public final class PlainLineReader: LineReader {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var lineStart = 0
    /// Bytes before this index (from `lineStart`) hold no "\n".
    private var scanned = 0
    private var reachedEnd = false
    /// The line being read when it is over the limit: its length so far and its first bytes
    /// (the rest was dropped).
    private var overlong: (count: Int, start: [UInt8])?

    /// Always false: there is no one to prompt.
    public var isInteractive: Bool { false }

    /// Never asked: there is no Tab key on a pipe.
    public var completer: (@MainActor (String) -> [String])?

    /// Creates a reader of `fileDescriptor`, which it reads from but never closes.
    /// - Parameter fileDescriptor: 0 (standard input) unless given.
    public init(fileDescriptor: Int32 = 0) {
        self.fileDescriptor = fileDescriptor
    }

    /// Creates a reader of `bytes` already read (a script file), split into lines as a
    /// pipe's would be.
    public init(bytes: [UInt8]) {
        fileDescriptor = -1
        buffer = bytes
        reachedEnd = true
    }

    /// Reads the next line; `prompt` and `secret` are ignored.
    ///
    /// Gives ``LineInput/endOfInput`` at the end of the input, on a read error, or when
    /// SIGTERM or SIGHUP interrupts the read (see ``Terminal/installTerminationHandlers()``),
    /// and ``LineInput/interrupted`` when Ctrl-C interrupts it.
    public func readLine(prompt: String, secret: Bool) -> LineInput {
        while true {
            if let line = nextBufferedLine() { return line }
            if reachedEnd { return remainderLine() ?? .endOfInput }
            switch fill() {
            case .bytes, .failed, .endOfFile:
                continue
            case .interrupted:
                if ProcessSignals.isTerminationRequested { return .endOfInput }
                if ProcessSignals.isInterruptRequested {
                    ProcessSignals.clearInterruptRequest()
                    return .interrupted
                }
            }
        }
    }

    /// Whether the next line can be read without waiting: the buffer holds a whole line
    /// (or the last one, after the end), or more input is there to be read.
    public var hasQueuedLine: Bool {
        if reachedEnd { return lineStart < buffer.count }
        if buffer[max(lineStart, scanned)...].contains(UInt8(ascii: "\n")) { return true }
        return InterruptibleInput.isReady(fileDescriptor)
    }

    /// Does nothing: piped input has no history.
    public func addToHistory(_ line: String) {}

    private func nextBufferedLine() -> LineInput? {
        let searchStart = max(lineStart, scanned)
        guard let newline = buffer[searchStart...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = buffer.count
            dropOverlongLine()
            return nil
        }
        let line = decode(buffer[lineStart..<newline])
        lineStart = newline + 1
        scanned = lineStart
        return line
    }

    /// A line without its break yet, once over the limit: counted, its first bytes kept, the
    /// rest dropped (and what comes of it, until its break, in turn).
    private func dropOverlongLine() {
        let pending = buffer.count - lineStart
        guard overlong != nil || pending > LineLimit.bytes else { return }
        let start = overlong?.start ?? Array(buffer[lineStart..<(lineStart + LineLimit.quotedBytes)])
        overlong = ((overlong?.count ?? 0) + pending, start)
        lineStart = buffer.count
        scanned = buffer.count
    }

    /// The unterminated last line, once.
    private func remainderLine() -> LineInput? {
        guard lineStart < buffer.count || overlong != nil else { return nil }
        let line = decode(buffer[lineStart...])
        lineStart = buffer.count
        return line
    }

    /// The line without its "\r", or where its first byte that is not UTF-8 is; or, over
    /// the limit (with what was dropped of it before), that it is.
    private func decode(_ bytes: ArraySlice<UInt8>) -> LineInput {
        if let (count, start) = overlong {
            overlong = nil
            return .tooLong(bytes: count + bytes.count, start: LineLimit.quotedStart(start))
        }
        if bytes.count > LineLimit.bytes { return .tooLong(bytes: bytes.count, start: LineLimit.quotedStart(bytes)) }
        let content = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
        switch UTF8Validation.decode(content) {
        case .success(let line): return .line(line)
        case .failure(let invalid): return .invalidUTF8(position: invalid.position)
        }
    }

    private func fill() -> InterruptibleInput.Outcome {
        if lineStart > 0 {
            buffer.removeFirst(lineStart)
            scanned -= lineStart
            lineStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let outcome = chunk.withUnsafeMutableBytes { InterruptibleInput.read(fileDescriptor, into: $0) }
        switch outcome {
        case .bytes(let count): buffer.append(contentsOf: chunk[..<count])
        case .endOfFile, .failed: reachedEnd = true
        case .interrupted: break
        }
        return outcome
    }
}
