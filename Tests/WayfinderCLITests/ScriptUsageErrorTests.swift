import Testing

/// Issue #33 item 2 through the built `wayfinder`: a REPL command given arguments it does
/// not take is refused with its usage line, whichever command it is, and a script (`-c`,
/// `-f`, a pipe) that had one exits 64 (EX_USAGE), 1 when its failures were of other kinds;
/// `--bail` stops there with 64.
@Suite struct ScriptUsageErrorTests: SharedHomeSuite {
    /// One data directory for the runs of a test.
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    @Test func extraArgumentsAreRefusedTheSameWayForEveryCommand() throws {
        // Before, `where foo bar` ignored them, `back now` was a usage error and `quit now` quit.
        let result = try run(["wayfinder://login/register", "-c", "where foo bar", "-c", "back now", "-c", "quit now", "-c", "where"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "wayfinder: error: usage: where\nwayfinder: error: usage: back\nwayfinder: error: usage: quit\n")
        #expect(result.stdout == "wayfinder://login/register\n", "a refused command ran, or quit: \(result.stdout)")
    }

    @Test func aClosedSetArgumentGetsASuggestionAndIsAUsageError() throws {
        let result = try run(["wayfinder://login/register", "-c", "login alice", "-c", "tab fed", "-c", "where"], stdin: "wonderland\n")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "wayfinder: error: 'fed' is not a tab of this flow; did you mean 'feed'?\n")
        #expect(result.stdout.hasSuffix("wayfinder://main/feed\n"), "\(result.stdout)")
    }

    @Test func anUnknownCommandGetsASuggestionAndExits1() throws {
        let result = try run(["-c", "wher", "-c", "where"])
        #expect(result.status == 1)
        #expect(result.stderr == "wayfinder: error: unknown command 'wher' here; did you mean 'where'?\n")
        #expect(result.stdout == "wayfinder://login\n")
    }

    @Test func aUsageErrorOutranksOtherFailuresWhateverTheOrder() throws {
        for commands in [["post 1", "where now"], ["where now", "post 1"]] {
            let result = try run(commands.flatMap { ["-c", $0] })
            #expect(result.status == 64, "\(commands): \(result.stderr)")
            #expect(result.stderr.contains("error: usage: where\n"), "\(commands): \(result.stderr)")
        }
    }

    @Test func bailStopsAtAUsageErrorWith64() throws {
        let result = try run(["--bail"], stdin: "where\n# a comment\nregister now\nregister\n")
        #expect(result.status == 64)
        #expect(result.stdout == "wayfinder://login\n", "nothing after the failure ran: \(result.stdout)")
        #expect(result.stderr == "wayfinder: error: usage: register\nwayfinder: stopped at line 3 ('register now'): \(ScriptTests.bailed)")
    }

    @Test func aFileWithAUsageErrorExits64() throws {
        let file = try CLI.temporaryFile("register\nback twice\nwhere\n", name: "script.wf")
        let result = try run(["-f", file])
        #expect(result.status == 64)
        // Named by its file and line, as a compiler or psql names it.
        #expect(result.stderr == "wayfinder: error: \(file):2: usage: back\n")
        #expect(result.stdout.hasSuffix("wayfinder://login/register\n"), "`back twice` went back: \(result.stdout)")
    }
}
