import WayfinderKit
import WayfinderSystem

/// Where the app keeps its files: `--data-dir DIR`, else `$WAYFINDER_HOME`, else
/// `$XDG_DATA_HOME/wayfinder`, else `~/.local/share/wayfinder`, as the kit chooses it for
/// ``Program/wayfinder``.
public struct DataDirectory: Hashable, Sendable {
    /// The directory.
    public let path: String

    /// A data directory at `path`.
    public init(path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The SQLite database (WAL mode: `-wal` and `-shm` files beside it).
    public var database: String { path + "/wayfinder.sqlite" }
    /// The session token of the signed-in user (mode 0600).
    public var session: String { path + "/session" }
    /// The navigation state saved as it changes (mode 0600).
    public var navigation: String { NavigationStateFile(in: path).path }

    /// Creates the directory (mode 0700) when it is missing.
    /// - Throws: ``SystemError``; `ENOTDIR` when the path, or a parent, is not a directory.
    public func create() throws(SystemError) {
        try FileSystem.createDirectories(path, mode: 0o700)
    }
}

extension Program {
    /// The sample app's program: `wayfinder`, its data in `$WAYFINDER_HOME`.
    public static let wayfinder = Program(name: "wayfinder", homeVariable: "WAYFINDER_HOME")
}
