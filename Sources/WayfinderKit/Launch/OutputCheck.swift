import ArgumentParser
import Synchronization
import WayfinderSystem

/// The errno of the first failed write to standard output, and to standard error (0: none).
private let outputFailure = Atomic<Int32>(0)
private let errorFailure = Atomic<Int32>(0)

/// Output that could not be written is an error, as in coreutils: whatever path the program
/// ends by (a command's return, an `ExitCode` thrown, ArgumentParser printing `--help` or
/// `--version` and calling `exit`), standard output is flushed at exit and checked, and a
/// write that failed on it or on standard error ends the program with status 74 and, when
/// standard error still works, `PROGRAM: error: cannot write to standard output: …`.
///
/// A closed pipe (`EPIPE`) is not such an error: it ends the program quietly with 141, the
/// status of a process ended by SIGPIPE, as ``StandardOutput`` does for the REPL.
public enum OutputCheck {
    /// The status of a failed write (sysexits EX_IOERR).
    public static let failedStatus: Int32 = 74

    /// Installs the check at exit. Call it first: handlers run in reverse order, and this
    /// one may end the process with `_exit`.
    public static func install() {
        CurrentProcess.atExit { OutputCheck.checkAtExit() }
    }

    /// Records that a write to standard output failed with `code` (the first failure is kept).
    public static func noteOutputFailure(_ code: Int32) {
        _ = outputFailure.compareExchange(expected: 0, desired: code == 0 ? SystemError.inputOutputError : code, ordering: .relaxed)
    }

    /// Records that a write to standard error failed with `code`.
    public static func noteErrorFailure(_ code: Int32) {
        _ = errorFailure.compareExchange(expected: 0, desired: code == 0 ? SystemError.inputOutputError : code, ordering: .relaxed)
    }


    /// Flushes both streams and ends the process with 141 or 74 when a write failed; else
    /// lets the exit go on with its status. (Stream errors left by writers that do not
    /// report them, such as Swift's `print` or libedit, are seen through `ferror`.)
    private static func checkAtExit() {
        check(.output, note: noteOutputFailure)
        check(.error, note: noteErrorFailure)
        let output = outputFailure.load(ordering: .relaxed)
        let error = errorFailure.load(ordering: .relaxed)
        let brokenPipe = SystemError.brokenPipe
        if output == brokenPipe || error == brokenPipe { CurrentProcess.exitImmediately(StandardOutput.closedStatus) }
        if output != 0 {
            // Told here, at exit, straight to the stream: `exitReportingError` would exit again.
            let failure = ProgramFailure(
                "cannot write to standard output: \(SystemError.reason(for: output))", exitCode: ExitCode(failedStatus))
            for line in failure.lines { StandardStreams.write(line + "\n", to: .error) }
            CurrentProcess.exitImmediately(failure.exitCode.rawValue)
        }
        if error != 0 { CurrentProcess.exitImmediately(failedStatus) }
    }

    private static func check(_ stream: StandardStreams.Stream, note: (Int32) -> Void) {
        let hadError = StandardStreams.hasFailed(stream)
        let failure = StandardStreams.flush(stream)
        if failure != nil || hadError { note(failure ?? 0) }
    }
}
