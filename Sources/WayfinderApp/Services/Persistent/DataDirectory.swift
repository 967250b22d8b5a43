import WayfinderTerminal

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

    /// The directory chosen by the command line (`explicit`) and the environment (read
    /// only when `explicit` is missing or empty).
    /// - Returns: `nil` when neither gives one and there is no `HOME`.
    public static func resolve(explicit: String?, environment: @autoclosure () -> [String: String]) -> DataDirectory? {
        if let explicit, !explicit.isEmpty { return DataDirectory(path: explicit) }
        let environment = environment()
        if let home = environment["WAYFINDER_HOME"], !home.isEmpty { return DataDirectory(path: home) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/wayfinder") }
        if let home = environment["HOME"], !home.isEmpty { return DataDirectory(path: home + "/.local/share/wayfinder") }
        return nil
    }

    /// The SQLite database (WAL mode: `-wal` and `-shm` files beside it).
    public var database: String { path + "/wayfinder.sqlite" }
    /// The session token of the signed-in user (mode 0600).
    public var session: String { path + "/session" }
    /// The navigation state saved on exit (mode 0600).
    public var navigation: String { path + "/navigation.json" }

    /// Creates the directory (mode 0700) when it is missing.
    public func create() throws(SystemError) {
        try FileSystem.createDirectories(path, mode: 0o700)
    }
}
