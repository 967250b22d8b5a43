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
        // An empty file is no database the app made (it makes them whole, ``create(_:with:)``):
        // damage, never filled with fresh demo data over what was there.
        let isEmpty: Bool
        do {
            if case .bytes? = try FileSystem.read(path, atMost: 0) { isEmpty = true } else { isEmpty = false }
        } catch {
            throw ServiceError.database(error, path: path, opening: true)
        }
        if isEmpty { throw ServiceError(StorageProblem.damaged.message(database: path, error: "the file is empty: 0 bytes"), kind: .storage) }
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
        // A mode that cannot be changed is left as it is: another user's file (EPERM), whose
        // owner sets it, or a read-only file system (EROFS), where nothing is written.
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
            // What cannot be removed now is by the next start (`removeAbandonedTemporaryFiles`).
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
    /// file is missing or empty, which SQLite leaves it after the last connection closes,
    /// so that a start that only reads would need a disk with free space and a database it
    /// may write (`wayfinder open` on a full disk would fail).
    ///
    /// GRDB stops the process when a database access ends inside a transaction, which only
    /// a rollback that failed leaves: ``access(_:)`` closes such a connection instead (SQLite
    /// rolls the transaction back as it closes), and says so.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.allowsUnsafeTransactions = true
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
            problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
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

    /// Runs `work` in a deferred transaction (GRDB's `inTransaction(.deferred)`: one
    /// snapshot of the database), on the caller's thread; database errors become
    /// ``ServiceError``s.
    ///
    /// Not GRDB's `read`, which also switches the connection to read-only and back around
    /// the transaction (`PRAGMA query_only`): SQLite expires every prepared statement at each
    /// switch, so that every read prepared its statements again, and the piped REPL ran 3,500
    /// to 3,700 commands a second, under its floor of 5,000 (`Benchmarks/scripts/
    /// repl_session.py`, 100,000 commands; 8,400 to 10,400 before, on the same machine at the
    /// same time; 5,700 to 7,300 this way).
    func read<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        try access { queue in try queue.writeWithoutTransaction { db in try Self.inTransaction(.deferred, db, work) } }
    }

    /// Runs `work` in an immediate transaction, on the caller's thread; database errors
    /// become ``ServiceError``s.
    ///
    /// While this process is signed in (``sessionToken``), the transaction first checks,
    /// under the write lock, that the session still exists: a process whose session was
    /// ended by another one writes nothing as that user
    /// (``ServiceError/Kind/signedOut``), even when the sign-out came in between the
    /// command's check and its write.
    func write<T>(_ work: (Database) throws -> T) async throws(ServiceError) -> T {
        let token = sessionToken
        return try access { queue in
            try queue.writeWithoutTransaction { db in
                try Self.inTransaction(.immediate, db) { db in
                    if let token, try !Self.sessionExists(token, in: db) { throw ServiceError.signedOutElsewhere }
                    return try work(db)
                }
            }
        }
    }

    /// The token of the session this process is signed in with, if any (set by the
    /// session store).
    var sessionToken: String? {
        get { connection.session.withLock { $0.token } }
        nonmutating set { connection.session.withLock { $0 = SessionMark(token: newValue) } }
    }

    /// Whether the session of ``sessionToken`` still exists (`false` without one). The
    /// session row is read again only when another connection committed since the last
    /// check (`PRAGMA data_version` changed).
    func sessionIsCurrent() async throws(ServiceError) -> Bool {
        let mark = connection.session.withLock { $0 }
        guard let token = mark.token else { return false }
        let (version, exists) = try await read { db in
            let version = try RenderRequests.dataVersion.fetchOne(db) ?? 0
            return (version, try version == mark.checkedVersion || Self.sessionExists(token, in: db))
        }
        connection.session.withLock { current in
            if exists, current.token == token { current.checkedVersion = version }
        }
        return exists
    }

    private static func sessionExists(_ token: String, in db: Database) throws -> Bool {
        try RenderRequests.sessionExists(token: token).fetchOne(db) == true
    }

    /// Runs `work` in a transaction of `kind`: committed when it returns, rolled back when
    /// it throws or the commit fails. Writes take the write lock at once (immediate), so that
    /// two writers wait for each other (the busy timeout) instead of failing to upgrade a
    /// read lock. A rollback that fails comes out with the error that made it needed
    /// (``RollbackFailure``); a transaction left open is closed by ``access(_:)``.
    private static func inTransaction<T>(_ kind: Database.TransactionKind, _ db: Database, _ work: (Database) throws -> T) throws -> T {
        // Statements prepared once per connection (GRDB's `inTransaction` parses its
        // `BEGIN` and `COMMIT` again each time: a third of a read's cost).
        try db.cachedStatement(sql: kind == .immediate ? "BEGIN IMMEDIATE TRANSACTION" : "BEGIN DEFERRED TRANSACTION").execute()
        let result: T
        do {
            result = try work(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            // `work` failed, or the commit did: nothing of the transaction is kept.
            guard db.isInsideTransaction else { throw error }
            do {
                try db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
            } catch let rollback {
                throw RollbackFailure(cause: error, rollback: rollback)
            }
            throw error
        }
        return result
    }

    /// Runs `body` on the connection (opened first when needed), on the calling thread;
    /// database errors become ``ServiceError``s, and storage failures are counted.
    ///
    /// A failure that leaves the connection inside a transaction (its rollback failed)
    /// closes the connection, which rolls the transaction back, and the error says so; the
    /// next access opens it again.
    private func access<T>(_ body: (DatabaseQueue) throws -> T) throws(ServiceError) -> T {
        var opened: DatabaseQueue?
        do {
            let queue = try connection.queue()
            opened = queue
            return try body(queue)
        } catch {
            var failure = ServiceError.database(error, path: path)
            if let queue = opened, queue.writeWithoutTransaction({ $0.isInsideTransaction }) {
                failure = failure.leftInTransaction(closing: connection.discard(queue))
            }
            if failure.kind == .storage { faults.record() }
            throw failure
        }
    }
}

/// A transaction whose work failed, and whose rollback failed too.
struct RollbackFailure: Error {
    /// Why the transaction was rolled back.
    let cause: any Error
    /// Why the rollback failed.
    let rollback: any Error
}

extension ServiceError {
    /// A failure of the database at `path` (while `opening` it, or later) as a message for
    /// the user, with the advice that fits it (``StorageProblem``); a ``ServiceError``
    /// thrown inside a transaction comes out as it was, unless rolling back after it failed.
    static func database(_ error: any Error, path: String, opening: Bool = false) -> ServiceError {
        if let failure = error as? RollbackFailure {
            let cause = database(failure.cause, path: path, opening: opening)
            return ServiceError("\(cause.message); then rolling back failed: \(failure.rollback)", kind: .storage)
        }
        if let error = error as? ServiceError { return error }
        let message = StorageProblem(error).message(database: path, error: "\(error)")
        return ServiceError(opening ? "cannot open the database: \(message)" : message, kind: .storage)
    }

    /// This failure, which left the connection inside a transaction: the connection was
    /// closed, which rolls the transaction back unless closing failed too (`closing`).
    func leftInTransaction(closing: (any Error)?) -> ServiceError {
        let closed = closing.map { "closing the database failed too (\($0)): restart the app" }
            ?? "the database was closed, which rolled it back, and is opened again by the next command"
        return ServiceError("\(message) (its transaction was left open: \(closed))", kind: .storage)
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

    /// Closes `queue` and forgets it, so that the next use opens the database again.
    /// - Returns: Why closing failed, if it did.
    func discard(_ queue: DatabaseQueue) -> (any Error)? {
        opened.withLock { opened in
            if opened === queue { opened = nil }
        }
        do {
            try queue.close()
            return nil
        } catch {
            return error
        }
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
