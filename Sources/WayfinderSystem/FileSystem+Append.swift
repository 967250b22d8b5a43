@preconcurrency import Glibc

extension FileSystem {
    /// Appends `bytes` to the file at `path` in one `O_APPEND` write, so that several
    /// processes appending to one file each add whole records and never overwrite one
    /// another. The file is created with `mode` when missing, and given `mode` when it has
    /// another. Appends hold a shared lock on the file, which ``rewrite(_:mode:_:)`` waits
    /// for (and an append waits for a rewrite, then goes to the new file).
    /// - Returns: The file's size after the append.
    /// - Throws: ``SystemError``; a failed write may leave part of `bytes` at the end.
    @discardableResult
    public static func append(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws(SystemError) -> Int {
        let fileDescriptor = try openLocked(path, flags: O_WRONLY | O_APPEND | O_CREAT, mode: mode_t(mode), lock: LOCK_SH)
        defer { _ = close(fileDescriptor) }
        var status = stat()
        if fstat(fileDescriptor, &status) == 0, status.st_mode & 0o7777 != mode_t(mode), fchmod(fileDescriptor, mode_t(mode)) != 0 {
            throw SystemError(operation: "fchmod", path: path, code: errno)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fileDescriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "write", path: path, code: errno)
            }
            offset += written
        }
        return fstat(fileDescriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Replaces the file at `path` with what `transform` makes of its contents, atomically
    /// (``writeAtomically(_:to:mode:)``), holding an exclusive lock on it throughout, so that
    /// no ``append(_:to:mode:)`` made meanwhile is lost: each waits, then goes to the new
    /// file. Nothing happens when the file is missing or `transform` gives nil.
    /// - Throws: ``SystemError``; the file is then as it was.
    public static func rewrite(_ path: String, mode: UInt32 = 0o600, _ transform: ([UInt8]) -> [UInt8]?) throws(SystemError) {
        let fileDescriptor: Int32
        do throws(SystemError) {
            fileDescriptor = try openLocked(path, flags: O_RDONLY, mode: 0, lock: LOCK_EX)
        } catch where error.code == ENOENT {
            return
        }
        defer { _ = close(fileDescriptor) }
        let contents = try FileCalls.readAll(fileDescriptor, path: path)
        guard let replacement = transform(contents) else { return }
        try writeAtomically(replacement, to: path, mode: mode)
    }

    /// Opens `path` and takes `lock` (`flock`) on it, again on the new file when the path
    /// was renamed over while waiting for the lock.
    private static func openLocked(_ path: String, flags: Int32, mode: mode_t, lock: Int32) throws(SystemError) -> Int32 {
        while true {
            let fileDescriptor = open(path, flags | O_CLOEXEC, mode)
            guard fileDescriptor >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
            while flock(fileDescriptor, lock) != 0 {
                guard errno == EINTR else {
                    let code = errno
                    _ = close(fileDescriptor)
                    throw SystemError(operation: "flock", path: path, code: code)
                }
            }
            var opened = stat()
            var current = stat()
            if fstat(fileDescriptor, &opened) == 0, stat(path, &current) == 0,
               opened.st_dev == current.st_dev, opened.st_ino == current.st_ino {
                return fileDescriptor
            }
            // Replaced (or removed) while the lock was awaited: the lock guards a file that
            // is no longer there.
            _ = close(fileDescriptor)
        }
    }
}
