import WayfinderSystem

/// Where the app keeps its files: `--data-dir DIR`, else `$WAYFINDER_HOME`, else
/// `$XDG_DATA_HOME/wayfinder`, else `~/.local/share/wayfinder`.
public struct DataDirectory: Hashable, Sendable {
    /// The directory.
    public let path: String

    /// A data directory at `path`.
    public init(path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The environment variables ``resolve(explicit:environment:)`` reads.
    public static let environmentVariables = ["WAYFINDER_HOME", "XDG_DATA_HOME", "HOME"]

    /// Why no data directory could be chosen.
    public struct ChoiceError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, for a person.
        public let description: String
        /// Whether the command line or the environment named an unusable directory (a usage
        /// error), rather than naming none.
        public let isUsageError: Bool
    }

    /// The directory chosen by the command line (`explicit`) and the environment (read only
    /// when `explicit` is missing).
    ///
    /// An empty `--data-dir` or `WAYFINDER_HOME` is refused, never passed over for the
    /// default: a script with an unset variable must not reach the default directory (and
    /// `reset` delete its data). An empty or relative `XDG_DATA_HOME` is ignored, as the XDG
    /// Base Directory specification says; so is a relative `HOME`.
    /// - Throws: ``ChoiceError`` for an empty `--data-dir` or `WAYFINDER_HOME`
    ///   (``ChoiceError/isUsageError``), or when nothing names a directory.
    public static func resolve(explicit: String?, environment: @autoclosure () -> [String: String]) throws(ChoiceError) -> DataDirectory {
        if let explicit {
            guard !explicit.isEmpty else {
                throw ChoiceError(description: "--data-dir is empty: name a directory (is a variable in the script unset?)", isUsageError: true)
            }
            return DataDirectory(path: explicit)
        }
        let environment = environment()
        if let home = environment["WAYFINDER_HOME"] {
            guard !home.isEmpty else {
                throw ChoiceError(description: "WAYFINDER_HOME is set but empty: name a directory, or unset it to use the default", isUsageError: true)
            }
            return DataDirectory(path: home)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/wayfinder") }
        if let home = environment["HOME"], home.hasPrefix("/") { return DataDirectory(path: home + "/.local/share/wayfinder") }
        throw ChoiceError(description: "no data directory: set HOME or WAYFINDER_HOME, or pass --data-dir", isUsageError: false)
    }

    /// The SQLite database (WAL mode: `-wal` and `-shm` files beside it).
    public var database: String { path + "/wayfinder.sqlite" }
    /// The session token of the signed-in user (mode 0600).
    public var session: String { path + "/session" }
    /// The navigation state saved on exit (mode 0600).
    public var navigation: String { path + "/navigation.json" }

    /// The files ``reset()`` removes, in order.
    public var files: [String] {
        [database, database + "-wal", database + "-shm", session, navigation]
    }

    /// Creates the directory (mode 0700) when it is missing.
    /// - Throws: ``SystemError``; `ENOTDIR` when the path, or a parent, is not a directory.
    public func create() throws(SystemError) {
        try FileSystem.createDirectories(path, mode: 0o700)
    }

    /// What ``reset()`` did.
    public enum ResetOutcome: Hashable, Sendable {
        /// The files removed (none when there was no directory, or an empty one).
        case removed([String])
        /// The directory holds files, but no Wayfinder database or navigation file (nor a
        /// copy kept aside): it is not a Wayfinder data directory, and nothing was removed.
        case notADataDirectory
    }

    /// Removes the database, the session and the saved navigation, so that the next start
    /// has fresh demo data. Only those files, and only in a directory that holds a Wayfinder
    /// database (`wayfinder.sqlite…`) or navigation file (`navigation.json…`): a `session`
    /// file alone may belong to another program.
    /// - Throws: ``SystemError`` when the directory or a file cannot be examined or removed
    ///   (permissions, I/O), never taken for "nothing there"; `ENOTDIR` when the path is
    ///   not a directory.
    public func reset() throws(SystemError) -> ResetOutcome {
        guard let kind = try FileSystem.kind(of: path) else { return .removed([]) }
        guard kind == .directory else { throw SystemError(operation: "reset", path: path, code: SystemError.notADirectory) }
        let entries = try FileSystem.entries(in: path)
        guard !entries.isEmpty else { return .removed([]) }
        guard entries.contains(where: { $0.hasPrefix("wayfinder.sqlite") || $0.hasPrefix("navigation.json") }) else {
            return .notADataDirectory
        }
        var removed: [String] = []
        for file in files where try FileSystem.kind(of: file) != nil {
            try FileSystem.remove(file)
            removed.append(file)
        }
        return .removed(removed)
    }
}
