/// The file operations behind ``FileSystem``: reading, writing atomically, directories,
/// modes, made of ``Platform``'s calls.
enum FileCalls {
    /// The whole file, or nil when it does not exist. Read straight into a buffer of the
    /// file's size (a regular file is not waited for, as input is): no bigger buffer to
    /// clear, so a short file costs the few pages it needs.
    static func readFile(atPath path: String) throws(SystemError) -> [UInt8]? {
        let fileDescriptor = Platform.openForReading(path)
        if fileDescriptor < 0 {
            if Platform.lastError == Platform.noSuchFile { return nil }
            throw SystemError(operation: "open", path: path, code: Platform.lastError)
        }
        defer { Platform.closeFile(fileDescriptor) }
        return try readAll(fileDescriptor, path: path)
    }

    /// One `read(2)` into `buffer` (again when a signal interrupts it): the bytes read, 0 at
    /// the end.
    static func readSome(_ fileDescriptor: Int32, into buffer: inout [UInt8], path: String) throws(SystemError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Platform.readBytes(fileDescriptor, into: base, count: bytes.count)
            }
            if count >= 0 { return count }
            let code = Platform.lastError
            if code != Platform.interrupted { throw SystemError(operation: "read", path: path, code: code) }
        }
    }

    /// Everything left to read from `fileDescriptor` (named `path` in errors), read into a
    /// buffer of the file's size when it has one.
    static func readAll(_ fileDescriptor: Int32, path: String) throws(SystemError) -> [UInt8] {
        let size = Platform.status(of: fileDescriptor)?.size ?? 0
        // One byte more than the size, to see the end in the same read.
        var contents = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var filled = 0
        while true {
            if filled == contents.count { contents += [UInt8](repeating: 0, count: max(contents.count, 4096)) }
            let count = contents.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Platform.readBytes(fileDescriptor, into: base + filled, count: buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                contents.removeSubrange(filled...)
                return contents
            } else if Platform.lastError != Platform.interrupted {
                throw SystemError(operation: "read", path: path, code: Platform.lastError)
            }
        }
    }

    // MARK: Writing

    /// Replaces the file at `path` with `bytes` so that a crash leaves either the old or the new
    /// file: writes a temporary file beside it, syncs it, renames it over `path` and syncs the
    /// directory. The file gets exactly `mode`, whatever the umask or the old file's mode.
    static func writeFileAtomically(_ bytes: [UInt8], toPath path: String, mode: UInt32) throws(SystemError) {
        let directory = parentDirectory(of: path)
        let temporaryPath = try createTemporaryFile(besides: path, mode: mode)
        var renamed = false
        defer { if !renamed { _ = Platform.removeFile(temporaryPath.path) } }
        do {
            defer { Platform.closeFile(temporaryPath.fileDescriptor) }
            try writeAll(bytes, to: temporaryPath.fileDescriptor, path: temporaryPath.path)
            guard Platform.setPermissions(mode, of: temporaryPath.fileDescriptor) else {
                throw SystemError(operation: "fchmod", path: temporaryPath.path, code: Platform.lastError)
            }
            guard Platform.sync(temporaryPath.fileDescriptor) else {
                throw SystemError(operation: "fsync", path: temporaryPath.path, code: Platform.lastError)
            }
        }
        guard Platform.move(temporaryPath.path, to: path) else {
            throw SystemError(operation: "rename", path: path, code: Platform.lastError)
        }
        renamed = true
        syncDirectory(directory)
    }

    private static func createTemporaryFile(
        besides path: String, mode: UInt32
    ) throws(SystemError) -> (path: String, fileDescriptor: Int32) {
        var attempt = 0
        while true {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 36)
            let candidate = "\(path).tmp-\(Platform.processIdentifier)-\(suffix)"
            let fileDescriptor = Platform.createNew(candidate, mode: mode)
            if fileDescriptor >= 0 { return (candidate, fileDescriptor) }
            attempt += 1
            let code = Platform.lastError
            if code != Platform.alreadyExists || attempt >= 100 {
                throw SystemError(operation: "open", path: candidate, code: code)
            }
        }
    }

    /// See ``FileSystem/createTemporaryFile(besides:mode:)``.
    static func createEmptyTemporaryFile(besides path: String, mode: UInt32) throws(SystemError) -> String {
        let created = try createTemporaryFile(besides: path, mode: mode)
        defer { Platform.closeFile(created.fileDescriptor) }
        // Exactly `mode`, whatever the umask.
        guard Platform.setPermissions(mode, of: created.fileDescriptor) else {
            let code = Platform.lastError
            _ = Platform.removeFile(created.path)
            throw SystemError(operation: "fchmod", path: created.path, code: code)
        }
        return created.path
    }

    /// See ``FileSystem/linkIfAbsent(_:to:)``.
    static func linkIfAbsent(_ source: String, to destination: String) throws(SystemError) -> Bool {
        guard Platform.addName(source, to: destination) else {
            let code = Platform.lastError
            if code == Platform.alreadyExists { return false }
            throw SystemError(operation: "link", path: destination, code: code)
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
            // Best effort, as documented: a directory that cannot be listed keeps its leftovers,
            // which nothing reads.
            guard let names = try? Platform.entryNames(inDirectory: directory) else { continue }
            var found: [(name: [UInt8], prefixLength: Int)] = []
            for name in names {
                if let prefix = prefixes.first(where: { name.starts(with: $0) }) { found.append((name, prefix.count)) }
            }
            for (name, prefixLength) in found {
                // `<name>.tmp-<pid>-<suffix>`: only files of processes that are gone.
                let rest = name.dropFirst(prefixLength)
                guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
                      let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0,
                      Platform.isGone(pid) else { continue }
                let candidate = directory + "/" + String(decoding: name, as: UTF8.self)
                if Platform.removeFile(candidate) { removed.append(candidate) }
            }
        }
        return removed
    }

    /// Writes all of `bytes` to `fileDescriptor`, again after an interrupted write.
    static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32, path: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Platform.writeBytes(fileDescriptor, from: base + offset, count: buffer.count - offset)
            }
            if written < 0 {
                if Platform.lastError == Platform.interrupted { continue }
                throw SystemError(operation: "write", path: path, code: Platform.lastError)
            }
            offset += written
        }
    }

    // Best effort: the rename already happened; a failed directory sync only weakens durability.
    private static func syncDirectory(_ directory: String) {
        let fileDescriptor = Platform.openDirectory(directory)
        guard fileDescriptor >= 0 else { return }
        _ = Platform.sync(fileDescriptor)
        Platform.closeFile(fileDescriptor)
    }

    /// `mkdir -p`: creates `path` and missing parents with `mode`; existing ones are left alone.
    static func createDirectories(atPath path: String, mode: UInt32) throws(SystemError) -> Bool {
        // Usually there already: one `stat`.
        if isDirectory(path) { return false }
        var prefix = path.hasPrefix("/") ? "" : "."
        var created = false
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/"
            prefix += component
            created = Platform.makeDirectory(prefix, mode: mode)
            if created { continue }
            let code = Platform.lastError
            guard code == Platform.alreadyExists else { throw SystemError(operation: "mkdir", path: prefix, code: code) }
            // Something that is not a directory is in the way: say so, not "File exists".
            guard isDirectory(prefix) else { throw SystemError(operation: "mkdir", path: prefix, code: Platform.notADirectory) }
        }
        return created
    }

    static func renameFile(_ source: String, to destination: String) throws(SystemError) {
        guard Platform.move(source, to: destination) else {
            throw SystemError(operation: "rename", path: source, code: Platform.lastError)
        }
        syncDirectory(parentDirectory(of: destination))
    }

    static func removeFile(atPath path: String) throws(SystemError) {
        guard Platform.removeFile(path) || Platform.lastError == Platform.noSuchFile else {
            throw SystemError(operation: "unlink", path: path, code: Platform.lastError)
        }
    }

    static func setMode(_ mode: UInt32, ofPath path: String) throws(SystemError) {
        guard Platform.setPermissions(mode, ofPath: path) else {
            throw SystemError(operation: "chmod", path: path, code: Platform.lastError)
        }
    }

    /// What is at `path` (following symbolic links): `nil` when nothing is (`ENOENT`, or a
    /// parent that is not a directory).
    /// - Throws: ``SystemError`` for any other failure, such as `EACCES` on a parent
    ///   directory: never taken for "nothing there".
    static func kind(ofPath path: String) throws(SystemError) -> FileSystem.Kind? {
        guard let status = Platform.status(ofPath: path) else {
            let code = Platform.lastError
            if code == Platform.noSuchFile || code == Platform.notADirectory { return nil }
            throw SystemError(operation: "stat", path: path, code: code)
        }
        return status.kind
    }

    /// The names in the directory at `path`, without `.` and `..`.
    static func directoryEntries(atPath path: String) throws(SystemError) -> [String] {
        try Platform.entryNames(inDirectory: path)
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { $0 != "." && $0 != ".." }
    }

    static func mode(ofPath path: String) -> UInt32? {
        Platform.status(ofPath: path)?.permissions
    }

    private static func isDirectory(_ path: String) -> Bool {
        Platform.status(ofPath: path)?.kind == .directory
    }

    /// The directory part of `path`: "." for a bare name, "/" for a file at the root.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }
}
