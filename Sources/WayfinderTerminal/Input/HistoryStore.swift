import WayfinderSystem
/// The REPL's line history on disk: one entry per line, newest last, mode 0600.
///
/// ``record(_:)`` appends each line to the file in one `O_APPEND` write, so that several
/// REPLs sharing one history file each add their own lines and none is lost. When the file
/// grows past ``trimSize`` (and twice its size when last trimmed or loaded), it is trimmed
/// to its last ``limit`` lines: rewritten atomically (temporary file, `fsync`, rename) under
/// a lock that appends wait for, so that no line appended meanwhile is lost.
///
/// ```swift
/// var store = HistoryStore(path: path)
/// try store.load()
/// let reader = EditLineReader(historyEntries: store.entries)
/// try store.record("go wayfinder://main/feed")
/// ```
public struct HistoryStore: Sendable {
    /// The history file.
    public let path: String
    /// How many entries are kept; older ones are dropped.
    public let limit: Int
    /// The entries, oldest first.
    public private(set) var entries: [String] = []
    /// The file size past which ``record(_:)`` trims the file.
    private var trimThreshold = Self.trimSize

    /// The least file size, in bytes, past which the file is trimmed: 64 KiB.
    public static let trimSize = 64 * 1024

    /// Creates an empty store for the file at `path`; call ``load()`` to read it.
    /// - Parameters:
    ///   - path: The history file; its directory is created on ``save()``.
    ///   - limit: How many entries to keep, at least 0.
    public init(path: String, limit: Int = 1000) {
        precondition(limit >= 0, "HistoryStore limit must not be negative, got \(limit)")
        self.path = path
        self.limit = limit
    }

    /// The environment variables ``defaultPath(program:environment:)`` reads.
    public static let environmentVariables = ["XDG_STATE_HOME", "HOME"]

    /// Where the history of `program` lives: `$XDG_STATE_HOME/PROGRAM/history`, or
    /// `$HOME/.local/state/PROGRAM/history` when `XDG_STATE_HOME` is unset, empty or relative
    /// (as the XDG Base Directory specification asks). Nil when `HOME` is unset or empty too.
    public static func defaultPath(program: String, environment: [String: String]) -> String? {
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return joined(stateHome, program + "/history")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return joined(home, ".local/state/" + program + "/history")
    }

    private static func joined(_ directory: String, _ rest: String) -> String {
        var directory = Substring(directory)
        while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
        return directory == "/" ? "/" + rest : directory + "/" + rest
    }

    /// Replaces ``entries`` with the file's lines, keeping the last ``limit``.
    ///
    /// A missing file gives no entries; lines that are not valid UTF-8, blank, or that
    /// ``append(_:)`` would refuse are skipped.
    /// - Throws: `SystemError` when the file is there but cannot be read (permissions,
    ///   I/O). ``entries`` are then empty, and nothing is lost: ``record(_:)`` appends to the
    ///   file as it is, and trimming reads it again (failing, not replacing it, when it cannot).
    /// - Complexity: O(n) in the size of the file.
    public mutating func load() throws(SystemError) {
        entries = []
        FileSystem.removeAbandonedTemporaryFiles(besides: path)
        guard let contents = try FileSystem.read(path) else { return }
        entries = Self.entries(in: contents, limit: limit)
        trimThreshold = Self.threshold(after: contents.count)
    }

    /// The last `limit` storable lines of `contents`, adjacent duplicates once.
    private static func entries(in contents: [UInt8], limit: Int) -> [String] {
        var lines: [String] = []
        for bytes in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let line = String(validating: bytes, as: UTF8.self),
                isStorable(line), line != lines.last
            else { continue }
            lines.append(line)
        }
        return Array(lines.suffix(limit))
    }

    /// Twice `size`, and at least ``trimSize``: trimming costs a rewrite of the file, so it
    /// is done once the file has doubled, whatever the length of its lines.
    private static func threshold(after size: Int) -> Int {
        max(trimSize, size * 2)
    }

    /// Adds `line` as ``append(_:)`` does and, when it was added, appends it to the file
    /// (created with mode 0600, its missing directories 0700), trimming the file when it
    /// grew past its bound (see ``trim()``).
    /// - Returns: Whether the line was added.
    /// - Throws: `SystemError` when the file cannot be written; the line is in
    ///   ``entries`` all the same.
    @discardableResult
    public mutating func record(_ line: String) throws(SystemError) -> Bool {
        guard append(line) else { return false }
        try FileSystem.createDirectories(FileSystem.parentDirectory(of: path), mode: 0o700)
        let size = try FileSystem.append(Array(line.utf8) + [UInt8(ascii: "\n")], to: path, mode: 0o600)
        if size > trimThreshold { try trim() }
        return true
    }

    /// Rewrites the file with its last ``limit`` lines (blank, invalid and adjacent
    /// duplicate lines dropped), atomically and under a lock, so that lines other processes
    /// append meanwhile are kept. ``entries`` is left as it is.
    /// - Throws: `SystemError`; the file is then as it was.
    public mutating func trim() throws(SystemError) {
        let limit = self.limit
        var size = 0
        try FileSystem.rewrite(path, mode: 0o600) { contents in
            var bytes: [UInt8] = []
            for entry in Self.entries(in: contents, limit: limit) {
                bytes.append(contentsOf: entry.utf8)
                bytes.append(UInt8(ascii: "\n"))
            }
            size = bytes.count
            return bytes
        }
        trimThreshold = Self.threshold(after: size)
    }

    /// Adds `line` as the newest entry, dropping the oldest beyond ``limit``.
    ///
    /// Skips a line that is empty or only whitespace, one equal to the newest entry, and one
    /// containing a line break or NUL (it could not be stored as one line). Nothing is trimmed.
    /// - Returns: Whether the line was added.
    @discardableResult
    public mutating func append(_ line: String) -> Bool {
        guard limit > 0, Self.isStorable(line), line != entries.last else { return false }
        entries.append(line)
        if entries.count > limit {
            entries.removeFirst(entries.count - limit)
        }
        return true
    }

    private static func isStorable(_ line: String) -> Bool {
        !line.allSatisfy(\.isWhitespace)
            && !line.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }
    }

    /// Replaces the file with ``entries``, one per line (dropping lines that other
    /// processes appended since they were loaded: the REPL records with ``record(_:)``).
    ///
    /// Writes a temporary file in the same directory, syncs it and renames it over the old
    /// file, so the file has mode 0600 even when an older one had other permissions. Missing
    /// parent directories are created with mode 0700.
    /// - Throws: `SystemError` when a directory or the file cannot be written.
    public func save() throws {
        try FileSystem.createDirectories(FileSystem.parentDirectory(of: path), mode: 0o700)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(0) { $0 + $1.utf8.count + 1 })
        for entry in entries {
            bytes.append(contentsOf: entry.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
    }
}
