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
        let fileDescriptor = try openLocked(path, exclusive: false) { Platform.openForAppending(path, mode: mode) }
        defer { Platform.closeFile(fileDescriptor) }
        if let status = Platform.status(of: fileDescriptor), status.permissions != mode,
           !Platform.setPermissions(mode, of: fileDescriptor) {
            throw SystemError(operation: "fchmod", path: path, code: Platform.lastError)
        }
        try FileCalls.writeAll(bytes, to: fileDescriptor, path: path)
        return Platform.status(of: fileDescriptor)?.size ?? 0
    }

    /// Replaces the file at `path` with what `transform` makes of its contents, atomically
    /// (``writeAtomically(_:to:mode:)``), holding an exclusive lock on it throughout, so that
    /// no ``append(_:to:mode:)`` made meanwhile is lost: each waits, then goes to the new
    /// file. Nothing happens when the file is missing or `transform` gives nil.
    /// - Throws: ``SystemError``; the file is then as it was.
    public static func rewrite(_ path: String, mode: UInt32 = 0o600, _ transform: ([UInt8]) -> [UInt8]?) throws(SystemError) {
        let fileDescriptor: Int32
        do throws(SystemError) {
            fileDescriptor = try openLocked(path, exclusive: true) { Platform.openForReading(path) }
        } catch where error.code == Platform.noSuchFile {
            return
        }
        defer { Platform.closeFile(fileDescriptor) }
        let contents = try FileCalls.readAll(fileDescriptor, path: path)
        guard let replacement = transform(contents) else { return }
        try writeAtomically(replacement, to: path, mode: mode)
    }

    /// Opens `path` with `open` and takes a shared or `exclusive` lock (`flock`) on it, again
    /// on the new file when the path was renamed over while waiting for the lock.
    static func openLocked(_ path: String, exclusive: Bool, _ open: () -> Int32) throws(SystemError) -> Int32 {
        while true {
            let fileDescriptor = open()
            guard fileDescriptor >= 0 else { throw SystemError(operation: "open", path: path, code: Platform.lastError) }
            while !Platform.lock(fileDescriptor, exclusive: exclusive) {
                let code = Platform.lastError
                guard code == Platform.interrupted else {
                    Platform.closeFile(fileDescriptor)
                    throw SystemError(operation: "flock", path: path, code: code)
                }
            }
            if let opened = Platform.status(of: fileDescriptor), let current = Platform.status(ofPath: path),
               opened.identity == current.identity {
                return fileDescriptor
            }
            // Replaced (or removed) while the lock was awaited: the lock guards a file that
            // is no longer there.
            Platform.closeFile(fileDescriptor)
        }
    }
}
