import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing lost, no error hidden: where the data directory comes from, what `reset` may
/// delete, and permission errors (run as a user other than root: see ``Unprivileged``).
@Suite struct DataDirectoryChoiceTests {
    /// A data directory with the app's files in it (the database made, alice signed in).
    static func populatedDirectory(unprivileged: Bool = false) throws -> String {
        let directory = try CLI.temporaryDirectory()
        try Unprivileged.giveAway(directory)
        let result = try CLI.run(
            ["--data-dir", directory, "--fresh"], stdin: "login alice\nwonderland\nopen wayfinder://main/feed/post/4\nquit\n",
            unprivileged: unprivileged)
        #expect(result.status == 0, "\(result.stderr)")
        for file in ["wayfinder.sqlite", "session", "navigation.json"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file) was made")
        }
        return directory
    }

    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test(arguments: [["reset"], ["open", "wayfinder://main/feed"], ["resolve", "wayfinder://main/feed"], []])
    func anEmptyDataDirIsAUsageErrorAndTouchesNothing(command: [String]) throws {
        // The default directory (WAYFINDER_HOME) holds data that must survive.
        let home = try Self.populatedDirectory()
        let before = Self.files(in: home)
        guard command != ["resolve", "wayfinder://main/feed"] else {
            // `resolve` has no data directory: it does not take the option at all.
            let result = try CLI.run(command + ["--data-dir", ""], environment: ["WAYFINDER_HOME": home])
            #expect(result.status == 64)
            return
        }
        let result = try CLI.run(command + ["--data-dir", ""], environment: ["WAYFINDER_HOME": home])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "wayfinder: error: --data-dir is empty: name a directory (is a variable in the script unset?)\n")
        #expect(Self.files(in: home) == before)
    }

    @Test func anEmptyWayfinderHomeIsAUsageErrorAndTheDefaultIsNotReached() throws {
        let home = try CLI.temporaryDirectory()
        let defaultDirectory = home + "/.local/share/wayfinder"
        try FileManager.default.createDirectory(atPath: defaultDirectory, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: defaultDirectory + "/wayfinder.sqlite"))
        let result = try CLI.run(["reset"], environment: ["WAYFINDER_HOME": "", "HOME": home, "XDG_DATA_HOME": ""])
        #expect(result.status == 64)
        #expect(result.stderr == "wayfinder: error: WAYFINDER_HOME is set but empty: name a directory, or unset it to use the default\n")
        #expect(FileManager.default.fileExists(atPath: defaultDirectory + "/wayfinder.sqlite"))
    }

    @Test(arguments: ["", "relative/dir"])
    func anEmptyOrRelativeXDGDataHomeIsIgnored(xdg: String) throws {
        let home = try CLI.temporaryDirectory()
        // Signing in makes the database (it is opened by the first read).
        let result = try CLI.run(
            ["--fresh"], stdin: "login alice\nwonderland\nquit\n", environment: ["HOME": home, "XDG_DATA_HOME": xdg], unsetting: ["WAYFINDER_HOME"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/wayfinder/wayfinder.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/relative/dir"))
    }

    @Test func resetRemovesTheAppsFilesOnly() throws {
        let directory = try Self.populatedDirectory()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let result = try CLI.run(["reset", "--data-dir", directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Removed \(directory)/wayfinder.sqlite"))
        // The lock file the processes on the directory share stays (empty): removing it could
        // let a session that waited for the reset lock a file no longer there.
        #expect(Self.files(in: directory) == ["in-use.lock", "notes.txt"])
        // Again: what is left is not the app's data, and stays.
        let again = try CLI.run(["reset", "--data-dir", directory])
        #expect(again.status == 64)
        #expect(Self.files(in: directory) == ["in-use.lock", "notes.txt"])
        // An empty directory (or none) has nothing to remove, and says so.
        try FileManager.default.removeItem(atPath: directory + "/notes.txt")
        let empty = try CLI.run(["reset", "--data-dir", directory])
        #expect(empty.status == 0)
        #expect(empty.stdout == "Nothing to remove in \(directory).\n")
    }

    @Test func resetRefusesADirectoryThatIsNotAWayfinderDataDirectory() throws {
        let directory = try CLI.temporaryDirectory()
        // Another program's files, one of them named like the app's session file.
        try Data("token".utf8).write(to: URL(fileURLWithPath: directory + "/session"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let result = try CLI.run(["reset", "--data-dir", directory])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wayfinder: error: \(directory) is not a Wayfinder data directory (no wayfinder.sqlite or navigation.json in it): nothing removed\n")
        #expect(Self.files(in: directory) == ["notes.txt", "session"])
    }

    @Test(arguments: [["reset"], ["open", "wayfinder://main/feed"], []])
    func aDataDirectoryThatIsAFileIsNamedAsSuch(command: [String]) throws {
        let file = try CLI.temporaryFile("not a directory", name: "data")
        let result = try CLI.run(command + ["--data-dir", file], stdin: "quit\n")
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(file): Not a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("File exists"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a directory")
    }
}

/// Permission errors are reported (exit 74), never taken for "no session" or "nothing there".
@Suite(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
struct PermissionErrorTests {
    @Test func anUnreadableSessionFileIsAnErrorNotASignOut() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory(unprivileged: true)
        #expect(chmod(directory + "/session", 0) == 0)
        let result = try CLI.run(["open", "wayfinder://main/feed", "--data-dir", directory], unprivileged: true)
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wayfinder: error: cannot read the session file: open \(directory)/session: Permission denied\n")
        let repl = try CLI.run(["--data-dir", directory], stdin: "where\n", unprivileged: true)
        #expect(repl.status == 74)
        #expect(repl.stderr.contains("Permission denied"))
        // Nothing was changed: the file is still there, with its mode.
        #expect(chmod(directory + "/session", 0o600) == 0)
        let after = try CLI.run(["--data-dir", directory], stdin: "where\n", unprivileged: true)
        #expect(after.stdout.contains("wayfinder://main/feed/post/4"), "\(after.stdout)\(after.stderr)")
    }

    @Test func anUnreadableDataDirectoryIsAnError() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory(unprivileged: true)
        #expect(chmod(directory, 0) == 0)
        defer { chmod(directory, 0o700) }
        let open = try CLI.run(["open", "wayfinder://main/feed", "--data-dir", directory], unprivileged: true)
        #expect(open.status == 74, "\(open.stdout)\(open.stderr)")
        #expect(open.stderr.contains("Permission denied"), "\(open.stderr)")
        let reset = try CLI.run(["reset", "--data-dir", directory], unprivileged: true)
        #expect(reset.status == 74, "\(reset.stdout)\(reset.stderr)")
        #expect(!reset.stdout.contains("Nothing to remove"))
        #expect(reset.stderr.contains("Permission denied"), "\(reset.stderr)")
        #expect(chmod(directory, 0o700) == 0)
        #expect(DataDirectoryChoiceTests.files(in: directory).contains("wayfinder.sqlite"))
    }
}

/// The command line: mistyped commands, the version, help for what does not exist, and
/// output closed early.
@Suite struct CommandLineTests {
    @Test func aWordThatIsNeitherACommandNorALinkIsAUsageErrorWithASuggestion() throws {
        let result = try CLI.run(["rotues", "check"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("wayfinder: error: 'rotues' is neither a command nor a link; did you mean 'routes'?\n"), "\(result.stderr)")
        let unknown = try CLI.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'frobnicate' is neither a command nor a link (a link has the form wayfinder://FLOW/…"))
        // A command after an option: it must come first (not "did you mean 'open'?").
        for command in ["open", "resolve", "reset", "routes", "help"] {
            let late = try CLI.run(["--data-dir", "/nonexistent/wayfinder", command, "wayfinder://main/feed"])
            #expect(late.status == 64)
            #expect(late.stderr.hasPrefix("wayfinder: error: '\(command)' is a command: write it first, then its options"), "\(late.stderr)")
            #expect(!late.stderr.contains("did you mean"))
        }
        // A malformed link is still a rejected link.
        let link = try CLI.run(["wayfinder://nowhere"], stdin: "quit\n")
        #expect(link.status == 65)
    }

    @Test func versionIsTheChangelogsLatestRelease() throws {
        let changelog = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let release = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let version = release.flatMap { $0.split(separator: "[").dropFirst().first?.split(separator: "]").first }.map(String.init)
        #expect(version != nil, "CHANGELOG.md names a release")
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "wayfinder \(version ?? "?")\n")
    }

    @Test func usageShowsLinksAndSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.stdout.contains("USAGE: wayfinder [URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh] [--data-dir <dir>]\n       wayfinder <subcommand>\n"), "\(result.stdout)")
    }

    @Test func helpForAnUnknownCommandIsAFailedCommand() throws {
        let result = try CLI.run(["--fresh"], stdin: "help bogus\nhelp where\n")
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: no command 'bogus' here; type help for the list\n")
        #expect(!result.stdout.contains("bogus"))
        #expect(result.stdout.contains("print the link of what is on screen"))
        let suggested = try CLI.run(["--fresh"], stdin: "help wher\n")
        #expect(suggested.stderr == "wayfinder: error: no command 'wher' here; did you mean 'where'?\n")
    }

    @Test func outputClosedEarlyEndsQuietlyAndSavesTheNavigation() throws {
        let directory = try CLI.temporaryDirectory()
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["--data-dir", directory, "--fresh", "wayfinder://login/forgot"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Nobody reads the output any more; the session goes on writing.
        try output.fileHandleForReading.close()
        input.fileHandleForWriting.write(Data(String(repeating: "help\n", count: 2000).utf8))
        try input.fileHandleForWriting.close()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 141)
        #expect(messages.isEmpty, "\(String(decoding: messages, as: UTF8.self))")
        let next = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(next.stdout.contains("wayfinder://login/forgot"), "the navigation was saved: \(next.stdout)")
    }
}

/// Read errors are errors: a damaged database is reported (exit 74 for one-shot commands),
/// never shown as empty data, and the saved navigation is left as it was; files that could
/// not be used are each kept aside.
@Suite struct DamagedDataTests {
    /// Overwrites every page of the database after the first with garbage (the header, with
    /// the page size, stays).
    static func damageDatabase(in directory: String) throws {
        let path = directory + "/wayfinder.sqlite"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let sizeField = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = sizeField == 1 ? 65536 : sizeField
        #expect(bytes.count > pageSize * 2, "the demo database has more than two pages")
        for index in (pageSize * 2)..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aDamagedDatabaseIsAnErrorAndTheNavigationIsKept() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        let navigation = directory + "/navigation.json"
        let saved = try Data(contentsOf: URL(fileURLWithPath: navigation))
        try Self.damageDatabase(in: directory)

        let open = try CLI.run(["open", "wayfinder://main/feed/post/4/comments", "--data-dir", directory])
        #expect(open.status == 74, "\(open.stdout)\(open.stderr)")
        #expect(open.stdout.isEmpty, "no screen shown as if there were no data: \(open.stdout)")
        #expect(open.stderr.hasPrefix("wayfinder: error: the database \(directory)/wayfinder.sqlite is damaged ("), "\(open.stderr)")
        #expect(open.stderr.contains("run `wayfinder reset --data-dir \(directory)` for fresh demo data (it keeps the damaged file aside), or restore a copy of it"))
        #expect(!open.stderr.contains("No comments yet"))

        let repl = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(repl.status == 74, "\(repl.stdout)\(repl.stderr)")
        #expect(repl.stderr.contains("is damaged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: navigation)) == saved, "the saved navigation is left as it was")
        #expect(CLI.keptCopies(of: navigation).isEmpty, "nothing is kept aside as corrupt")

        // The way out the message gives works, the damage in its data pages or in its schema.
        let reset = try CLI.run(["reset", "--data-dir", directory])
        #expect(reset.status == 0, "\(reset.stderr)")
        let fresh = try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nopen wayfinder://main/feed/post/4/comments\n")
        #expect(fresh.status == 0, "\(fresh.stderr)")
    }

    /// A database whose schema page is damaged: the start says to reset, and resetting keeps
    /// the damaged file aside (never deleted), removes the rest, and the next start is fresh
    /// (#41 case 4: it used to refuse the damaged file after removing the session).
    @Test func resettingADatabaseDamagedInItsSchemaKeepsItAsideAndStartsAfresh() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        let path = directory + "/wayfinder.sqlite"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for index in 100..<min(bytes.count, 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let damaged = Data(bytes)

        let start = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(start.status == 74)
        #expect(start.stderr.contains("run `wayfinder reset --data-dir \(directory)`"), "\(start.stderr)")
        let reset = try CLI.run(["reset", "--data-dir", directory])
        #expect(reset.status == 0, "\(reset.stdout)\(reset.stderr)")
        let kept = DataDirectoryChoiceTests.files(in: directory).filter { $0.hasPrefix("wayfinder.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(kept.count == 1, "\(DataDirectoryChoiceTests.files(in: directory))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + (kept.first ?? ""))) == damaged, "kept as it was")
        #expect(reset.stdout.contains("Kept the damaged database as \(directory)/\(kept.first ?? "")."), "\(reset.stdout)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/session"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/navigation.json"))
        let fresh = try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nwhere\n")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.hasSuffix("wayfinder://main/feed\n"), "\(fresh.stdout)")
    }

    /// An empty database file (0 bytes) is damage: told at start, never filled with fresh demo
    /// data over it; a reset keeps it aside as it keeps any damaged database.
    @Test func anEmptyDatabaseIsDamageNeverReplacedInSilence() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        let path = directory + "/wayfinder.sqlite"
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try Data().write(to: URL(fileURLWithPath: path))

        let start = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(start.status == 74, "\(start.stdout)\(start.stderr)")
        #expect(start.stdout.isEmpty, "\(start.stdout)")
        #expect(start.stderr == """
            wayfinder: error: the database \(path) is damaged (the file is empty: 0 bytes): run `wayfinder reset --data-dir \(directory)` \
            for fresh demo data (it keeps the damaged file aside), or restore a copy of it

            """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "left as it was")

        let reset = try CLI.run(["reset", "--data-dir", directory])
        #expect(reset.status == 0, "\(reset.stdout)\(reset.stderr)")
        let kept = DataDirectoryChoiceTests.files(in: directory).filter { $0.hasPrefix("wayfinder.sqlite.damaged-") }
        #expect(kept.count == 1, "\(DataDirectoryChoiceTests.files(in: directory))")
        #expect(reset.stdout.contains("Kept the damaged database as \(directory)/\(kept.first ?? "")."), "\(reset.stdout)")
        let fresh = try CLI.run(["--data-dir", directory], stdin: "login alice\nwonderland\nwhere\n")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.hasSuffix("wayfinder://main/feed\n"), "\(fresh.stdout)")
    }

    @Test func eachUnusableStateFileIsKeptAside() throws {
        let directory = try CLI.temporaryDirectory()
        let navigation = directory + "/navigation.json"
        var kept: [String: String] = [:]
        for attempt in ["first {", "second {"] {
            try attempt.write(toFile: navigation, atomically: true, encoding: .utf8)
            let result = try CLI.run(["--data-dir", directory], stdin: "where\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("was not restored"), "\(result.stderr)")
            for copy in CLI.keptCopies(of: navigation) { kept[copy] = try String(contentsOfFile: copy, encoding: .utf8) }
        }
        #expect(Set(kept.values) == ["first {", "second {"], "both copies kept: \(kept)")
        for copy in kept.keys {
            let name = URL(fileURLWithPath: copy).lastPathComponent
            #expect(name.range(of: #"^navigation\.json\.corrupt-\d{8}T\d{6}Z(-\d+)?$"#, options: .regularExpression) != nil, "\(name)")
        }
    }
}

@Suite(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
struct UnreadableStateFileTests {
    @Test func anUnreadableStateFileIsAnErrorAndStaysWhereItIs() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory(unprivileged: true)
        let navigation = directory + "/navigation.json"
        #expect(chmod(navigation, 0) == 0)
        let result = try CLI.run(["--data-dir", directory], stdin: "where\n", unprivileged: true)
        #expect(result.status == 74, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "wayfinder: error: cannot read the navigation state: open \(navigation): Permission denied\n")
        #expect(CLI.keptCopies(of: navigation).isEmpty)
        #expect(chmod(navigation, 0o600) == 0)
        let after = try CLI.run(["--data-dir", directory], stdin: "where\n", unprivileged: true)
        #expect(after.stdout.contains("wayfinder://main/feed/post/4"), "the state was not overwritten: \(after.stdout)")
    }
}
