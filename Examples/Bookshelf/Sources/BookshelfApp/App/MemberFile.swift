import Foundation
import WayfinderKit

/// Who is signed in, as a file in the data directory (which the launcher makes, mode 0700):
/// the next start resumes the session, and the navigation the kit restores behind the guard.
struct MemberFile {
    let path: String

    /// The member saved, or `nil` when there is no file.
    /// - Throws: When the file cannot be read, or names no member (never taken for "signed out").
    func load() throws(StorageError) -> String? {
        let member: String
        do {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            member = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw StorageError(message: "cannot read \(path): \(error.localizedDescription)")
        }
        guard Bookshelf.members.contains(member) else { throw StorageError(message: "\(path) names no member; remove it to sign in again") }
        return member
    }

    /// Writes `member` (atomically), or removes the file for `nil`.
    func save(_ member: String?) throws(StorageError) {
        do {
            if let member { try member.write(toFile: path, atomically: true, encoding: .utf8) }
            else if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        } catch {
            throw StorageError(message: "cannot save who is signed in to \(path): \(error.localizedDescription)")
        }
    }
}

/// Data that cannot be read or written: the shell says so, and a script ends with status 74.
struct StorageError: ShellError {
    let message: String
    var isStorageFailure: Bool { true }
}
