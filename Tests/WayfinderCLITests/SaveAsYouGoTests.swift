import Foundation
import Testing

/// The navigation is saved after each command that changes it, not only at exit: a REPL
/// killed with SIGKILL (no chance to save on its way out) restarts where it was.
@Suite(.serialized) struct SaveAsYouGoTests {
    let home: String

    init() throws {
        home = try CLI.temporaryDirectory()
    }

    private var stateFile: String { home + "/navigation.json" }

    /// Unprivileged too: the file written at each move is the user's own, mode 0600.
    @Test(arguments: [false, true])
    func aREPLKilledAfterAMoveRestartsThere(unprivileged: Bool) throws {
        if unprivileged { try Unprivileged.giveAway(home) }
        let repl = try PipedREPL(home: home, unprivileged: unprivileged)
        defer { repl.stop() }
        _ = repl.send("login alice\nwonderland\n", until: "Signed in as alice.")
        // The post's screen, printed after the command ran: what it shows must be saved.
        let screen = repl.send("post 7\n", until: "post(id: 7)")
        #expect(screen.contains("post(id: 7)"), "\(screen)")
        repl.kill()
        #expect(repl.process.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: stateFile))
        let attributes = try FileManager.default.attributesOfItem(atPath: stateFile)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let next = try CLI.run([], stdin: "where\n", environment: ["WAYFINDER_HOME": home], unprivileged: unprivileged)
        #expect(next.stdout == "wayfinder://main/feed/post/7\n", "\(next.stderr)")
        #expect(next.stderr.isEmpty)
    }

    @Test func eachMoveIsSavedBeforeTheNextLineIsWaitedFor() throws {
        let repl = try PipedREPL(home: home)
        defer { repl.stop() }
        _ = repl.send("login bob\nwonderland\n", until: "Signed in as bob.")
        var places: [String] = []
        for (command, place) in [("post 3", "main/feed/post/3"), ("tab me", "main/me"), ("tab feed", "main/feed/post/3")] {
            _ = repl.send(command + "\nwhere\n", until: "wayfinder://\(place)\n")
            places.append(try savedTop())
        }
        #expect(places == ["post", "me", "post"], "\(places)")
        repl.kill()
        let next = try CLI.run([], stdin: "where\n", environment: ["WAYFINDER_HOME": home])
        #expect(next.stdout == "wayfinder://main/feed/post/3\n", "\(next.stderr)")
    }

    @Test func commandsThatDoNotMoveLeaveTheFileAlone() throws {
        let repl = try PipedREPL(home: home)
        defer { repl.stop() }
        _ = repl.send("login carol\nwonderland\npost 2\nwhere\n", until: "wayfinder://main/feed/post/2\n")
        let before = try FileManager.default.attributesOfItem(atPath: stateFile)[.systemFileNumber] as? Int
        _ = repl.send("help\nstate\nwhere\n", until: "wayfinder://main/feed/post/2\n")
        let after = try FileManager.default.attributesOfItem(atPath: stateFile)[.systemFileNumber] as? Int
        // Each write is a new file renamed over the old one: the same inode means no write.
        #expect(before != nil)
        #expect(before == after)
    }

    /// The top of the saved active stack (the screen name), read from the file as it is now.
    private func savedTop() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: stateFile))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let navigation = root?["navigation"] as? [String: Any]
        let flow = (navigation?["flows"] as? [String: Any])?[navigation?["activeFlow"] as? String ?? ""] as? [String: Any]
        let stack = (flow?["stacks"] as? [String: Any])?[flow?["selectedTab"] as? String ?? ""] as? [String: Any]
        let top = (stack?["path"] as? [[String: Any]])?.last?["route"] as? [String: Any]
        let route = top ?? (stack?["root"] as? [String: Any])
        return route?["screen"] as? String ?? "?"
    }
}

/// The REPL in a process of its own on `home`, its input a pipe kept open and fed as the
/// test goes.
struct PipedREPL {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// Kills a REPL that never answers, so that the test fails instead of hanging.
    private let watchdog: Task<Void, any Error>

    /// With `unprivileged`, run as ``Unprivileged`` says (`home` must be given away first).
    init(home: String, unprivileged: Bool = false) throws {
        if unprivileged, let command = try Unprivileged.command() {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = CLI.binary
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYFINDER_HOME"] = home
        environment["XDG_STATE_HOME"] = home
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let process = process
        watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Sends `commands`, then reads what the REPL prints until it holds `expected` (or the
    /// output closes).
    func send(_ commands: String, until expected: String) -> String {
        input.fileHandleForWriting.write(Data(commands.utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(expected) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// SIGKILL to this test's own process, and waits for it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Ends the REPL if the test has not (its input closed), and the watchdog.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        watchdog.cancel()
    }
}
