/// The running process: its arguments and environment as the bytes they are, and its exit.
///
/// ```swift
/// let arguments = CurrentProcess.arguments.dropFirst()   // without the program's name
/// let home = CurrentProcess.environmentValue("HOME")     // bytes, maybe not UTF-8
/// ```
public enum CurrentProcess {
    /// The arguments the process was started with, the program's name first, as bytes:
    /// `CommandLine.arguments` would repair those that are not UTF-8 into U+FFFD.
    public static var arguments: [[UInt8]] {
        let argv = CommandLine.unsafeArgv
        return (0..<Int(CommandLine.argc)).compactMap { index in
            argv[index].map { Platform.bytes(ofCString: $0) }
        }
    }

    /// The name the program was started by: the last part of its path (`bookshelf` for
    /// `.build/debug/bookshelf`), or `program` when there is none.
    public static var name: String {
        guard let first = arguments.first, let path = String(validating: first, as: UTF8.self) else { return "program" }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? "program" : last
    }

    /// The value of the environment variable `name` as bytes (`getenv`), nil when it is not
    /// set. Cheaper than a copy of the whole environment, for a short run.
    public static func environmentValue(_ name: String) -> [UInt8]? {
        Platform.environmentValue(name)
    }

    /// Ends the process with `status` (`exit`): the handlers given to ``atExit(_:)`` run and
    /// C's streams are flushed.
    public static func exit(_ status: Int32) -> Never {
        Platform.exitProcess(status)
    }

    /// Ends the process with `status` at once (`_exit`): no handler runs, nothing is flushed.
    /// For use in an ``atExit(_:)`` handler.
    public static func exitImmediately(_ status: Int32) -> Never {
        Platform.exitImmediately(status)
    }

    /// Runs `handler` when the process exits (`atexit`), however `exit` is reached; handlers
    /// run in the reverse order of their registration.
    public static func atExit(_ handler: @escaping @convention(c) () -> Void) {
        Platform.atExit(handler)
    }
}
