import WayfinderKit

/// Who is signed in, as a file in the data directory: the next start resumes the session,
/// and the navigation the kit restores behind the guard.
struct MemberFile {
    let file: DataFile

    /// The member saved, or `nil` when there is no file.
    /// - Throws: When the file cannot be read, or names no member (never taken for "signed out").
    func load() throws(StorageError) -> String? {
        guard let member = try file.text() else { return nil }
        guard Bookshelf.members.contains(member) else { throw StorageError("\(file.path) names no member; remove it to sign in again") }
        return member
    }

    /// Saves `member`, or removes the file for `nil`.
    func save(_ member: String?) throws(StorageError) {
        if let member { try file.write(member) } else { try file.remove() }
    }
}
