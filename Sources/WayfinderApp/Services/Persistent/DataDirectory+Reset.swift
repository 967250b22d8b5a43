import Foundation
import GRDB
import WayfinderKit
import WayfinderSystem

extension DataDirectory {
    /// What ``reset()`` did.
    public enum ResetOutcome: Hashable, Sendable {
        /// The files removed (none when there was no directory, or an empty one), and where a
        /// damaged database was kept aside.
        case removed([String], keptAside: [String])
        /// Files with the app's names that are not the app's: nothing was changed.
        case refused([ForeignFile])
        /// The directory holds files, but no Wayfinder database or navigation file (nor a
        /// copy kept aside): it is not a Wayfinder data directory, and nothing was removed.
        case notADataDirectory
        /// Running sessions use the directory (their process ids, where the system says):
        /// nothing was removed, as they would go on writing to files no longer there.
        case inUse([Int32])
    }

    /// A file with one of the app's names whose contents are not the app's.
    public struct ForeignFile: Hashable, Sendable {
        /// The file.
        public let path: String
        /// Why it is not taken for the app's, for the user.
        public let reason: String
    }

    /// Removes the database, the session and the saved navigation, so that the next start
    /// has fresh demo data. Only those files, only in a directory that holds a Wayfinder
    /// database (`wayfinder.sqlite…`) or navigation file (`navigation.json…`), and only once
    /// every one is recognised as the app's: the database (with its `-wal` and `-shm`) when
    /// SQLite reads it as one with the app's tables, the navigation file when it is JSON with
    /// the app's `format`, the session file when it holds a token of the app's form. When one
    /// is not, nothing is changed, and the outcome names it. A database SQLite finds damaged
    /// is never deleted: it is kept aside (``damagedPath(at:)``), its journal with it, which is
    /// what makes the advice given for damage (run `wayfinder reset`) work.
    /// Nothing is removed while a process uses the directory (``DataDirectoryUse``): the
    /// reset holds it whole while it works, and a session that starts meanwhile waits.
    /// - Throws: ``SystemError`` when the directory or a file cannot be examined, moved or
    ///   removed (permissions, I/O), never taken for "nothing there"; `ENOTDIR` when the path
    ///   is not a directory.
    public func reset() throws(SystemError) -> ResetOutcome {
        guard let kind = try FileSystem.kind(of: path) else { return .removed([], keptAside: []) }
        guard kind == .directory else { throw SystemError(operation: "reset", path: path, code: SystemError.notADirectory) }
        let entries = try FileSystem.entries(in: path).filter { $0 != DataDirectoryUse.lockName }
        guard !entries.isEmpty else { return .removed([], keptAside: []) }
        guard entries.contains(where: { $0.hasPrefix("wayfinder.sqlite") || $0.hasPrefix("navigation.json") }) else {
            return .notADataDirectory
        }
        let hold: FileLock
        switch try DataDirectoryUse.exclusive(in: path) {
        case .success(let lock): hold = lock
        case .failure(let inUse): return .inUse(inUse.processes)
        }
        return try withExtendedLifetime(hold) { () throws(SystemError) -> ResetOutcome in try removeFiles() }
    }

    /// The removal itself, once the directory is held: every file checked first, then removed
    /// or kept aside.
    private func removeFiles() throws(SystemError) -> ResetOutcome {
        var removable: [String] = []
        var damaged: [String] = []
        var foreign: [ForeignFile] = []
        for group in try fileGroups() {
            switch try group.verdict() {
            case .ours: removable += try group.filesToRemove()
            case .damaged: damaged += try group.filesToRemove()
            case .foreign(let reason): foreign.append(ForeignFile(path: group.files[0], reason: reason))
            }
        }
        // Checked whole first: a reset that cannot finish changes nothing.
        guard foreign.isEmpty else { return .refused(foreign) }
        var keptAside: [String] = []
        let aside = damagedPath()
        for file in damaged {
            let destination = aside + file.dropFirst(database.count)
            try FileSystem.move(file, to: destination)
            keptAside.append(destination)
        }
        var removed: [String] = []
        for file in removable {
            try FileSystem.remove(file)
            removed.append(file)
        }
        return .removed(removed, keptAside: keptAside)
    }

    /// Where a damaged database is kept when reset at `timestamp`
    /// (`wayfinder.sqlite.damaged-20261128T204501Z`, its `-wal` and `-shm` beside it).
    public func damagedPath(at timestamp: String = FileSystem.utcTimestamp()) -> String {
        "\(database).damaged-\(timestamp)"
    }

    /// The app's files present, in groups removed together (the database with its `-wal`
    /// and `-shm`), each recognised by its first file.
    private func fileGroups() throws(SystemError) -> [FileGroup] {
        var groups: [FileGroup] = []
        var journal: [String] = []
        for file in [database + "-wal", database + "-shm"] where try FileSystem.kind(of: file) != nil { journal.append(file) }
        if try FileSystem.kind(of: database) != nil {
            groups.append(FileGroup(kind: .database, files: [database] + journal))
        } else if !journal.isEmpty {
            groups.append(FileGroup(kind: .journal, files: journal))
        }
        for (kind, file) in [(FileGroup.Kind.session, session), (.navigation, navigation)] where try FileSystem.kind(of: file) != nil {
            groups.append(FileGroup(kind: kind, files: [file]))
        }
        return groups
    }
}

/// Files ``DataDirectory/reset()`` removes together, once the first is recognised as the app's.
private struct FileGroup {
    enum Kind {
        case database, journal, navigation, session
    }

    let kind: Kind
    let files: [String]

    /// The files to remove once the first is recognised: for the database, its `-wal` and
    /// `-shm` as they are now. Reading the database to recognise it makes them when they
    /// were not there (SQLite does for any connection to a WAL database), and a read-only
    /// connection leaves them behind when it closes.
    func filesToRemove() throws(SystemError) -> [String] {
        guard kind == .database else { return files }
        var present = [files[0]]
        for file in [files[0] + "-wal", files[0] + "-shm"] where try FileSystem.kind(of: file) != nil { present.append(file) }
        return present
    }

    /// What the first file is.
    enum Verdict: Hashable {
        /// The app's: removed by a reset.
        case ours
        /// The app's database, which SQLite finds damaged: kept aside by a reset.
        case damaged
        /// Not the app's, for the reason given: a reset changes nothing.
        case foreign(String)
    }

    /// What the first file is.
    /// - Throws: ``SystemError`` when it cannot be read.
    func verdict() throws(SystemError) -> Verdict {
        guard kind == .database else { return try foreignness().map(Verdict.foreign) ?? .ours }
        // Reading the database makes its `-wal` and `-shm` when they were not there (SQLite
        // does for any connection to a WAL database): those are taken away again, so that a
        // reset that changes nothing leaves the directory as it was.
        let journal = [files[0] + "-wal", files[0] + "-shm"]
        var absent: [String] = []
        for file in journal where try FileSystem.kind(of: file) == nil { absent.append(file) }
        let verdict: Verdict
        do {
            verdict = try databaseVerdict(files[0])
        } catch {
            // Taken away as well as can be: the error told is the one that stopped the read.
            for file in absent { try? FileSystem.remove(file) }
            throw error
        }
        for file in absent { try FileSystem.remove(file) }
        return verdict
    }

    /// Why the first file is not the app's, or `nil` when it is (for the files but the
    /// database).
    /// - Throws: ``SystemError`` when it cannot be read.
    private func foreignness() throws(SystemError) -> String? {
        let file = files[0]
        switch kind {
        case .database:
            return nil
        case .journal:
            // A WAL file whose database is gone: empty (as the app leaves it), or one
            // that starts as SQLite's do.
            guard let bytes = try FileSystem.read(file), !bytes.isEmpty else { return nil }
            return [[0x37, 0x7F, 0x06, 0x82], [0x37, 0x7F, 0x06, 0x83]].contains(Array(bytes.prefix(4))) ? nil : "not a SQLite WAL file"
        case .navigation:
            let bytes = try FileSystem.read(file) ?? []
            // A file that does not read as JSON is, by that, not a navigation file.
            let json = try? JSONValue(parsing: bytes)
            guard case .string(NavigationStateFile.format)? = json?.member("format"), case .int? = json?.member("version") else {
                return "not a Wayfinder navigation file"
            }
            return nil
        case .session:
            let bytes = try FileSystem.read(file) ?? []
            let isToken = bytes.count == 65 && bytes.last == UInt8(ascii: "\n") && bytes.dropLast().allSatisfy(Hexadecimal.isDigit)
            return isToken ? nil : "not a Wayfinder session file (64 hexadecimal digits and a newline)"
        }
    }

    /// Whether the file at `path` is the app's database: SQLite must open it (read-only) and
    /// find the app's tables; one SQLite finds damaged (`SQLITE_CORRUPT`), and an empty file
    /// (the app never leaves one), are the app's, damaged.
    /// - Throws: ``SystemError`` (`ENOSPC`) when a full disk keeps SQLite from reading it:
    ///   nothing is known of the file then, and it is never called another program's.
    private func databaseVerdict(_ path: String) throws(SystemError) -> Verdict {
        if case .bytes? = try FileSystem.read(path, atMost: 0) { return .damaged }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }  // Read-only: closing it writes nothing and loses nothing.
            let (tables, migrated) = try queue.read { db in
                (try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")),
                 try !AppDatabase.migrator(with: []).appliedMigrations(db).isEmpty)
            }
            let missing = ["user", "post", "session"].filter { !tables.contains($0) } + (migrated ? [] : ["record of the app's migrations"])
            return missing.isEmpty ? .ours : .foreign("a SQLite database without the app's tables (no \(missing.joined(separator: ", ")))")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return .damaged
        } catch {
            // A WAL database is read through an index SQLite makes beside it (`-shm`).
            if StorageProblem(error) == .full { throw SystemError(operation: "read", path: path, code: SystemError.outOfSpace) }
            return .foreign("not readable as the app's SQLite database (\(error))")
        }
    }
}
