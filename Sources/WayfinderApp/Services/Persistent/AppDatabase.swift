import GRDB
import Synchronization
import WayfinderSystem

/// The app's SQLite database, through GRDB: versioned migrations, WAL mode, the demo data
/// seeded on first run.
///
/// One connection: the app runs one command at a time, so a pool of readers would only add
/// connections to open and a pool to go through for every read. WAL mode (kept in the file)
/// lets other processes on the same data read while this one writes, and the other way round.
public struct AppDatabase: Sendable {
    /// The file.
    public let path: String
    /// Where its storage failures are counted.
    public let faults: StorageFaults
    /// The connection, once open.
    private let connection: Connection

    /// The database at `path`, opened by its first read or write: created when missing,
    /// migrated, checked. A run that needs no data (`wayfinder open` while signed out)
    /// never opens it; a failure to open it comes out of that first read or write as a
    /// ``ServiceError`` naming the file, and the next one tries again.
    /// - Parameters:
    ///   - migrations: The features' migrations (``FeatureStorage``), run after the app's own.
    ///   - faults: Where storage failures are counted.
    public init(path: String, migrations: [DatabaseMigration] = [], faults: StorageFaults = StorageFaults()) {
        self.path = path
        self.faults = faults
        self.connection = Connection(path: path, migrations: migrations)
    }

    /// Opens the connection (foreign keys, a busy timeout, WAL), then brings the schema up
    /// to the app's migrations and `features`'. A missing database is first made whole
    /// beside it (``create(_:with:)``).
    fileprivate static func open(_ path: String, features: [DatabaseMigration]) throws(ServiceError) -> DatabaseQueue {
        let queue: DatabaseQueue
        do {
            // Made here, not with the value: a run that never opens the database runs no
            // GRDB code at all.
            let migrator = Self.migrator(with: features)
            if try FileSystem.kind(of: path) == nil { try create(path, with: migrator) }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try migrate(queue, with: migrator)
        } catch {
            throw ServiceError.database(error, path: path, opening: true)
        }
        try check(queue, path: path)
        // The database holds password hashes and session tokens: owner only (made so, and
        // kept so should an older version have made it otherwise).
        for suffix in ["", "-wal", "-shm"] { try? FileSystem.setMode(0o600, of: path + suffix) }
        return queue
    }

    /// Makes the database at `path`: in a new file of mode 0600 beside it, migrated and
    /// seeded, then given its name only if that is still free (`link`: of several
    /// processes starting at once on a new data directory, one wins, and the others use
    /// its database). No process ever opens a database that is not whole, and SQLite never
    /// has several processes creating the same file. (SQLite gives the `-wal` and `-shm`
    /// files the database's mode.)
    ///
    /// The new file is written with a rollback journal, each commit synced into it (a full
    /// disk fails the commit), and only then switched to WAL: through WAL, the pages would
    /// reach the file at the checkpoint of the last close, whose failure (a full disk
    /// again) SQLite does not report, and a file only half written would take the name.
    private static func create(_ path: String, with migrator: DatabaseMigrator) throws {
        // Frames left in a `-wal` whose database is gone would be read into the new one.
        if let frames = try FileSystem.read(path + "-wal"), !frames.isEmpty {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "\(path)-wal holds changes for a database that is gone: move it (and \(path)-shm) away first")
        }
        let temporary = try FileSystem.createTemporaryFile(besides: path, mode: 0o600)
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileSystem.remove(temporary + suffix) }
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: temporary, configuration: configuration)
        try migrator.migrate(queue)
        try queue.writeWithoutTransaction { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(message: "could not turn on WAL mode")
            }
        }
        try queue.close()
        _ = try FileSystem.linkIfAbsent(temporary, to: path)
    }

    /// Foreign keys, a busy timeout, WAL, and the settings that go with it: what every
    /// connection needs at open (GRDB's `prepareDatabase`).
    ///
    /// Not GRDB's `journalMode = .wal`: that one writes a transaction whenever the `-wal`
    /// file is missing or empty, which SQLite leaves it after the last connection closes:
    /// a write, and its syncs, at every start.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL is a property of the file: this only changes a new (or rolled-back) one.
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(message: "could not turn on WAL mode")
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
        }
        return configuration
    }

    /// Refuses a damaged database at open, before any screen shows its data. `PRAGMA
    /// quick_check` (not `integrity_check`, which also checks indexes against their tables)
    /// reads every page once, so its cost grows with the file: for the app's data it is
    /// small beside the start of the process.
    private static func check(_ queue: DatabaseQueue, path: String) throws(ServiceError) {
        let problems: [String]
        do {
            problems = try queue.writeWithoutTransaction { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        } catch {
            // Not read to the end: what stopped it says what is wrong (damage, or I/O…).
            throw ServiceError.database(error, path: path)
        }
        guard problems != ["ok"] else { return }
        let first = problems.first ?? "no answer"
        throw ServiceError(StorageProblem.damaged.message(database: path, error: first), kind: .storage)
    }

    /// The size, in bytes, past which the `-wal` file is cut back after a checkpoint
    /// (`PRAGMA journal_size_limit`): a long session's file does not keep the size of its
    /// largest transaction. (The last connection to close checkpoints it and removes it.)
    static let walSizeLimit = 1 << 20

    /// Runs `work` in a read (deferred) transaction on the caller's thread (a local database
    /// answers in microseconds: no hop to another thread and back); database errors become
    /// ``ServiceError``s. GRDB's own `read` would also switch the connection to read-only and
    /// back, two more statements for every read.
    func read<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try inTransaction(.deferred, work)
    }

    /// Runs `work`, which reads with a single statement, on the caller's thread outside any
    /// transaction: one statement reads one snapshot of the database by itself, and `BEGIN`
    /// and `COMMIT` around it would be two more statements (about a twentieth of a REPL
    /// command's work, for the several reads a screen makes). Database errors become
    /// ``ServiceError``s.
    func readOne<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try onConnection(work)
    }

    /// Runs `work` in a write (immediate) transaction on the caller's thread; database
    /// errors become ``ServiceError``s.
    ///
    /// While this process is signed in (``sessionToken``), the transaction first checks,
    /// under the write lock, that the session still exists: a process whose session was
    /// ended by another one writes nothing as that user
    /// (``ServiceError/Kind/signedOut``), even when the sign-out came in between the
    /// command's check and its write.
    func write<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        let token = sessionToken
        return try inTransaction(.immediate) { db in
            if let token, try !Self.sessionExists(token, in: db) { throw ServiceError.signedOutElsewhere }
            return try work(db)
        }
    }

    /// The token of the session this process is signed in with, if any (set by the
    /// session store).
    var sessionToken: String? {
        get { connection.session.withLock { $0.token } }
        nonmutating set { connection.session.withLock { $0 = SessionMark(token: newValue) } }
    }

    /// Whether the session of ``sessionToken`` still exists (`false` without one). Cheap
    /// when no other connection committed since the last check: `PRAGMA data_version`
    /// changes only then, and the session row is read again only then.
    func sessionIsCurrent() throws(ServiceError) -> Bool {
        let mark = connection.session.withLock { $0 }
        guard let token = mark.token else { return false }
        let (version, exists) = try onConnection { db in
            let version = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            return (version, try version == mark.checkedVersion || Self.sessionExists(token, in: db))
        }
        connection.session.withLock { current in
            if exists, current.token == token { current.checkedVersion = version }
        }
        return exists
    }

    private static func sessionExists(_ token: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM session WHERE token = ?)"), arguments: [token]) == true
    }

    /// Runs `work` in a transaction of `kind` on the calling thread; rolls back when it throws.
    /// `BEGIN` and `COMMIT` are cached statements (GRDB's `inTransaction` parses them anew
    /// each time).
    private func inTransaction<T>(_ kind: TransactionKind, _ work: (Database) throws -> T) throws(ServiceError) -> T {
        try onConnection { db in
            try db.cachedStatement(sql: kind.begin).execute()
            do {
                let result = try work(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return result
            } catch {
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                throw error
            }
        }
    }

    /// Runs `work` on the connection (opened first when needed), on the calling thread, in
    /// no transaction of its own; database errors become ``ServiceError``s.
    private func onConnection<T>(_ work: (Database) throws -> T) throws(ServiceError) -> T {
        do {
            return try connection.queue().writeWithoutTransaction(work)
        } catch {
            let failure = ServiceError.database(error, path: path)
            if failure.kind == .storage { faults.record() }
            throw failure
        }
    }

    /// How a transaction takes its locks.
    private enum TransactionKind {
        /// Reads: the snapshot is taken at the first read.
        case deferred
        /// Writes: the write lock is taken at once, so that two writers wait for each other
        /// (the busy timeout) instead of failing to upgrade a read lock.
        case immediate

        var begin: String {
            switch self {
            case .deferred: "BEGIN DEFERRED TRANSACTION"
            case .immediate: "BEGIN IMMEDIATE TRANSACTION"
            }
        }
    }
}

extension ServiceError {
    /// A failure of the database at `path` (while `opening` it, or later) as a message for
    /// the user, with the advice that fits it (``StorageProblem``); a ``ServiceError``
    /// thrown inside a transaction comes out as it was.
    static func database(_ error: any Error, path: String, opening: Bool = false) -> ServiceError {
        if let error = error as? ServiceError { return error }
        let message = StorageProblem(error).message(database: path, error: "\(error)")
        return ServiceError(opening ? "cannot open the database: \(message)" : message, kind: .storage)
    }

    /// A write refused because this process's session was ended elsewhere.
    static let signedOutElsewhere = ServiceError("you were signed out elsewhere (the session was ended by another process): nothing was saved", kind: .signedOut)
}

/// The session a process writes as, and the `PRAGMA data_version` at which it was last
/// found to exist.
private struct SessionMark {
    var token: String?
    var checkedVersion: Int?
}

/// The one connection of an ``AppDatabase``, opened on first use; shared by its copies.
private final class Connection: Sendable {
    let path: String
    /// The features' migrations, run after the app's own.
    let migrations: [DatabaseMigration]
    private let opened = Mutex<DatabaseQueue?>(nil)
    /// See ``AppDatabase/sessionToken``.
    let session = Mutex(SessionMark())

    init(path: String, migrations: [DatabaseMigration]) {
        self.path = path
        self.migrations = migrations
    }

    /// The open connection; opens it first when needed.
    func queue() throws(ServiceError) -> DatabaseQueue {
        let result: Result<DatabaseQueue, ServiceError> = opened.withLock { opened in
            if let opened { return .success(opened) }
            do throws(ServiceError) {
                let queue = try AppDatabase.open(path, features: migrations)
                opened = queue
                return .success(queue)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
