@preconcurrency import Glibc

/// The libc calls behind ``FileSystem``: reading, writing atomically, directories, modes.
enum FileCalls {
    /// The whole file, or nil when it does not exist. Read straight into a buffer of the
    /// file's size (a regular file is not waited for, as input is): no bigger buffer to
    /// clear, so a short file costs the few pages it needs.
    static func readFile(atPath path: String) throws(SystemError) -> [UInt8]? {
        let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
        if fileDescriptor < 0 {
            if errno == ENOENT { return nil }
            throw SystemError(operation: "open", path: path, code: errno)
        }
        defer { _ = close(fileDescriptor) }
        return try readAll(fileDescriptor, path: path)
    }

    /// One `read(2)` into `buffer` (again when a signal interrupts it): the bytes read, 0 at
    /// the end.
    static func readSome(_ fileDescriptor: Int32, into buffer: inout [UInt8], path: String) throws(SystemError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            if errno != EINTR { throw SystemError(operation: "read", path: path, code: errno) }
        }
    }

    /// Everything left to read from `fileDescriptor` (named `path` in errors), read into a
    /// buffer of the file's size when it has one.
    static func readAll(_ fileDescriptor: Int32, path: String) throws(SystemError) -> [UInt8] {
        var status = stat()
        let size = fstat(fileDescriptor, &status) == 0 ? Int(status.st_size) : 0
        // One byte more than the size, to see the end in the same read.
        var contents = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var filled = 0
        while true {
            if filled == contents.count { contents += [UInt8](repeating: 0, count: max(contents.count, 4096)) }
            let count = contents.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(fileDescriptor, base + filled, buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                contents.removeSubrange(filled...)
                return contents
            } else if errno != EINTR {
                throw SystemError(operation: "read", path: path, code: errno)
            }
        }
    }

    // MARK: Writing

    /// Replaces the file at `path` with `bytes` so that a crash leaves either the old or the new
    /// file: writes a temporary file beside it, syncs it, renames it over `path` and syncs the
    /// directory. The file gets exactly `mode`, whatever the umask or the old file's mode.
    static func writeFileAtomically(_ bytes: [UInt8], toPath path: String, mode: mode_t) throws(SystemError) {
        let directory = parentDirectory(of: path)
        let temporaryPath = try createTemporaryFile(besides: path, mode: mode)
        var renamed = false
        defer { if !renamed { _ = unlink(temporaryPath.path) } }
        do {
            defer { _ = close(temporaryPath.fileDescriptor) }
            try writeAll(bytes, to: temporaryPath.fileDescriptor, path: temporaryPath.path)
            guard fchmod(temporaryPath.fileDescriptor, mode) == 0 else {
                throw SystemError(operation: "fchmod", path: temporaryPath.path, code: errno)
            }
            guard fsync(temporaryPath.fileDescriptor) == 0 else {
                throw SystemError(operation: "fsync", path: temporaryPath.path, code: errno)
            }
        }
        guard rename(temporaryPath.path, path) == 0 else {
            throw SystemError(operation: "rename", path: path, code: errno)
        }
        renamed = true
        syncDirectory(directory)
    }

    private static func createTemporaryFile(
        besides path: String, mode: mode_t
    ) throws(SystemError) -> (path: String, fileDescriptor: Int32) {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        var attempt = 0
        while true {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 36)
            let candidate = "\(path).tmp-\(getpid())-\(suffix)"
            let fileDescriptor = open(candidate, flags, mode)
            if fileDescriptor >= 0 { return (candidate, fileDescriptor) }
            attempt += 1
            if errno != EEXIST || attempt >= 100 {
                throw SystemError(operation: "open", path: candidate, code: errno)
            }
        }
    }

    /// See ``FileSystem/createTemporaryFile(besides:mode:)``.
    static func createEmptyTemporaryFile(besides path: String, mode: mode_t) throws(SystemError) -> String {
        let created = try createTemporaryFile(besides: path, mode: mode)
        defer { _ = close(created.fileDescriptor) }
        guard fchmod(created.fileDescriptor, mode) == 0 else {
            let code = errno
            _ = unlink(created.path)
            throw SystemError(operation: "fchmod", path: created.path, code: code)
        }
        return created.path
    }

    /// See ``FileSystem/linkIfAbsent(_:to:)``.
    static func linkIfAbsent(_ source: String, to destination: String) throws(SystemError) -> Bool {
        guard link(source, destination) == 0 else {
            if errno == EEXIST { return false }
            throw SystemError(operation: "link", path: destination, code: errno)
        }
        syncDirectory(parentDirectory(of: destination))
        return true
    }

    /// See ``FileSystem/removeAbandonedTemporaryFiles(besides:)``. Each directory is listed
    /// once, for all the paths in it.
    static func removeAbandonedTemporaryFiles(besides paths: [String]) -> [String] {
        var removed: [String] = []
        for (directory, inside) in Dictionary(grouping: paths, by: parentDirectory(of:)) {
            let prefixes = inside.map { path in
                Array((path.split(separator: "/").last.map(String.init) ?? path).utf8) + Array(".tmp-".utf8)
            }
            guard let stream = opendir(directory) else { continue }
            var found: [(name: [UInt8], prefixLength: Int)] = []
            while let entry = readdir(stream) {
                let name = entryName(entry)
                if let prefix = prefixes.first(where: { name.starts(with: $0) }) { found.append((name, prefix.count)) }
            }
            closedir(stream)
            for (name, prefixLength) in found {
                // `<name>.tmp-<pid>-<suffix>`: only files of processes that are gone.
                let rest = name.dropFirst(prefixLength)
                guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
                      let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0,
                      kill(pid, 0) != 0, errno == ESRCH else { continue }
                let candidate = directory + "/" + String(decoding: name, as: UTF8.self)
                if unlink(candidate) == 0 { removed.append(candidate) }
            }
        }
        return removed
    }

    /// The name of a directory entry, read up to its terminating zero and no further: an
    /// entry in `readdir`'s buffer can be shorter than `dirent`, so copying the whole
    /// `d_name` array could read past the end of the buffer (it crashed, rarely).
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32, path: String) throws(SystemError) {
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
    }

    // Best effort: the rename already happened; a failed directory sync only weakens durability.
    private static func syncDirectory(_ directory: String) {
        let fileDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fileDescriptor >= 0 else { return }
        _ = fsync(fileDescriptor)
        _ = close(fileDescriptor)
    }

    /// `mkdir -p`: creates `path` and missing parents with `mode`; existing ones are left alone.
    static func createDirectories(atPath path: String, mode: mode_t) throws(SystemError) {
        // Usually there already: one `stat`.
        if isDirectory(path) { return }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/"
            prefix += component
            if mkdir(prefix, mode) == 0 { continue }
            let code = errno
            guard code == EEXIST else { throw SystemError(operation: "mkdir", path: prefix, code: code) }
            // Something that is not a directory is in the way: say so, not "File exists".
            guard isDirectory(prefix) else { throw SystemError(operation: "mkdir", path: prefix, code: ENOTDIR) }
        }
    }

    static func renameFile(_ source: String, to destination: String) throws(SystemError) {
        guard rename(source, destination) == 0 else {
            throw SystemError(operation: "rename", path: source, code: errno)
        }
        syncDirectory(parentDirectory(of: destination))
    }

    static func removeFile(atPath path: String) throws(SystemError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw SystemError(operation: "unlink", path: path, code: errno)
        }
    }

    static func setMode(_ mode: mode_t, ofPath path: String) throws(SystemError) {
        guard chmod(path, mode) == 0 else {
            throw SystemError(operation: "chmod", path: path, code: errno)
        }
    }

    /// The time now in UTC as `YYYYMMDDTHHMMSSZ`.
    static func utcTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return String(now) }
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `ENOTDIR`, for errors about a path that is not a directory.
    static let notADirectoryCode = ENOTDIR
    /// The codes of a full disk or quota.
    static let outOfSpaceCodes: Set<Int32> = [ENOSPC, EDQUOT]
    /// The codes of a permission refused.
    static let permissionCodes: Set<Int32> = [EACCES, EPERM, EROFS]

    /// What is at `path` (following symbolic links): `nil` when nothing is (`ENOENT`, or a
    /// parent that is not a directory).
    /// - Throws: ``SystemError`` for any other failure, such as `EACCES` on a parent
    ///   directory: never taken for "nothing there".
    static func kind(ofPath path: String) throws(SystemError) -> FileSystem.Kind? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError(operation: "stat", path: path, code: errno)
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// The names in the directory at `path`, without `.` and `..`.
    static func directoryEntries(atPath path: String) throws(SystemError) -> [String] {
        guard let stream = opendir(path) else { throw SystemError(operation: "opendir", path: path, code: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(stream) {
            let name = String(decoding: entryName(entry), as: UTF8.self)
            if name != ".", name != ".." { names.append(name) }
        }
        if errno != 0 { throw SystemError(operation: "readdir", path: path, code: errno) }
        return names
    }

    static func mode(ofPath path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The directory part of `path`: "." for a bare name, "/" for a file at the root.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The text libc gives for an `errno` value.
    static func errorMessage(for code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
