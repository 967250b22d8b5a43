import GRDB
import Wayfinder
import WayfinderSystem

/// Sessions on the SQLite database: a random token in the `session` table and in a
/// 0600 file beside the database. The password is never stored.
public struct SQLiteSessionStore: SessionStore {
    let database: AppDatabase
    let tokenFile: String

    /// Creates the store; the token lives in `tokenFile`.
    public init(database: AppDatabase, tokenFile: String) {
        self.database = database
        self.tokenFile = tokenFile
    }

    public func restore() async throws(ServiceError) -> User? {
        // No file: signed out. A file that cannot be read (permissions, I/O) is an error,
        // never taken for "no session".
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.read(tokenFile) else { return nil }
            bytes = read
        } catch {
            database.faults.record()
            throw ServiceError("cannot read the session file: \(error)", kind: .storage)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let token = String(text[start..<(text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start)])
        guard token.utf8.count == 64, token.utf8.allSatisfy(Hexadecimal.isDigit) else { return nil }
        let user = try await database.read { db in
            try SessionRecord.fetchOne(db, key: token).flatMap { session in try User.fetchOne(db, id: session.userID) }
        }
        if user == nil {
            // Ended elsewhere (logout in another process): forget it here too. A file that
            // cannot be removed names no session all the same: the next start finds that
            // again, and tries again.
            try? FileSystem.remove(tokenFile)
        } else {
            database.sessionToken = token
        }
        return user
    }

    public func start(for user: User) async throws(ServiceError) {
        // A new session does not depend on the one before: that one was ended (here, or by
        // another process, which only this process's next write would otherwise notice).
        database.sessionToken = nil
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return Hexadecimal.string(byte, minimumDigits: 2, uppercase: false)
        }.joined()
        try await database.write { db in
            try SessionRecord(token: token, userID: user.id).insert(db)
        }
        do {
            try FileSystem.writeAtomically(Array((token + "\n").utf8), to: tokenFile, mode: 0o600)
        } catch {
            database.faults.record()
            throw ServiceError("could not save the session: \(error)\(await withdrawn(token))", kind: .storage)
        }
        database.sessionToken = token
    }

    public func end(for user: User) async throws(ServiceError) {
        // Unguarded by the session being ended (``AppDatabase/write(_:)``): ending a
        // session already ended elsewhere is no error.
        let token = database.sessionToken
        database.sessionToken = nil
        do {
            try await database.write { db in
                _ = try SessionRecord.filter(SessionRecord.Columns.userID == user.id).deleteAll(db)
            }
        } catch {
            database.sessionToken = token
            throw error
        }
        // The session has ended (the database says so for every process). A token file
        // that cannot be removed names no session: the next start takes it for "signed
        // out" and removes it then.
        try? FileSystem.remove(tokenFile)
    }

    /// Removes the session `token` from the database: without its file it cannot be resumed,
    /// so it is not started at all. What to add to the error when that fails too (the row
    /// stays, naming a session no process holds: the next sign-out of the user removes it).
    private func withdrawn(_ token: String) async -> String {
        do {
            try await database.write { db in _ = try SessionRecord.deleteOne(db, key: token) }
            return ""
        } catch {
            return "; removing the session from the database failed too: \(error.message)"
        }
    }

    public func isCurrent() async throws(ServiceError) -> Bool {
        try await database.sessionIsCurrent()
    }
}
