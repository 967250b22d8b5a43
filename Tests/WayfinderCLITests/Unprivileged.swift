import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Running the binary as a user without root's powers, for what depends on permissions
/// (root reads a file of mode 000). Run as root, the tests use `setpriv` to become
/// `nobody` (uid and gid 65534) for the run, on a copy of the binary that `nobody` can
/// execute; run as any other user, they run as that user.
enum Unprivileged {
    static let uid: uid_t = 65534

    /// Whether permission tests can run: not root, or root with `setpriv`.
    static var isAvailable: Bool { getuid() != 0 || CLI.which("setpriv") != nil }

    /// The command line prefix that runs the binary unprivileged (`nil`: run it directly).
    static func command() throws -> [String]? {
        guard getuid() == 0 else { return nil }
        guard let setpriv = CLI.which("setpriv") else { return nil }
        return [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", try copiedBinary.get()]
    }

    /// The command line that runs `executable` (another binary of the build) unprivileged:
    /// itself when not running as root, else through `setpriv`, on a copy.
    static func command(running executable: URL) throws -> [String] {
        guard getuid() == 0, let setpriv = CLI.which("setpriv") else { return [executable.path] }
        return [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", try copy(of: executable.path)]
    }

    /// A copy of the binary in a directory everyone may enter (the build directory may be
    /// under a home that `nobody` cannot).
    private static let copiedBinary: Swift.Result<String, any Error> = Swift.Result { try copy(of: CLI.binary.path) }

    /// A copy of the executable at `path` in a new directory everyone may enter.
    ///
    /// `cp` makes the copy in a process of its own: a copy written by this process would be
    /// open for writing here while other tests start processes, and a child forked in that
    /// moment inherits the descriptor, so executing the copy fails with "Text file busy".
    private static func copy(of path: String) throws -> String {
        let directory = try CLI.temporaryDirectory()
        let copy = directory + "/" + URL(fileURLWithPath: path).lastPathComponent
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: CLI.which("cp") ?? "/bin/cp")
        cp.arguments = [path, copy]
        try cp.run()
        cp.waitUntilExit()
        guard cp.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: copy])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        return copy
    }

    /// Makes `path` (and everything under it) belong to the unprivileged user, when running
    /// as root.
    static func giveAway(_ path: String) throws {
        guard getuid() == 0, !path.isEmpty else { return }
        var paths = [path]
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            while let name = enumerator.nextObject() as? String { paths.append(path + "/" + name) }
        }
        for item in paths where lchown(item, uid, uid) != 0 {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: item])
        }
    }
}
