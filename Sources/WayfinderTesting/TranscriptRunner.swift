import WayfinderKit
import Foundation
import Testing
import Wayfinder
import WayfinderTerminal

/// Runs `Transcript`s (WayfinderKit) in-process against a `ReplShell`, exactly as a piped session
/// runs: no banner, no prompt, plain text, errors on standard error.
///
/// ```swift
/// @Test func signingIn() async throws {
///     // Transcripts/ beside this test file, whatever the current directory.
///     try await TranscriptRunner.check("Transcripts/sign-in.transcript") { arguments in
///         try MyShell(opening: arguments)
///     }
/// }
/// ```
/// Set `WAYFINDER_RECORD_TRANSCRIPTS=1` to write what the session printed back into the
/// file instead of comparing (comments are kept).
@MainActor
public enum TranscriptRunner {
    /// The environment variable that switches to re-recording.
    public static let recordVariable = "WAYFINDER_RECORD_TRANSCRIPTS"

    /// Plays the inputs of `transcript` and returns what actually happened, in the same shape.
    /// - Parameters:
    ///   - transcript: The session; only its arguments and inputs are used.
    ///   - makeShell: Builds the app for the arguments; a thrown error ends the session
    ///     with its description on standard error and exit status 1.
    public static func play(
        _ transcript: Transcript,
        makeShell: ([String]) async throws -> any ReplShell
    ) async -> Transcript {
        let reader = ScriptedLineReader(lines: transcript.steps.map(\.input))
        let output = CapturingOutput()
        reader.onRead = { [output] index in output.startStep(index) }
        var actual = transcript
        let status: Int32
        do {
            let shell = try await makeShell(transcript.arguments)
            let repl = Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output)
            status = await repl.run()
        } catch {
            output.writeError("\(error)\n")
            status = 1
        }
        actual.preamble = output.lines(forStep: nil)
        for index in actual.steps.indices {
            actual.steps[index].output = output.lines(forStep: index)
        }
        actual.exitStatus = status
        return actual
    }

    /// Plays the transcript at `path` and records a test issue, with a diff, for the first
    /// step whose output differs; or re-records the file when ``recordVariable`` is set.
    /// - Parameters:
    ///   - path: The `.transcript` file: an absolute path, or one relative to the directory
    ///     of `filePath` (by default, the calling test file's).
    ///   - record: Re-record instead of comparing; by default, whether ``recordVariable`` is set.
    ///   - sourceLocation: Where a difference is reported; by default, the caller's line.
    ///   - filePath: The file a relative `path` is taken beside; leave it out.
    ///   - makeShell: Builds the app for the transcript's arguments.
    public static func check(
        _ path: String,
        record: Bool? = nil,
        filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeShell: ([String]) async throws -> any ReplShell
    ) async throws {
        let path = resolve(path, besideFile: filePath)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = try Transcript(parsing: text)
        let actual = await play(expected, makeShell: makeShell)
        let recording = record ?? ProcessInfo.processInfo.environment[recordVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        if recording {
            try actual.text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        if let difference = firstDifference(expected: expected, actual: actual) {
            Issue.record(
                Comment(rawValue: "\(URL(fileURLWithPath: path).lastPathComponent): \(difference)\n(re-record with \(recordVariable)=1)"),
                sourceLocation: sourceLocation
            )
        }
    }

    /// `path` itself when absolute; otherwise `path` in the directory of `file`.
    private static func resolve(_ path: String, besideFile file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path).path
    }

    /// Where two transcripts part, as readable text; `nil` when they agree.
    public static func firstDifference(expected: Transcript, actual: Transcript) -> String? {
        if expected.preamble != actual.preamble {
            return "before the first input:\n" + diff(expected.preamble, actual.preamble)
        }
        for (index, step) in expected.steps.enumerated() where index < actual.steps.count {
            if step.output != actual.steps[index].output {
                return "after '> \(step.input)' (input \(index + 1)):\n" + diff(step.output, actual.steps[index].output)
            }
        }
        if expected.exitStatus != actual.exitStatus {
            return "exit status: expected \(expected.exitStatus.map(String.init) ?? "none"), got \(actual.exitStatus.map(String.init) ?? "none")"
        }
        return nil
    }

    /// A line diff: `-` expected only, `+` actual only, ` ` both.
    static func diff(_ expected: [Transcript.Output], _ actual: [Transcript.Output]) -> String {
        let left = expected.map(Transcript.line(for:))
        let right = actual.map(Transcript.line(for:))
        // Longest common subsequence, small inputs.
        var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                table[i][j] = left[i] == right[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < left.count || j < right.count {
            if i < left.count, j < right.count, left[i] == right[j] {
                lines.append("  " + left[i]); i += 1; j += 1
            } else if i < left.count, j == right.count || table[i + 1][j] >= table[i][j + 1] {
                lines.append("- " + left[i]); i += 1
            } else {
                lines.append("+ " + right[j]); j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Feeds fixed lines to the REPL, as a pipe would.
@MainActor
final class ScriptedLineReader: LineReader {
    private let lines: [String]
    private var next = 0
    var onRead: ((Int) -> Void)?
    var isInteractive: Bool { false }
    var completer: (@MainActor (String) -> [String])?

    init(lines: [String]) {
        self.lines = lines
    }

    func readLine(prompt: String, secret: Bool) -> LineInput {
        guard next < lines.count else { return .endOfInput }
        onRead?(next)
        defer { next += 1 }
        return .line(lines[next])
    }

    func addToHistory(_ line: String) {}
}

/// Collects what the REPL writes, line by line, under the input that caused it.
final class CapturingOutput: TextOutput {
    private var current: Int?
    private var captured: [(step: Int?, line: Transcript.Output)] = []
    private var partial: [Int?: (standard: String, error: String)] = [:]

    func startStep(_ index: Int) {
        current = index
    }

    func write(_ text: String) { append(text, isError: false) }
    func writeError(_ text: String) { append(text, isError: true) }

    private func append(_ text: String, isError: Bool) {
        var pending = partial[current] ?? ("", "")
        var buffer = (isError ? pending.error : pending.standard) + text
        while let newline = buffer.firstIndex(of: "\n") {
            let line = String(buffer[..<newline])
            captured.append((current, isError ? .error(line) : .standard(line)))
            buffer = String(buffer[buffer.index(after: newline)...])
        }
        if isError { pending.error = buffer } else { pending.standard = buffer }
        partial[current] = pending
    }

    func lines(forStep step: Int?) -> [Transcript.Output] {
        var result = captured.filter { $0.step == step }.map(\.line)
        if let rest = partial[step] {
            if !rest.standard.isEmpty { result.append(.standard(rest.standard)) }
            if !rest.error.isEmpty { result.append(.error(rest.error)) }
        }
        return result
    }
}
