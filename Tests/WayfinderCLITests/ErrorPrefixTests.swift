import Foundation
import Testing

/// Every error the program writes begins `wayfinder: error:`, whoever found it (the
/// argument parser, a subcommand, a REPL command run from `-c`, `-f` or a pipe); a script
/// file's errors name the file and line next. A data directory is created with a note on
/// standard error, and a mistyped one (its parent missing) is refused.
@Suite struct ErrorPrefixTests {
    static let prefix = "wayfinder: error: "

    @Test(arguments: [["-V"], ["resolve", "nope"], ["-c", "bogus"], ["open", "nope"], ["--bail", "-c", "HELP"], ["-c"]])
    func everyErrorBeginsWithTheOnePrefix(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix(Self.prefix), "\(result.stderr)")
    }

    /// A failure's message and its status are chosen together, in one value, and told in one
    /// place: a run that fails that way writes exactly one line, `wayfinder: error: MESSAGE`,
    /// and exits with that status (from the kit's launcher and the program's own commands
    /// alike). (75 is not an error but a warning; 78, an invalid table, is told as
    /// `FILE:LINE:COLUMN: …`; 1 is a script's commands', told by the REPL.)
    @Test func eachFailureIsOneLineAndItsOwnStatus() throws {
        let root = try CLI.temporaryDirectory()
        let missing = root + "/missing.wf"
        let failures: [(arguments: [String], environment: [String: String], status: Int32, message: String?)] = [
            (["resolve", "-", "--routes", "-"], [:], 64, "'--routes -' and the link '-' cannot both read standard input"),
            (["-c", "where"], ["WAYFINDER_HOME": ""], 64, "WAYFINDER_HOME is set but empty: name a directory, or unset it to use the default"),
            (["state", "check", "-", "--data-dir", root], [:], 64, "give the state FILE or --data-dir (whose navigation.json is checked), not both"),
            (["resolve", "wayfinder://main/nope"], [:], 65, nil),
            (["wayfinder://main/nope"], [:], 65, nil),
            (["-f", missing], [:], 66, "\(missing): no such file"),
            (["routes", "list", missing], [:], 66, "\(missing): no such file"),
            (["state", "check", missing], [:], 66, "\(missing): no such file"),
            (["--data-dir", root + "/no-such-parent/data", "-c", "where"], [:], 74,
             "the data directory \(root)/no-such-parent/data (--data-dir) cannot be created: \(root)/no-such-parent does not exist; create it first, or check --data-dir"),
        ]
        for failure in failures {
            let result = try CLI.run(failure.arguments, environment: failure.environment)
            #expect(result.status == failure.status, "\(failure.arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(Self.prefix), "\(failure.arguments): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"), "\(failure.arguments): \(result.stderr)")
            if let message = failure.message {
                #expect(result.stderr == Self.prefix + message + "\n", "\(failure.arguments)")
            }
            #expect(result.stdout.isEmpty, "\(failure.arguments): \(result.stdout)")
        }
    }

    @Test func aPipedSessionsErrorsBeginWithThePrefixToo() throws {
        let result = try CLI.run([], stdin: "where\nbogus\nback now\n")
        #expect(result.status == 64)
        #expect(result.stderr == """
            \(Self.prefix)unknown command 'bogus' here; type help for the commands of this screen
            \(Self.prefix)usage: back

            """)
    }

    @Test func aScriptFilesErrorNamesItsFileAndLineAfterThePrefix() throws {
        let file = try CLI.temporaryFile("where\n\n# a comment\nfly away\n", name: "setup.wf")
        let result = try CLI.run(["-f", file])
        #expect(result.status == 1)
        #expect(result.stderr == "\(Self.prefix)\(file):4: unknown command 'fly' here; type help for the commands of this screen\n")
    }

    @Test func aMissingParentOfTheDataDirectoryIsAnErrorAndNothingIsCreated() throws {
        let root = try CLI.temporaryDirectory()
        let mistyped = root + "/no-such-parent/data"
        for (arguments, environment) in [(["-c", "where"], ["WAYFINDER_HOME": mistyped]), (["--data-dir", mistyped, "-c", "where"], [:])] {
            let result = try CLI.run(arguments, environment: environment)
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.hasPrefix(Self.prefix), "\(result.stderr)")
            #expect(result.stderr.contains("\(root)/no-such-parent does not exist"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "something was created")
        }
    }

    @Test func creatingTheDataDirectorySaysWhereOnce() throws {
        let directory = try CLI.temporaryDirectory() + "/data"
        let first = try CLI.run(["-c", "where"], environment: ["WAYFINDER_HOME": directory])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "wayfinder: created the data directory \(directory)\n")
        #expect(first.stdout == "wayfinder://login\n")
        let second = try CLI.run(["-c", "where"], environment: ["WAYFINDER_HOME": directory])
        #expect(second.stderr.isEmpty, "\(second.stderr)")
    }

    @Test func theDefaultDataDirectoryIsCreatedWithItsParents() throws {
        let home = try CLI.temporaryDirectory()
        let result = try CLI.run(["-c", "where"], environment: ["HOME": home], unsetting: ["WAYFINDER_HOME", "XDG_DATA_HOME"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wayfinder: created the data directory \(home)/.local/share/wayfinder\n")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/wayfinder"))
    }
}
