import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A process a test started, known by its pid and its start time, so that a signal reaches
/// that process only: once it has ended and been reaped, its pid may belong to another
/// test's process, and `kill(pid, …)` would end that one instead. The start time (field 22
/// of `/proc/PID/stat`, in clock ticks since boot) tells them apart.
struct OwnProcess: Sendable {
    let pid: pid_t
    /// The start time read when the process was taken in; `nil` when it had already gone.
    private let startTime: UInt64?

    /// The process `pid`, which must have been started by the test and still be running
    /// (call this right after starting it).
    init(_ pid: pid_t) {
        self.pid = pid
        self.startTime = Self.startTime(of: pid)
    }

    /// The process `process` runs.
    init(_ process: Process) {
        self.init(process.processIdentifier)
    }

    /// Whether the process is still the one taken in and has not ended (a zombie has ended).
    var isRunning: Bool {
        guard let startTime, let stat = Self.stat(of: pid) else { return false }
        return Self.startTime(in: stat) == startTime && Self.state(in: stat) != "Z"
    }

    /// Sends `signal` if the process is still the one taken in and still running; returns
    /// whether it was sent.
    @discardableResult
    func send(_ signal: Int32) -> Bool {
        guard isRunning else { return false }
        return kill(pid, signal) == 0
    }

    /// Waits up to `seconds` for the process to end; returns whether it did.
    func waitForEnd(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    private static func stat(of pid: pid_t) -> String? {
        try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    }

    private static func startTime(of pid: pid_t) -> UInt64? {
        stat(of: pid).flatMap(startTime(in:))
    }

    /// "pid (name) S ppid …": the fields after the name, whose own spaces and parentheses
    /// come before the last ')'.
    private static func fields(in stat: String) -> [Substring] {
        guard let end = stat.lastIndex(of: ")") else { return [] }
        return stat[stat.index(after: end)...].split(separator: " ")
    }

    private static func state(in stat: String) -> Substring? {
        fields(in: stat).first
    }

    /// Field 22 of the whole line is the 20th after the name.
    private static func startTime(in stat: String) -> UInt64? {
        let fields = fields(in: stat)
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}
