import GRDB
import WayfinderSystem

/// What went wrong with the data files, and the advice for it that is safe to follow:
/// `wayfinder reset` (which deletes the data) is offered for a damaged database only,
/// naming the data directory in use, never for a full disk, a permission refused or an
/// I/O error, which say what to free or fix.
enum StorageProblem: Hashable, Sendable {
    case damaged, notADatabase, full, permission, busy, inputOutput, other

    /// The problem `error` (from SQLite through GRDB, or from a system call) shows.
    init(_ error: any Error) {
        if let error = error as? DatabaseError {
            // The WAL index (`-shm`) could not be given its pages: SQLite makes it anew when
            // the first connection opens the database, so a process started on a full disk
            // cannot open it.
            if error.extendedResultCode == .SQLITE_IOERR_SHMSIZE {
                self = .full
                return
            }
            switch error.resultCode {
            case .SQLITE_CORRUPT: self = .damaged
            case .SQLITE_NOTADB: self = .notADatabase
            case .SQLITE_FULL: self = .full
            case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_AUTH: self = .permission
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
            case .SQLITE_IOERR: self = .inputOutput
            default: self = .other
            }
        } else if let error = error as? SystemError {
            self = error.isOutOfSpace ? .full : (error.isPermissionDenied ? .permission : .inputOutput)
        } else {
            self = .other
        }
    }

    /// A sentence for the user about the database at `database`, which failed as
    /// `error` says, and what to do.
    func message(database: String, error: String) -> String {
        let directory = FileSystem.parentDirectory(of: database)
        switch self {
        case .damaged:
            return "the database \(database) is damaged (\(error)): run `wayfinder reset --data-dir \(Self.shellWord(directory))` "
                + "for fresh demo data (it keeps the damaged file aside), or restore a copy of it"
        case .notADatabase:
            return "\(database) is not a SQLite database (\(error)): it is damaged, or another program's file, "
                + "which `wayfinder reset` leaves alone; restore a copy of it, or move it out of \(directory) to start afresh"
        case .full:
            return "the disk holding \(directory) is full (\(error)): free some space on it, then try again; nothing was changed"
        case .permission:
            return "the data in \(directory) cannot be read or written (\(error)): make sure you own \(directory) and its files, "
                + "and may read and write them (ls -la \(Self.shellWord(directory)))"
        case .busy:
            return "the database \(database) is busy (\(error)): another process has been writing to it for a while; try again"
        case .inputOutput:
            return "the database \(database) could not be read or written (\(error)): check the disk, then try again"
        case .other:
            return "the database \(database) failed: \(error)"
        }
    }

    /// `text` as one shell word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
