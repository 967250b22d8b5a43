import Foundation
import Testing

/// Issue #33's acceptance: a script signs in with `-c 'login NAME'` (or the line in its file)
/// and the password on standard input, never from `-c` (which a process listing shows) nor
/// from the script file; `--echo` never prints it, nor does `--bail`'s message.
@Suite struct ScriptPasswordTests: SharedHomeSuite {
    /// One data directory for the runs of a test.
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    func signedInUser() throws -> String? {
        let state = try run(["-c", "state"]).stdout
        if state.contains("\"user\":null") { return nil }
        return state.split(separator: "\"user\":\"").last.flatMap { $0.split(separator: "\"").first }.map(String.init)
    }

    static let noPassword = """
        wayfinder: error: standard input ended before the password (a script's passwords are read from standard input, never from -c or its file)
        wayfinder: Sign-in cancelled.

        """

    @Test func thePasswordIsReadFromStandardInputAndNeverEchoed() throws {
        let result = try run(["--echo", "-c", "login alice", "-c", "where"], stdin: "wonderland\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("wayfinder://login> login alice\nSigned in as alice.\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("wayfinder://main/feed> where\nwayfinder://main/feed\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("wonderland"))
        #expect(try signedInUser() == "alice")
    }

    @Test func aPasswordIsNeverTakenFromACommandArgument() throws {
        let result = try run(["-c", "login alice", "-c", "wonderland", "-c", "where"])
        #expect(result.status == 1)
        #expect(result.stderr == Self.noPassword)
        #expect(result.stdout.isEmpty, "nothing after the missing password ran: \(result.stdout)")
        #expect(try signedInUser() == nil)
    }

    @Test func aPasswordIsNeverTakenFromTheScriptFile() throws {
        let withPassword = try CLI.temporaryFile("login alice\nwonderland\nwhere\n", name: "script.wf")
        let refused = try run(["-f", withPassword])
        #expect(refused.status == 1)
        #expect(refused.stderr == Self.noPassword)
        #expect(try signedInUser() == nil)

        let script = try CLI.temporaryFile("# the password is on standard input\nlogin alice\nwhere\n", name: "script.wf")
        let result = try run(["-f", script], stdin: "wonderland\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("wayfinder://main/feed\n"), "\(result.stdout)")
        #expect(try signedInUser() == "alice")
    }

    @Test func aPipedSessionEchoesTheCommandButNotThePassword() throws {
        let result = try run(["--echo"], stdin: "login alice\nwonderland\nwhere\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wayfinder://login> login alice\nSigned in as alice.\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("wonderland"))
        #expect(!result.stderr.contains("wonderland"))
    }

    @Test func bailAtAWrongPasswordNamesTheCommandNotThePassword() throws {
        let result = try run(["--bail", "--echo", "-c", "login alice", "-c", "where"], stdin: "not-the-password\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("\nwayfinder: stopped at -c 1 ('login alice'): \(ScriptTests.bailed)"), "\(result.stderr)")
        #expect(result.stdout == "wayfinder://login> login alice\n", "`where` ran: \(result.stdout)")
        #expect(!(result.stdout + result.stderr).contains("not-the-password"))
        #expect(try signedInUser() == nil)
    }

    @Test func aPasswordTypedOnTheLoginLineIsRefused() throws {
        let result = try run(["-c", "login alice wonderland"])
        // Arguments `login` does not take: a usage error.
        #expect(result.status == 64)
        #expect(result.stderr.contains("type only the user name; the password is asked for next"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("wonderland"))
        #expect(try signedInUser() == nil)
    }

    @Test func eachPasswordIsTheNextLineOfStandardInput() throws {
        let result = try run(["-c", "login alice", "-c", "login bob", "-c", "where"], stdin: "wonderland\nwonderland\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Signed in as alice."))
        #expect(result.stdout.contains("Signed in as bob."))
        #expect(try signedInUser() == "bob")
    }

    @Test func whatRanBeforeAPasswordIsSavedWhileTheScriptWaitsForIt() async throws {
        let directory = try DataDirectoryChoiceTests.populatedDirectory()
        let file = directory + "/navigation.json"
        // The second tab follows the first at once, and more of the script is queued after
        // `login bob`: only the wait for bob's password has it saved before the script ends.
        let process = try LiveProcess(["--data-dir", directory, "-c", "tab search", "-c", "tab me", "-c", "login bob", "-c", "where"])
        var saved = ""
        for _ in 0..<200 where !saved.contains("\"selectedTab\":\"me\"") {
            try await Task.sleep(for: .milliseconds(50))
            saved = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        }
        #expect(saved.contains("\"selectedTab\":\"me\""), "\(saved)")
        process.send("wonderland\n")
        let (status, rest) = try process.finish()
        #expect(status == 0, "\(rest.stderr)")
        #expect(rest.stdout.contains("Signed in as bob.\n"), "\(rest.stdout)")
        #expect(rest.stdout.hasSuffix("\nwayfinder://main/me\n"), "\(rest.stdout)")
    }
    /// Issue #41 case 6: a line read after a refused password is the next try (three in
    /// all), never a command: it is neither run nor printed, with or without `--echo`; the
    /// refused try fails the script (1), and `--bail` stops there.
    @Test(arguments: [("badpass", "wonderland"), ("bad\tpass", "wonder\tland")])
    func aLineAfterARefusedPasswordIsTheNextTryAndNeverShown(first: String, second: String) throws {
        let result = try run(["--echo"], stdin: "login alice\n\(first)\n\(second)\n")
        #expect(result.status == 1, "the refused try failed: \(result.stderr)")
        for secret in [first, second] {
            // As typed, and as a command line would have split it (the leak this guards against).
            for shown in [secret, secret.replacingOccurrences(of: "\t", with: " "), String(secret.prefix { $0 != "\t" })] {
                #expect(!result.stdout.contains(shown) && !result.stderr.contains(shown), "'\(shown)' shown:\n\(result.stdout)\n\(result.stderr)")
            }
        }
        #expect(!result.stderr.contains("unknown command"), "\(result.stderr)")
        if second == "wonderland" { #expect(try signedInUser() == "alice") }
    }

    @Test func bailStopsAtARefusedPassword() throws {
        let result = try run(["--echo", "--bail"], stdin: "login alice\nbadpass\nwonderland\n")
        #expect(result.status == 1)
        #expect(!result.stdout.contains("wonderland") && !result.stderr.contains("wonderland"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("badpass") && !result.stderr.contains("badpass"), "\(result.stdout)\(result.stderr)")
        #expect(try signedInUser() == nil, "stopped before the next try")
    }
}

/// At a terminal, a password that a `-c` command asks for is typed without echo.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct ScriptPasswordTerminalTests {
    @Test func aScriptAsksForThePasswordAtTheTerminalWithoutEcho() async throws {
        let pane = try PasswordPane(recordsExitStatus: true, arguments: ["--echo", "-c", "login alice", "-c", "where"])
        defer { pane.shutDown() }
        try await pane.waitForLastLine("Password for alice:")
        try await pane.waitForNoEcho()
        try pane.type("wonderland\n")
        #expect(try await pane.waitForExitStatus() == 0)
        let lines = try pane.lines()
        #expect(!lines.joined(separator: "\n").contains("wonderland"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("wayfinder://login> login alice"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("Signed in as alice."))
        #expect(lines.contains("wayfinder://main/feed> where"))
        #expect(lines.contains("wayfinder://main/feed"))
    }

}
