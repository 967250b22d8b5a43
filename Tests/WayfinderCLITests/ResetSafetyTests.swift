import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hints that are safe to follow: `reset` is suggested for a damaged database only, naming
/// the data directory in use, and `reset` deletes a file only once it is recognised as the
/// app's; anything else is left in place and named (exit 65).
@Suite struct ResetSafetyTests {
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [
        ("navigation.json", "{\"format\":\"someone-else\",\"version\":1}", "not a Wayfinder navigation file"),
        ("navigation.json", "my notes, not JSON", "not a Wayfinder navigation file"),
        ("session", "a token of another program\n", "not a Wayfinder session file"),
        ("wayfinder.sqlite", "plain text named like a database", "not readable as the app's SQLite database"),
    ])
    func aFileWithTheAppsNameButNotItsContentsIsLeftAndNamed(name: String, contents: String, reason: String) throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        try Self.write(contents, to: directory + "/" + name)
        let before = DataDirectoryChoiceTests.files(in: directory)
        let result = try CLI.run(["reset", "--data-dir", directory])
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("wayfinder: error: \(directory)/\(name) is not the app's: \(reason)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("wayfinder: error: nothing was removed\n"), "\(result.stderr)")
        #expect(try String(contentsOfFile: directory + "/" + name, encoding: .utf8) == contents, "left as it was")
        // Checked whole first: a reset that cannot finish changes nothing.
        #expect(DataDirectoryChoiceTests.files(in: directory) == before)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test func anotherProgramsSQLiteDatabaseIsLeftWithItsJournal() throws {
        let directory = try CLI.temporaryDirectory()
        let queue = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        try queue.write { db in try db.execute(sql: "CREATE TABLE invoice (id INTEGER PRIMARY KEY); INSERT INTO invoice VALUES (1)") }
        try queue.close()
        try Self.write("{\"format\":\"wayfinder-navigation\",\"version\":1,\"navigation\":{}}", to: directory + "/navigation.json")
        let result = try CLI.run(["reset", "--data-dir", directory])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(directory)/wayfinder.sqlite is not the app's: a SQLite database without the app's tables"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing removed, the app's navigation file neither")
        #expect(FileManager.default.fileExists(atPath: directory + "/navigation.json"))
        let kept = try DatabaseQueue(path: directory + "/wayfinder.sqlite")
        #expect(try kept.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM invoice") } == 1)
    }

    @Test func theDamageHintNamesTheDataDirectoryInUseAsOneShellWord() throws {
        let parent = try CLI.temporaryDirectory()
        let directory = parent + "/my data"
        #expect(try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\n").status == 0)
        try DamagedDataTests.damageDatabase(in: directory)
        let result = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(result.status == 74)
        #expect(result.stderr.contains("run `wayfinder reset --data-dir '\(directory)'` for fresh demo data"), "\(result.stderr)")
        // Following it resets that directory, and no other.
        let home = try DataDirectoryChoiceTests.populatedDirectory()
        let reset = try CLI.run(["reset", "--data-dir", directory], environment: ["WAYFINDER_HOME": home])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(DataDirectoryChoiceTests.files(in: home).contains("wayfinder.sqlite"))
        #expect(try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nwhere\n").status == 0)
    }

    @Test func aWALFileLeftWithoutItsDatabaseIsNotReadIntoANewOne() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        try FileManager.default.removeItem(atPath: directory + "/wayfinder.sqlite")
        try Self.write("frames of a database that is gone", to: directory + "/wayfinder.sqlite-wal")
        let result = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(result.status == 74)
        #expect(result.stderr.contains("wayfinder.sqlite-wal holds changes for a database that is gone"), "\(result.stderr)")
        #expect(!result.stderr.contains("reset"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/wayfinder.sqlite"))
    }
}

/// A permission refused says what to fix, never to reset.
@Suite(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
struct PermissionHintTests {
    @Test func aDatabaseThatCannotBeWrittenSaysWhatToFixAndNotToReset() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory(unprivileged: true)
        #expect(chmod(directory + "/wayfinder.sqlite", 0o444) == 0)
        let result = try CLI.run(["--data-dir", directory], stdin: "open wayfinder://main/feed/post/7\nlike\n", unprivileged: true)
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("the data in \(directory) cannot be read or written"), "\(result.stderr)")
        #expect(result.stderr.contains("make sure you own"))
        #expect(!result.stderr.contains("reset"))
    }
}
