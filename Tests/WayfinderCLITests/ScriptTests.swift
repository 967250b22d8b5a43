import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #33 item 1 through the built `wayfinder`: `-c COMMAND` and `-f FILE` run REPL
/// commands (after the links given) and exit, as a piped session would; `--bail` stops at
/// the first failed command, `--echo` prints each command before its output, on a pipe too.
@Suite struct ScriptTests: SharedHomeSuite {
    /// One data directory for the runs of a test.
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    static let bailed = "it failed (--bail), and nothing after it was run\n"

    // MARK: -c

    @Test func commandsRunInOrderAfterTheLinksAndStandardInputIsNotRead() throws {
        let result = try run(["wayfinder://login/register", "-c", "where", "-c", "back", "-c", "where"], stdin: "state\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("wayfinder://login/register\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("wayfinder://login\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("{\"url\""), "standard input was read as commands: \(result.stdout)")
        #expect(!result.stdout.contains("wayfinder://login>"), "no prompt: \(result.stdout)")
    }

    @Test func aCommandIsNeverTakenForALinkOrASubcommand() throws {
        // `routes` is a subcommand of `wayfinder`; after -c it is a REPL command.
        let result = try run(["-c", "routes", "-c", "where"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("wayfinder: error: unknown command 'routes' here"), "\(result.stderr)")
        #expect(!result.stderr.contains("neither a command nor a link"))
        #expect(result.stdout == "wayfinder://login\n")
    }

    @Test func aFailedCommandDoesNotStopTheOthersButTheStatusSaysSo() throws {
        let result = try run(["-c", "post 1", "-c", "where"])
        #expect(result.status == 1)
        #expect(result.stdout == "wayfinder://login\n")
        #expect(result.stderr.hasPrefix("wayfinder: error: "), "\(result.stderr)")
    }

    @Test func usageErrors() throws {
        let cases: [([String], String)] = [
            (["-c", "where\nstate"], "-c 1 holds a line break: give each command its own -c"),
            (["-c", "where", "-f", "script"], "-c and -f cannot be combined"),
            (["-f", "one", "-f", "two"], "give -f once"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let invalid = try CLI.run(bytes: [Array("-c".utf8), [0x77, 0xFF]])
        #expect(invalid.status == 64)
        #expect(invalid.stderr.contains("argument 2 '"), "\(invalid.stderr)")
        #expect(invalid.stderr.contains("is not valid UTF-8 (byte 2)"), "\(invalid.stderr)")
    }

    // MARK: -f

    @Test func aFileSkipsCommentsAndBlankLines() throws {
        let file = try CLI.temporaryFile("# first, where we are\nwhere\n\n   # indented\nregister\r\nwhere", name: "script.wf")
        let result = try run(["-f", file], stdin: "state\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wayfinder://login\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("wayfinder://login/register\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("{\"url\""))
    }

    @Test func aFileOfMinusIsStandardInput() throws {
        let result = try run(["-f", "-", "wayfinder://login/register"], stdin: "# a comment\nwhere\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wayfinder://login/register\n")
    }

    @Test func aFileThatCannotBeReadExits66AndOpensNothing() throws {
        let missing = home + "/no-such-script"
        let directory = try CLI.temporaryDirectory()
        for (file, reason) in [(missing, "no such file"), (directory, "cannot read it (Is a directory)")] {
            let result = try run(["-f", file])
            #expect(result.status == 66, "\(file)")
            #expect(result.stderr == "wayfinder: error: \(file): \(reason)\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty, "the data directory was opened")
    }

    @Test func aLineThatIsNotUTF8IsRefusedLikeAPipedLine() throws {
        let file = try Self.file(bytes: Array("where\nwh".utf8) + [0xFF] + Array("ere\nregister\nwhere\n".utf8))
        let result = try run(["-f", file])
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: \(file):2: line is not valid UTF-8 (byte 3)\n")
        #expect(result.stdout.hasSuffix("wayfinder://login/register\n"), "the next lines ran: \(result.stdout)")
        let bailing = try CLI.run(["-f", file, "--bail"])
        #expect(bailing.status == 1)
        #expect(bailing.stderr == "wayfinder: error: \(file):2: line is not valid UTF-8 (byte 3)\nwayfinder: stopped at line 2 of \(file) (not valid UTF-8): \(Self.bailed)")
        #expect(bailing.stdout == "wayfinder://login\n")
    }

    /// A new file holding `bytes`.
    static func file(bytes: [UInt8]) throws -> String {
        let path = try CLI.temporaryDirectory() + "/script.wf"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    // MARK: --bail

    @Test func bailStopsAtTheFirstFailedCommand() throws {
        let result = try run(["-c", "where", "-c", "post 1", "-c", "register", "--bail"])
        #expect(result.status == 1)
        #expect(result.stdout == "wayfinder://login\n", "nothing after the failure ran")
        #expect(result.stderr.hasPrefix("wayfinder: error: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\nwayfinder: stopped at -c 2 ('post 1'): \(Self.bailed)"), "\(result.stderr)")
        #expect(result.stderr.count { $0 == "\n" } == 2, "\(result.stderr)")
    }

    @Test func bailCountsEveryLineOfAPipeOrAFile() throws {
        let script = "where\n# a comment\n\nbogus\nregister\n"
        let piped = try run(["--bail"], stdin: script)
        let file = try CLI.temporaryFile(script, name: "script.wf")
        let read = try run(["--bail", "-f", file])
        for (result, place) in [(piped, "line 4"), (read, "line 4 of \(file)")] {
            #expect(result.status == 1)
            #expect(result.stdout == "wayfinder://login\n", "\(result.stdout)")
            #expect(result.stderr.hasSuffix("\nwayfinder: stopped at \(place) ('bogus'): \(Self.bailed)"), "\(result.stderr)")
        }
    }

    @Test func withoutBailEveryLineRuns() throws {
        let result = try run([], stdin: "bogus\nregister\nwhere\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("wayfinder://login/register\n"), "\(result.stdout)")
        #expect(!result.stderr.contains("stopped at"))
    }

    // MARK: --echo

    @Test func echoPrintsEachCommandAfterThePromptBeforeItsOutput() throws {
        let result = try run(["--echo", "-c", "where", "-c", "# not a command", "-c", "register", "-c", "where"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wayfinder://login> where\nwayfinder://login\nwayfinder://login> register\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("wayfinder://login/register> where\nwayfinder://login/register\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("# not a command"))
    }

    @Test func echoAppliesToAPipedSessionAndAFailedCommand() throws {
        let result = try run(["--echo"], stdin: "where\n\n# skipped\nbogus\n")
        #expect(result.status == 1)
        #expect(result.stdout == "wayfinder://login> where\nwayfinder://login\nwayfinder://login> bogus\n")
        #expect(result.stderr.hasPrefix("wayfinder: error: unknown command 'bogus' here"), "\(result.stderr)")
    }
}

/// `--bail` with a command that failed because data could not be written: that command's
/// status, 74.
@Suite(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
struct ScriptStorageFailureTests {
    @Test func bailExitsWithTheFailedCommandsStatus() throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory(unprivileged: true)
        #expect(chmod(directory + "/wayfinder.sqlite", 0o400) == 0)
        let result = try CLI.run(["--data-dir", directory, "--bail", "-c", "like", "-c", "where"], unprivileged: true)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("wayfinder: error: Could not like: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\nwayfinder: stopped at -c 1 ('like'): \(ScriptTests.bailed)"), "\(result.stderr)")
        #expect(!result.stdout.contains("wayfinder://main/feed/post/4\n"), "`where` ran: \(result.stdout)")
    }

    @Test func aFileThatMayNotBeReadExits66() throws {
        let file = try CLI.temporaryFile("where\n", name: "script.wf")
        #expect(chmod(file, 0) == 0)
        let result = try CLI.run(["-f", file], unprivileged: true)
        #expect(result.status == 66)
        #expect(result.stderr == "wayfinder: error: \(file): cannot read it (Permission denied)\n")
        #expect(result.stdout.isEmpty)
    }
}
