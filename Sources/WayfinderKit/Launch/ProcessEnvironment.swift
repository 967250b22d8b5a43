import Wayfinder
import WayfinderSystem
import WayfinderTerminal

/// The environment variables the program reads, read as bytes, as ``RawArguments`` reads
/// the arguments: a value that is not valid UTF-8 is never repaired into U+FFFD and used.
///
/// A directory named by such a value (the program's home variable, `XDG_DATA_HOME`,
/// `XDG_STATE_HOME`, `HOME`) is refused when the program would use it, like the same value given as
/// `--data-dir` (exit 64, one message naming the variable); a fallback is never taken in its
/// place. A variable that is only compared (`NO_COLOR`, `TERM`) keeps its value with the bad
/// bytes as U+FFFD: it is set, not empty and not `dumb`, which is all that is asked of it.
public struct ProcessEnvironment: Sendable {
    /// The values of the variables read, but for directories whose values are not UTF-8.
    public let values: [String: String]
    /// The values that are not UTF-8 of the variables naming directories, by name.
    public let invalid: [String: [UInt8]]

    /// Reads `program`'s variables (``Program/environmentVariables``).
    public init(reading program: Program) {
        self.init(reading: program.environmentVariables, paths: program.pathVariables)
    }

    /// Reads `names` with `getenv` (Foundation's `ProcessInfo`, or a copy of the whole
    /// environment, costs more than a short run such as `app open` spends on
    /// everything else).
    init(reading names: [String], paths pathVariables: Set<String>) {
        var values: [String: String] = [:]
        var invalid: [String: [UInt8]] = [:]
        for name in names {
            guard let bytes = CurrentProcess.environmentValue(name) else { continue }
            if let text = String(validating: bytes, as: UTF8.self) {
                values[name] = text
            } else if pathVariables.contains(name) {
                invalid[name] = bytes
            } else {
                values[name] = String(decoding: bytes, as: UTF8.self)
            }
        }
        self.values = values
        self.invalid = invalid
    }

    /// Refuses a path that `choose`, the rule that picks a path from the environment, would
    /// pick from a value that is not UTF-8.
    ///
    /// `choose` is given the environment with each such value replaced by a placeholder
    /// holding NUL (which no real value can) and keeping a leading `/`, so that the rule
    /// takes or passes over it as it would the real value; a path that holds a placeholder
    /// names the variable it came from.
    /// - Throws: A usage error (exit 64) naming the variable.
    public func refuseInvalid(in choose: ([String: String]) -> String?) throws(ProgramFailure) {
        guard !invalid.isEmpty else { return }
        var standIns = values
        for (name, bytes) in invalid {
            standIns[name] = (bytes.first == UInt8(ascii: "/") ? "/" : "") + "\u{0}\(name)\u{0}"
        }
        guard let path = choose(standIns), let start = path.firstIndex(of: "\u{0}") else { return }
        let name = String(path[path.index(after: start)...].prefix { $0 != "\u{0}" })
        guard let bytes = invalid[name] else { return }
        let position = (UTF8Validation.firstInvalidByte(in: bytes) ?? 0) + 1
        throw ProgramFailure("\(name) '\(String(displaying: bytes))' is not valid UTF-8 (byte \(position))", exitCode: ExitCodes.usage)
    }
}
