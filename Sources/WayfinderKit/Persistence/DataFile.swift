import WayfinderSystem

/// A small file of an app's own in its data directory (who is signed in, say): read whole,
/// replaced atomically (a crash leaves the old file or the new one, never half of one),
/// mode 0600. A file that cannot be read or written is a ``StorageError``, never taken for a
/// missing one.
///
/// ```swift
/// let file = DataFile(named: "member", in: dataDirectory)
/// try file.write("ana")
/// let member = try file.text()        // "ana"; nil once removed
/// ```
public struct DataFile: Hashable, Sendable {
    /// The file.
    public let path: String

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file `name` in `directory`.
    public init(named name: String, in directory: String) {
        self.init(path: directory + "/" + name)
    }

    /// The file's bytes, or `nil` when there is no file.
    /// - Throws: ``StorageError`` when it cannot be read.
    public func bytes() throws(StorageError) -> [UInt8]? {
        do {
            return try FileSystem.read(path)
        } catch {
            throw StorageError("cannot read \(path): \(error.reason)")
        }
    }

    /// The file's text, or `nil` when there is no file.
    /// - Throws: ``StorageError`` when it cannot be read or is not UTF-8.
    public func text() throws(StorageError) -> String? {
        guard let bytes = try bytes() else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw StorageError("\(path) is not UTF-8 text") }
        return text
    }

    /// Replaces the file with `bytes`, atomically, mode 0600.
    /// - Throws: ``StorageError`` when it cannot be written (nothing changed then).
    public func write(bytes: [UInt8]) throws(StorageError) {
        do {
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
        } catch {
            throw StorageError("cannot write \(path): \(error.reason)")
        }
    }

    /// Replaces the file with `text`, atomically, mode 0600.
    /// - Throws: ``StorageError`` when it cannot be written (nothing changed then).
    public func write(_ text: String) throws(StorageError) {
        try write(bytes: Array(text.utf8))
    }

    /// Removes the file; no file is no error.
    /// - Throws: ``StorageError`` when it cannot be removed.
    public func remove() throws(StorageError) {
        do {
            try FileSystem.remove(path)
        } catch {
            throw StorageError("cannot remove \(path): \(error.reason)")
        }
    }
}

/// Data that could not be read or written (a full disk, permissions, damage, I/O): the
/// shell shows the message, and a script ends with status 74.
public struct StorageError: ShellError, Hashable, CustomStringConvertible {
    /// What went wrong, for a person.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// Always.
    public var isStorageFailure: Bool { true }
    /// ``message``.
    public var description: String { message }
}
