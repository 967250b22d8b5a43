import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs of its own, to fill up (needs root: tests using it are skipped otherwise).
struct SmallDisk {
    let mountPoint: String

    /// Whether a tmpfs can be mounted here (root, and a kernel that lets this process).
    static let isAvailable: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk() else { return false }
        disk.unmount()
        return true
    }()

    /// Mounts a new tmpfs of `kilobytes` in a new temporary directory.
    init(kilobytes: Int = 2048) throws {
        mountPoint = try CLI.temporaryDirectory()
        guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: mountPoint])
        }
    }

    private var filler: String { mountPoint + "/filler" }

    /// Fills every free block but `kilobytes`.
    func fill(leaving kilobytes: Int = 0) throws {
        var status = statvfs()
        #expect(statvfs(mountPoint, &status) == 0)
        let free = Int(status.f_bavail) * Int(status.f_frsize)
        let block = [UInt8](repeating: 0, count: 4096)
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        for _ in 0..<max(0, (free - kilobytes * 1024) / block.count) {
            guard block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 else { break }
        }
        guard kilobytes == 0 else { return }
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
    }

    /// Frees what ``fill()`` took.
    func free() throws {
        try FileManager.default.removeItem(atPath: filler)
    }

    func unmount() {
        _ = umount2(mountPoint, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: mountPoint)
    }
}

/// No claim of success that did not happen: on a full disk, a command whose write failed
/// says so on standard error, prints no success, exits 74, and the next start (once space
/// is free) shows the true state.
@Suite(.serialized, .enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
struct FullDiskTests {
    /// A data directory on a small disk, alice signed in on post 7 by a run that has ended.
    static func signedIn(on disk: SmallDisk) throws -> String {
        let directory = disk.mountPoint + "/data"
        let setUp = try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nopen wayfinder://main/feed/post/7\n")
        #expect(setUp.status == 0, "\(setUp.stderr)")
        return directory
    }

    /// A REPL started in `directory`, signed in there, that has read from the database: it
    /// keeps the database open (and SQLite's `-wal` and `-shm` files, which a process
    /// starting on a full disk cannot make: `aStartOnAFullDiskSaysSoAndChangesNothing`).
    static func runningREPL(in directory: String) throws -> LiveProcess {
        let repl = try LiveProcess(["--data-dir", directory])
        let shown = try repl.run("where")
        #expect(shown.stdout.hasSuffix("wayfinder://main/feed/post/7\n"), "\(shown.stdout)\(shown.stderr)")
        return repl
    }

    @Test func aSignOutThatCouldNotBeWrittenSaysSoAndTheUserStaysSignedIn() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        let repl = try Self.runningREPL(in: directory)
        try disk.fill()
        let logout = try repl.run("logout")
        #expect(!logout.stdout.contains("Signed out"), "\(logout.stdout)")
        #expect(logout.stderr.hasPrefix("wayfinder: error: could not sign out: "), "\(logout.stderr)")
        #expect(logout.stderr.contains("(still signed in as alice)"))
        #expect(try repl.finish().status == 74)
        try disk.free()
        let after = try CLI.run(["--data-dir", directory], stdin: "where\nstate\n")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.hasPrefix("wayfinder://main/feed/post/7\n"), "\(after.stdout)")
        #expect(after.stdout.contains("\"user\":\"alice\""))
    }

    @Test(arguments: [
        ("like", "open wayfinder://main/feed/post/7\nlike\n", "Liked."),
        ("publish", "open wayfinder://main/feed/compose\nconfirm\ntitle Full\nbody A full disk\npublish\n", "Published"),
    ])
    func aSaveThatCouldNotBeWrittenSaysSoAndNothingChanged(name: String, commands: String, success: String) throws {
        try Self.expectRefusedOnAFullDisk(name: name, commands: commands, success: success)
    }

    /// Runs `commands` in a REPL signed in when the disk filled up: exit 74, no `success` on
    /// stdout, the full disk named with what to do (never a reset), and nothing written.
    static func expectRefusedOnAFullDisk(name: String, commands: String, success: String) throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        let before = try Self.snapshot(of: directory)
        let repl = try Self.runningREPL(in: directory)
        try disk.fill()
        repl.send(commands)
        let (status, result) = try repl.finish()
        #expect(status == 74, "\(name): \(result.stderr)")
        #expect(!result.stdout.contains(success), "\(name): \(result.stdout)")
        Self.expectFullDiskAdvice(in: result.stderr, name)
        try disk.free()
        #expect(try Self.snapshot(of: directory) == before, "\(name): nothing was written")
    }

    /// `stderr` names the full disk and says what to do: free space, never a reset.
    static func expectFullDiskAdvice(in stderr: String, _ name: String) {
        #expect(stderr.contains("is full"), "\(name): \(stderr)")
        #expect(stderr.contains("free some space"))
        #expect(!stderr.contains("reset"), "no reset for a full disk: \(stderr)")
    }

    @Test func aStartOnAFullDiskSaysSoAndChangesNothing() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        let before = try Self.snapshot(of: directory)
        try disk.fill()
        // The session is in the database, which SQLite cannot open without room for its
        // `-shm` file (the last process to close it removed it).
        let start = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(start.status == 74, "\(start.stdout)\(start.stderr)")
        #expect(start.stdout.isEmpty, "\(start.stdout)")
        Self.expectFullDiskAdvice(in: start.stderr, "start")
        try disk.free()
        #expect(try Self.snapshot(of: directory) == before)
        #expect(try CLI.run(["--data-dir", directory], stdin: "where\n").stdout == "wayfinder://main/feed/post/7\n")
    }

    /// `reset` on a full disk cannot read the database (SQLite makes its `-shm` to read a WAL
    /// file): it names the full disk, never calls the app's own database another program's,
    /// and removes nothing.
    @Test func aResetOnAFullDiskNamesTheFullDiskAndRemovesNothing() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        let before = try Self.snapshot(of: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        try disk.fill()
        let reset = try CLI.run(["reset", "--data-dir", directory])
        #expect(reset.status == 74, "\(reset.stdout)\(reset.stderr)")
        #expect(reset.stdout.isEmpty)
        #expect(!reset.stderr.contains("not the app's"), "\(reset.stderr)")
        #expect(reset.stderr.contains("nothing was removed"))
        Self.expectFullDiskAdvice(in: reset.stderr, "reset")
        try disk.free()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == files)
        #expect(try Self.snapshot(of: directory) == before)
    }

    @Test func aSignInOrAnAccountThatCouldNotBeWrittenSaysSo() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try Self.signedIn(on: disk)
        #expect(try CLI.run(["--data-dir", directory], stdin: "logout\n").status == 0)
        try disk.fill()
        let login = try CLI.run(["--data-dir", directory], stdin: "login bob\nwonderland\nwhere\n")
        #expect(login.status == 74, "\(login.stderr)")
        #expect(!login.stdout.contains("Signed in"))
        #expect(login.stdout.hasSuffix("wayfinder://login\n"), "\(login.stdout)")
        let register = try CLI.run(["--data-dir", directory], stdin: "register\ncreate zoe\nlong enough password\nlong enough password\n")
        #expect(register.status == 74, "\(register.stdout)\(register.stderr)")
        try disk.free()
        #expect(try CLI.run(["--data-dir", directory], stdin: "state\n").stdout.contains("\"user\":null"))
    }

    /// What the commands above could change: sessions, likes, alice's profile, posts, flags,
    /// notification settings.
    static func snapshot(of directory: String) throws -> [String] {
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in
            var queries = ["SELECT token FROM session", "SELECT postID || ':' || userID FROM postLike", "SELECT displayName || bio FROM user WHERE id = 1",
                           "SELECT id FROM post", "SELECT id || value FROM flagOverride"]
            // Settings' own table, when that feature is built in (the removal check leaves it out).
            if try db.tableExists("notificationSetting") { queries.append("SELECT kind || enabled FROM notificationSetting") }
            return try queries.flatMap { sql in try String.fetchAll(db, sql: sql + " ORDER BY 1") }
        }
    }
}
