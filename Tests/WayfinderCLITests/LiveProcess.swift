import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary as a REPL that keeps running while a test feeds it lines through a pipe,
/// one command at a time, as a program talking to it would: several of them can share one
/// data directory, each at its own point in a session.
///
/// After each command ``run(_:)`` sends `state` and waits for its JSON line: the REPL answers
/// a line before it reads the next (it flushes first), so everything the command wrote to
/// standard error is in the pipe by then, and what came before the marker is its answer.
final class LiveProcess {
    struct Reply {
        let stdout: String
        let stderr: String
    }

    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var stdoutBytes: [UInt8] = []
    private var stderrBytes: [UInt8] = []
    private var stdoutSeen = 0, stderrSeen = 0
    private var markers = 0

    /// Starts `wayfinder arguments…` with `environment` added to the tests' (a data directory
    /// of its own unless `environment` names one).
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = CLI.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["WAYFINDER_HOME"] = try CLI.temporaryDirectory()
        env["XDG_STATE_HOME"] = env["WAYFINDER_HOME"]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The process's id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Writes `text` to the process's standard input as it is.
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Sends `lines` (a command, and the password it asks for, if any), then `state`, and
    /// waits for the state's line.
    /// - Returns: What the lines wrote, on each stream, before the state's line.
    func run(_ lines: String...) throws -> Reply {
        send(lines.map { $0 + "\n" }.joined() + "state\n")
        markers += 1
        while markerCount() < markers {
            guard pump(waitingMilliseconds: 60_000), !closed[0] else {
                throw Failure("the process ended or hung: \(String(decoding: stderrBytes, as: UTF8.self))")
            }
        }
        // Written before the marker: already in the pipe, read without waiting.
        while pump(waitingMilliseconds: 0), !closed[1] {}
        let markerLine = lastMarkerRange()
        let stdout = String(decoding: stdoutBytes[stdoutSeen..<markerLine.lowerBound], as: UTF8.self)
        let stderr = String(decoding: stderrBytes[stderrSeen...], as: UTF8.self)
        stdoutSeen = markerLine.upperBound
        stderrSeen = stderrBytes.count
        return Reply(stdout: stdout, stderr: stderr)
    }

    /// Closes standard input, reads both streams to their end and waits for the exit.
    /// - Returns: The exit status, and what was written after the last ``run(_:)``.
    func finish() throws -> (status: Int32, rest: Reply) {
        try input.fileHandleForWriting.close()
        while !closed.allSatisfy({ $0 }) {
            guard pump(waitingMilliseconds: 60_000) else { throw Failure("the process did not end") }
        }
        process.waitUntilExit()
        let rest = Reply(
            stdout: String(decoding: stdoutBytes[stdoutSeen...], as: UTF8.self),
            stderr: String(decoding: stderrBytes[stderrSeen...], as: UTF8.self))
        return (process.terminationStatus, rest)
    }

    /// Whether standard output and standard error are at their end.
    private var closed = [false, false]

    /// Reads what the streams still open have, waiting up to `milliseconds` for something.
    /// - Returns: Whether anything happened (bytes read or a stream's end); false when
    ///   nothing came in time, or both streams are at their end.
    private func pump(waitingMilliseconds milliseconds: Int32) -> Bool {
        let files = [output.fileHandleForReading.fileDescriptor, errors.fileHandleForReading.fileDescriptor]
        var descriptors = files.indices.map { pollfd(fd: closed[$0] ? -1 : files[$0], events: Int16(POLLIN), revents: 0) }
        guard !closed.allSatisfy({ $0 }), poll(&descriptors, 2, milliseconds) > 0 else { return false }
        for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(descriptor.fd, &buffer, buffer.count)
            guard count > 0 else {
                closed[index] = true
                continue
            }
            if index == 0 { stdoutBytes += buffer[..<count] } else { stderrBytes += buffer[..<count] }
        }
        return true
    }

    private static let marker = Array("{\"url\":".utf8)

    /// The lines of standard output that are `state`'s answers.
    private func markerCount() -> Int {
        lineStarts().filter { hasMarker(at: $0) }.count
    }

    /// The last marker line, with its newline.
    private func lastMarkerRange() -> Range<Int> {
        let start = lineStarts().last { hasMarker(at: $0) } ?? stdoutBytes.count
        let end = stdoutBytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? stdoutBytes.count
        return start..<end
    }

    private func lineStarts() -> [Int] {
        [0] + stdoutBytes.indices.filter { stdoutBytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    private func hasMarker(at index: Int) -> Bool {
        index + Self.marker.count <= stdoutBytes.count && Array(stdoutBytes[index..<(index + Self.marker.count)]) == Self.marker
            && stdoutBytes[index...].contains(UInt8(ascii: "\n"))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
