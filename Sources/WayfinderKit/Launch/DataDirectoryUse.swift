import Synchronization
import WayfinderSystem

/// Which processes use a data directory: each holds a shared lock on its ``lockName`` file
/// (the system module's `FileLock`) from the moment it starts on it (``Launcher/start(opening:fresh:dataDirectory:)``)
/// until it ends, however it ends. A command that removes the data (the sample's `reset`)
/// takes the lock exclusively first (``exclusive(in:)``), and refuses while any process
/// holds it, naming them; a process that starts meanwhile waits for it.
public enum DataDirectoryUse {
    /// The name of the lock file in a data directory.
    public static let lockName = "in-use.lock"

    /// The locks this process holds, by data directory.
    private static let held = Mutex<[String: FileLock]>([:])

    /// The path of the lock file of `directory`.
    public static func lockPath(in directory: String) -> String {
        directory + "/" + lockName
    }

    /// Marks `directory` as used by this process until it ends (once per directory). Where
    /// the lock file cannot be made (a directory this user may only read), nothing is marked:
    /// nobody may remove what is there either.
    /// - Throws: `SystemError` when the lock file cannot be opened or locked otherwise.
    public static func begin(in directory: String) throws(SystemError) {
        let path = lockPath(in: directory)
        guard held.withLock({ $0[path] == nil }) else { return }
        let lock: FileLock
        do {
            lock = try FileLock.shared(at: path)
        } catch where error.isPermissionDenied {
            return
        }
        held.withLock { $0[path] = lock }
    }

    /// The whole of `directory`, for removing its data: the lock, held until the value is
    /// released, or the processes that use the directory now (their ids; empty where the
    /// system does not say).
    /// - Throws: `SystemError` when the lock file cannot be opened or locked.
    public static func exclusive(in directory: String) throws(SystemError) -> Result<FileLock, InUse> {
        let path = lockPath(in: directory)
        if let lock = try FileLock.exclusive(at: path) { return .success(lock) }
        return .failure(InUse(processes: FileLock.holders(of: path)))
    }

    /// A data directory other processes use.
    public struct InUse: Error, Hashable, Sendable {
        /// Their process ids, when the system says (Linux does).
        public let processes: [Int32]
    }
}
