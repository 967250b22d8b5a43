import Foundation
import GRDB
import Testing

/// The built binary run more than once against one data directory, as a person would.
@Suite(.serialized) struct PersistenceEndToEndTests {
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    func run(_ input: String, _ arguments: [String] = []) throws -> CLI.Result {
        try CLI.run(arguments, stdin: input, environment: ["WAYFINDER_HOME": home])
    }

    private var stateFile: String { home + "/navigation.json" }

    /// Where the data goes without `--data-dir`, read from the environment by the binary:
    /// `$WAYFINDER_HOME`, else `$XDG_DATA_HOME/wayfinder` (absolute only), else
    /// `~/.local/share/wayfinder`. An empty or relative `XDG_DATA_HOME` counts as unset (an
    /// empty `WAYFINDER_HOME` is a usage error: `DataSafetyTests`).
    @Test(arguments: [
        (["XDG_DATA_HOME": "xdg", "HOME": "home"], "xdg/wayfinder"),
        (["XDG_DATA_HOME": "", "HOME": "home"], "home/.local/share/wayfinder"),
        (["XDG_DATA_HOME": "relative/xdg", "HOME": "home"], "home/.local/share/wayfinder"),
        (["WAYFINDER_HOME": "wayfinder-home", "XDG_DATA_HOME": "xdg", "HOME": "home"], "wayfinder-home"),
    ])
    func theDataDirectoryComesFromTheEnvironment(variables: [String: String], expected: String) throws {
        // Relative names stand for directories inside `home` (this test's temporary directory).
        var environment: [String: String] = [:]
        for (name, value) in variables {
            environment[name] = value.isEmpty || value.hasPrefix("relative") ? value : home + "/" + value
        }
        let unset = variables["WAYFINDER_HOME"] == nil ? ["WAYFINDER_HOME"] : []
        // Signing in makes the database there (it is opened by the first read).
        let result = try CLI.run([], stdin: "login alice\nwonderland\nquit\n", environment: environment, unsetting: unset)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/" + expected + "/navigation.json"), "\(variables)")
        #expect(FileManager.default.fileExists(atPath: home + "/" + expected + "/wayfinder.sqlite"), "\(variables)")
        #expect(FileManager.default.fileExists(atPath: home + "/" + expected + "/session"), "\(variables)")
    }

    @Test func linksAndFreshStartInsteadOfTheSavedScreen() throws {
        _ = try run("login bob\nwonderland\nopen wayfinder://main/me\n")
        #expect(try run("where\n").stdout == "wayfinder://main/me\n")
        #expect(try run("confirm\nwhere\n", ["wayfinder://main/me/compose"]).stdout.hasSuffix("wayfinder://main/me/compose\n"))
        #expect(try run("where\n", ["--fresh"]).stdout == "wayfinder://main/feed\n")
    }

    @Test func openShowsWhereLinksLeadAsTheSignedInUserAndNeedsNoDatabaseSignedOut() throws {
        // Signed out, on a new data directory: the link waits for sign-in; no database is made.
        let signedOut = try run("", ["open", "wayfinder://main/feed/post/7", "--format", "json"])
        #expect(signedOut.status == 0)
        #expect(signedOut.stdout.contains("\"pending\":\"wayfinder://main/feed/post/7\""))
        #expect(signedOut.stdout.contains("\"user\":null"))
        #expect(!FileManager.default.fileExists(atPath: home + "/wayfinder.sqlite"))
        // Signed in: the session is read from the database.
        #expect(try run("login alice\nwonderland\nquit\n").status == 0)
        let signedIn = try run("", ["open", "wayfinder://main/feed/post/7", "--format", "json"])
        #expect(signedIn.status == 0)
        #expect(signedIn.stdout.contains("\"url\":\"wayfinder://main/feed/post/7\""))
        #expect(signedIn.stdout.contains("\"user\":\"alice\""))
    }

    @Test func openReadsTheSessionWhileAREPLHasTheSameDataOpen() async throws {
        #expect(try run("login alice\nwonderland\nquit\n").status == 0)
        let repl = try RunningREPL(home: home)
        defer { repl.watchdog.cancel() }
        // The REPL has the database open and has read from it.
        #expect(repl.answer("open wayfinder://main/feed/post/5\nwhere\n", endingWith: "wayfinder://main/feed/post/5\n").contains("[5]"))
        // `open` in another process, meanwhile: the session it reads is the REPL's user's.
        let opened = try run("", ["open", "wayfinder://main/feed/post/7", "--format", "json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("\"user\":\"alice\""))
        // The REPL still reads and writes.
        let written = repl.answer("back\ncompose\ntitle Meanwhile\nbody Written while open ran\npublish\nwhere\n", endingWith: "/post/37\n")
        #expect(written.contains("Published post 37."))
        try repl.input.fileHandleForWriting.close()
        repl.process.waitUntilExit()
        #expect(repl.process.terminationStatus == 0)
    }

    @Test func aDatabaseThatCannotBeOpenedExits74() throws {
        // A directory where the database file should be.
        try FileManager.default.createDirectory(atPath: home + "/wayfinder.sqlite", withIntermediateDirectories: true)
        // Signed out, the REPL opens the database at the first command that needs data.
        let repl = try run("where\nlogin alice\nwonderland\nwhere\n")
        #expect(repl.status == 74)
        #expect(repl.stdout == "wayfinder://login\nwayfinder://login\n", "\(repl.stdout)")
        #expect(repl.stderr.contains("cannot open the database"), "\(repl.stderr)")
        #expect(repl.stderr.split(separator: "\n").count == 1)
        // Signed out, `open` needs no data and still answers.
        let open = try run("", ["open", "wayfinder://main/me", "--format", "json"])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.contains("\"pending\":\"wayfinder://main/me\""))
        // With a saved session it needs the database, and says so.
        try Data("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n".utf8).write(to: URL(fileURLWithPath: home + "/session"))
        let signedIn = try run("", ["open", "wayfinder://main/me", "--format", "json"])
        #expect(signedIn.status == 74)
        #expect(signedIn.stderr.hasPrefix("wayfinder: error: cannot open the database"))
    }

    @Test func logoutEndsTheSessionForTheNextRunToo() throws {
        _ = try run("login carol\nwonderland\ntab me\n")
        #expect(FileManager.default.fileExists(atPath: home + "/session"))
        let out = try run("logout\nwhere\n")
        #expect(out.stdout.hasSuffix("wayfinder://login\n"))
        #expect(!FileManager.default.fileExists(atPath: home + "/session"))
        #expect(try run("where\nstate\n").stdout.contains("\"user\":null"))
    }

    @Test(arguments: [
        ("corrupt", "{\"format\":\"wayfinder-navigation\",\"version\":1,\"navigation\":{\"activeFlow\":\"main\",\"flows\":[[[[", "not valid JSON"),
        ("truncated", nil, "not valid JSON"),
        ("future version", "{\"format\":\"wayfinder-navigation\",\"version\":9,\"navigation\":{}}", "newer Wayfinder"),
        ("dangling reference", nil, "post 99 does not exist"),
    ])
    func aBadStateFileGivesAWarningAWorkingREPLAndAKeptCopy(kind: String, contents: String?, warning: String) throws {
        _ = try run("login alice\nwonderland\nopen wayfinder://main/feed/post/5/comments\n")
        let saved = try String(contentsOfFile: stateFile, encoding: .utf8)
        let bad: String
        switch kind {
        case "truncated": bad = String(saved.prefix(saved.count / 2))
        case "dangling reference": bad = saved.replacingOccurrences(of: "\"id\":5", with: "\"id\":99")
        default: bad = contents ?? ""
        }
        #expect(bad != saved)
        try bad.write(toFile: stateFile, atomically: true, encoding: .utf8)

        let result = try run("where\nstate\n")
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "one warning line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("wayfinder: warning: "))
        #expect(result.stderr.contains(warning), "\(result.stderr)")
        let kept = CLI.keptCopies(of: stateFile)
        if kind == "dangling reference" {
            // Data deleted since is not the file's fault: a warning, and nothing kept aside.
            #expect(kept.isEmpty, "\(kept)")
            #expect(!result.stderr.contains("kept as"))
        } else {
            #expect(kept.count == 1, "\(kept)")
            #expect(result.stderr.contains("kept as \(kept.first ?? "?")"), "\(result.stderr)")
            #expect(try String(contentsOfFile: kept.first ?? "", encoding: .utf8) == bad, "the bad file is kept as it was")
        }
        #expect(result.stdout.contains("\"user\":\"alice\""), "the session survives a bad state file")
        let expected = kind == "dangling reference" ? "wayfinder://main/feed" : "wayfinder://main/feed"
        #expect(result.stdout.hasPrefix(expected + "\n"), "the nearest valid state: \(result.stdout)")
        // The next run is clean: a good file was written on exit.
        let next = try run("where\n")
        #expect(next.stderr.isEmpty)
    }

    @Test func sigtermSavesTheNavigationAndExits143() async throws {
        let repl = try RunningREPL(home: home)
        defer { repl.watchdog.cancel() }
        // Wait until the REPL has answered `where`, then ask it to stop.
        _ = repl.answer("login bob\nwonderland\nopen wayfinder://main/feed/post/8/comments\nwhere\n", endingWith: "wayfinder://main/feed/post/8/comments\n")
        let process = repl.process
        #expect(repl.own.send(SIGTERM))
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(try String(contentsOfFile: stateFile, encoding: .utf8).contains("\"id\":8"))
        #expect(try run("where\n").stdout == "wayfinder://main/feed/post/8/comments\n")
    }

    @Test func resetBringsBackTheDemoData() throws {
        _ = try run("login alice\nwonderland\ncompose\ntitle Gone soon\nbody x\npublish\n")
        let reset = try CLI.run(["reset"], environment: ["WAYFINDER_HOME": home])
        #expect(reset.status == 0)
        #expect(reset.stdout.hasPrefix("Removed "))
        let after = try run("where\nlogin alice\nwonderland\nopen wayfinder://main/feed/post/37\n")
        #expect(after.stdout.hasPrefix("wayfinder://login\n"))
        #expect(after.stderr.contains("post 37 does not exist") || after.stdout.contains("This post does not exist"))
    }

    @Test func killingTheProgramAtAnyMomentLeavesEveryFileIntact() async throws {
        // Many writes: likes, posts, profile and flag changes, and the state file on exit.
        var script = "login alice\nwonderland\n"
        for round in 0..<80 {
            script += "open wayfinder://main/feed/post/\(round % 30 + 1)\nlike\nunlike\nlike\n"
            script += "root\ncompose\ntitle Round \(round)\nbody Written before a kill.\npublish\n"
            script += "settings\nflag paged-feed \(round % 2 == 0 ? "off" : "on")\nprofile\nname Alice \(round)\nsave\nmain\n"
        }
        script += "quit\n"
        // One whole run first: the demo data is seeded, and the kills below hit a real database.
        #expect(try run(script).stdout.contains("Published post"))
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        var attempts = 0
        while killed < 100, attempts < 300 {
            attempts += 1
            let process = Process()
            process.executableURL = CLI.binary
            var environment = ProcessInfo.processInfo.environment
            environment["WAYFINDER_HOME"] = home
            process.environment = environment
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let own = OwnProcess(process)
            input.fileHandleForWriting.write(Data(script.utf8))
            try? input.fileHandleForWriting.close()
            try await Task.sleep(for: .milliseconds(Int.random(in: 2...200, using: &generator)))
            if own.send(SIGKILL) { killed += 1 }
            process.waitUntilExit()
            try checkFilesAreIntact()
        }
        #expect(killed == 100, "only \(killed) of \(attempts) runs were killed mid-way")
        // The next start clears what the killed runs left behind.
        #expect(try run("where\nquit\n").status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    private func checkFilesAreIntact() throws {
        if let data = FileManager.default.contents(atPath: stateFile) {
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(object?["version"] as? Int == 1, "navigation.json is whole")
        }
        if let token = FileManager.default.contents(atPath: home + "/session") {
            #expect(String(decoding: token, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).count == 64)
        }
        // A kill between writing a temporary file and renaming it leaves that file behind;
        // it never replaces a real one. Each leftover must be such a temporary file.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.contains(".tmp-") }
        #expect(leftovers.allSatisfy { $0.hasPrefix("navigation.json.tmp-") || $0.hasPrefix("session.tmp-") }, "\(leftovers)")
        let database = try DatabaseQueue(path: home + "/wayfinder.sqlite")
        let result = try database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(result == "ok")
        let posts = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") } ?? 0
        #expect(posts >= 36)
    }
}

/// The REPL running in a process of its own on `home`, fed through a pipe.
private struct RunningREPL {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    /// The process, for signals.
    let own: OwnProcess
    /// Kills a REPL that never answers, so that the test fails instead of hanging.
    let watchdog: Task<Void, any Error>

    init(home: String) throws {
        process.executableURL = CLI.binary
        var environment = ProcessInfo.processInfo.environment
        environment["WAYFINDER_HOME"] = home
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let own = OwnProcess(process)
        self.own = own
        watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            own.send(SIGKILL)
        }
    }

    /// Sends `commands`, then reads what the REPL prints until it ends with `last` (or the
    /// output closes).
    func answer(_ commands: String, endingWith last: String) -> String {
        input.fileHandleForWriting.write(Data(commands.utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).hasSuffix(last) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        return String(decoding: seen, as: UTF8.self)
    }
}
