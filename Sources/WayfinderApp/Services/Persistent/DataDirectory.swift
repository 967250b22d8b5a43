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

    /// Creates the directory (mode 0700) when it is missing.
    /// - Throws: ``SystemError``; `ENOTDIR` when the path, or a parent, is not a directory.
    public func create() throws(SystemError) {
        try FileSystem.createDirectories(path, mode: 0o700)
    }
}
