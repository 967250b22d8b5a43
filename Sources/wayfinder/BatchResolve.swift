import WayfinderKit
import Wayfinder
import WayfinderSystem

/// `wayfinder resolve -`: resolves the links read from standard input, one per line, and
/// writes one JSON line for each, in order: the object `resolve --format json` prints, or
/// `{"input": …, "error": {"code": …, "message": …}}`.
///
/// Spaces and tabs around a line and a `\r` before its `\n` are dropped; blank lines and
/// lines starting with `#` are skipped.
/// Lines are read as bytes (bytes that are not UTF-8 are refused like any bad link) and
/// answered as they arrive: each block read is answered before the next is waited for. A
/// line over `LineLimit.bytes` (the one limit on a line of input) is not kept whole
/// (memory stays flat whatever the input): it is refused as over the length limit, quoted
/// by its start.
struct BatchResolver {
    let graph: RouteGraph
    let output: StandardOutput
    /// Whether every link read so far resolved.
    private(set) var allResolved = true

    private var pending: [UInt8] = []
    /// The answers not yet written out.
    private var answers: [UInt8] = []
    /// The length of the line being read, when it is over `LineLimit.bytes` (its first bytes
    /// are in `pending`).
    private var overlongCount: Int?

    init(graph: RouteGraph, output: StandardOutput) {
        self.graph = graph
        self.output = output
    }

    /// Reads standard input to its end and answers every link.
    /// - Throws: A ``ProgramFailure`` (exit 66) when standard input cannot be read (after
    ///   the answers to what was read).
    mutating func run() throws(ProgramFailure) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do {
                count = try FileSystem.readStandardInput(into: &chunk)
            } catch {
                finish()
                throw ProgramFailure("cannot read standard input: \(error.reason)", exitCode: ExitCodes.unreadableFile)
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { consume(UnsafeBufferPointer(rebasing: $0[..<count])) }
            writeAnswers()
            // Nobody sees the answers any more: reading on would only lose them.
            if output.isClosed || output.hasFailed { return }
        }
        finish()
    }

    /// Answers the lines `bytes` complete, keeping the unfinished last one.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            append(bytes[start..<newline])
            answerPending()
            start = newline + 1
        }
        append(bytes[start...])
    }

    /// Answers the last line when the input does not end with a line break.
    mutating func finish() {
        if !pending.isEmpty || overlongCount != nil { answerPending() }
        writeAnswers()
    }

    private mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        if let count = overlongCount {
            overlongCount = count + bytes.count
        } else if pending.count + bytes.count > LineLimit.bytes {
            overlongCount = pending.count + bytes.count
            pending = Array((pending + bytes).prefix(LineLimit.quotedBytes))
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func answerPending() {
        defer {
            pending.removeAll(keepingCapacity: true)
            overlongCount = nil
        }
        if let count = overlongCount {
            allResolved = false
            let message = "link is \(count) bytes long; the limit is \(RouteGraph.maximumLinkLength)"
            appendError(input: LineLimit.quotedStart(pending), code: DeepLinkError.Code.limitExceeded.description, message: message)
            return
        }
        let line = pending[...].trimmingBlanks
        guard let first = line.first, first != UInt8(ascii: "#") else { return }
        do {
            let link = try graph.resolveFromOutside(utf8: line)
            link.jsonValue.appendJSON(to: &answers)
            answers.append(UInt8(ascii: "\n"))
        } catch {
            allResolved = false
            let input = String(validating: line, as: UTF8.self) ?? error.link
            appendError(input: input, code: error.code.description, message: error.message)
        }
    }

    /// Appends `{"input": …, "error": {"code": …, "message": …}}` and a line break.
    private mutating func appendError(input: String, code: String, message: String) {
        JSONValue.object([
            ("input", .string(input)),
            ("error", .object([("code", .string(code)), ("message", .string(message))])),
        ]).appendJSON(to: &answers)
        answers.append(UInt8(ascii: "\n"))
    }

    /// Writes the answers so far and flushes them: a script reading them as it writes
    /// links sees each block's answers before it sends more.
    private mutating func writeAnswers() {
        output.write(bytes: answers)
        output.flush()
        answers.removeAll(keepingCapacity: true)
    }
}
