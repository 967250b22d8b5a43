/// The file operations the app's stores need, crash-safe: files are replaced atomically
/// (temporary file, fsync, rename, directory fsync), so a kill at any moment leaves the old
/// or the new version.
public enum FileSystem {
    /// Replaces the file at `path` with `bytes`; the file gets exactly `mode` (e.g. `0o600`).
    /// - Throws: ``SystemError``; the old file is then untouched.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws(SystemError) {
        try FileCalls.writeFileAtomically(bytes, toPath: path, mode: mode)
    }

    /// The bytes of the file at `path`, or `nil` when there is no such file.
    /// - Throws: ``SystemError`` when it exists but cannot be read.
    public static func read(_ path: String) throws(SystemError) -> [UInt8]? {
        try FileCalls.readFile(atPath: path)
    }

    /// Everything on standard input, to its end.
    /// - Throws: ``SystemError`` when it cannot be read.
    public static func readStandardInput() throws(SystemError) -> [UInt8] {
        try FileCalls.readAll(0, path: "<stdin>")
    }

    /// Reads what is there, up to `buffer.count` bytes, from standard input into `buffer`
    /// (waiting for some when there is none yet); 0 at the end of the input.
    /// - Throws: ``SystemError`` when it cannot be read.
    public static func readStandardInput(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        try FileCalls.readSome(0, into: &buffer, path: "<stdin>")
    }

    /// Creates a new empty file of exactly `mode` beside `path` (`path.tmp-PID-…`, a name
    /// ``removeAbandonedTemporaryFiles(besides:)`` knows), for work to be done in it before
    /// it takes its place.
    /// - Returns: Its path.
    public static func createTemporaryFile(besides path: String, mode: UInt32 = 0o600) throws(SystemError) -> String {
        try FileCalls.createEmptyTemporaryFile(besides: path, mode: mode)
    }

    /// Gives the file at `source` the second name `destination`, only if nothing has that
    /// name yet (`link(2)`: atomic, so of several processes trying at once one wins).
    /// - Returns: Whether it did; `false` when `destination` already existed.
    public static func linkIfAbsent(_ source: String, to destination: String) throws(SystemError) -> Bool {
        try FileCalls.linkIfAbsent(source, to: destination)
    }

    /// `mkdir -p` with `mode` for the directories it creates (e.g. `0o700`).
    /// - Returns: Whether it created `path` itself (false when it was there already).
    @discardableResult
    public static func createDirectories(_ path: String, mode: UInt32 = 0o700) throws(SystemError) -> Bool {
        try FileCalls.createDirectories(atPath: path, mode: mode)
    }

    /// Renames `source` to `destination`, replacing it.
    public static func move(_ source: String, to destination: String) throws(SystemError) {
        try FileCalls.renameFile(source, to: destination)
    }

    /// Removes the file at `path`; a missing file is not an error.
    public static func remove(_ path: String) throws(SystemError) {
        try FileCalls.removeFile(atPath: path)
    }

    /// Sets the permission bits of `path`.
    public static func setMode(_ mode: UInt32, of path: String) throws(SystemError) {
        try FileCalls.setMode(mode, ofPath: path)
    }

    /// Removes the temporary files that ``writeAtomically(_:to:mode:)`` left beside each of
    /// `paths` when its process was killed between writing and renaming (`path.tmp-PID-…`),
    /// for processes that no longer run; a directory is listed once for all its paths. Best
    /// effort: what cannot be removed stays.
    /// - Returns: The paths removed.
    @discardableResult
    public static func removeAbandonedTemporaryFiles(besides paths: String...) -> [String] {
        FileCalls.removeAbandonedTemporaryFiles(besides: paths)
    }

    /// The time now in UTC, as in file names: `20261123T224501Z`.
    public static func utcTimestamp() -> String {
        Platform.utcTimestamp()
    }

    /// What a path names.
    public enum Kind: Hashable, Sendable {
        case file
        case directory
        /// A device, socket, pipe…
        case other
    }

    /// What is at `path` (following symbolic links), or `nil` when nothing is.
    /// - Throws: ``SystemError`` when it cannot be told (a parent directory that may not be
    ///   searched, an I/O error): never taken for "nothing there".
    public static func kind(of path: String) throws(SystemError) -> Kind? {
        try FileCalls.kind(ofPath: path)
    }

    /// The names of the entries of the directory at `path` (without `.` and `..`).
    public static func entries(in path: String) throws(SystemError) -> [String] {
        try FileCalls.directoryEntries(atPath: path)
    }

    /// The permission bits of `path`, or `nil` when it does not exist.
    public static func mode(of path: String) -> UInt32? {
        FileCalls.mode(ofPath: path)
    }

    /// The directory `path` is in (`.` for a bare name).
    public static func parentDirectory(of path: String) -> String {
        FileCalls.parentDirectory(of: path)
    }

}
