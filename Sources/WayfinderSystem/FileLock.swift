/// A lock on a file (`flock`), held as long as the value lives and released when the process
/// ends however it ends: what keeps a data directory from being reset under the processes
/// that use it. They each hold a shared lock; the one that would remove the data takes an
/// exclusive lock, or learns at once who holds one.
///
/// ```swift
/// let inUse = try FileLock.shared(at: directory + "/in-use.lock")  // for the whole run
/// // elsewhere, another process:
/// guard let lock = try FileLock.exclusive(at: directory + "/in-use.lock") else { … }
/// ```
public final class FileLock: Sendable {
    private let fileDescriptor: Int32

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit {
        Platform.closeFile(fileDescriptor)
    }

    /// A shared lock on the file at `path` (made, `0600`, when missing), waiting while a
    /// process holds it exclusively.
    /// - Throws: ``SystemError`` when the file cannot be opened or locked.
    public static func shared(at path: String) throws(SystemError) -> FileLock {
        // As the files appended to under a lock are opened: again when the file was replaced
        // while the lock was awaited.
        FileLock(fileDescriptor: try FileSystem.openLocked(path, exclusive: false) { Platform.openForLocking(path, mode: 0o600) })
    }

    /// An exclusive lock on the file at `path` (made when missing), or `nil`, at once, when
    /// another process holds a lock on it.
    /// - Throws: ``SystemError`` when the file cannot be opened or locked.
    public static func exclusive(at path: String) throws(SystemError) -> FileLock? {
        let fileDescriptor = try open(path)
        while true {
            switch Platform.tryLock(fileDescriptor, exclusive: true) {
            case true?:
                return FileLock(fileDescriptor: fileDescriptor)
            case false?:
                Platform.closeFile(fileDescriptor)
                return nil
            case nil:
                let code = Platform.lastError
                guard code == Platform.interrupted else {
                    Platform.closeFile(fileDescriptor)
                    throw SystemError(operation: "flock", path: path, code: code)
                }
            }
        }
    }

    /// The processes other than this one that hold a lock on the file at `path`, as the
    /// system lists them (`/proc/locks`, on Linux); empty where it does not.
    public static func holders(of path: String) -> [Int32] {
        guard let status = Platform.status(ofPath: path), let bytes = try? FileSystem.read("/proc/locks") else { return [] }
        let table = String(decoding: bytes, as: UTF8.self)
        let (major, minor) = Platform.deviceNumbers(status.identity.device)
        // `1: FLOCK  ADVISORY  READ  1234 08:01:5678 0 EOF`; a waiter's line has `->`.
        let file = String(major, radix: 16, uppercase: false).leftPadded(to: 2) + ":"
            + String(minor, radix: 16, uppercase: false).leftPadded(to: 2) + ":\(status.identity.inode)"
        var holders: [Int32] = []
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5] == file, let process = Int32(fields[4]),
                  process != Platform.processIdentifier, !holders.contains(process) else { continue }
            holders.append(process)
        }
        return holders.sorted()
    }

    private static func open(_ path: String) throws(SystemError) -> Int32 {
        let fileDescriptor = Platform.openForLocking(path, mode: 0o600)
        guard fileDescriptor >= 0 else { throw SystemError(operation: "open", path: path, code: Platform.lastError) }
        return fileDescriptor
    }
}

extension String {
    /// The string with zeros before it, to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
