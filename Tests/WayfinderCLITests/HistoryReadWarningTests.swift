import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A history file that is there but cannot be read is told once, as a warning, and the REPL
/// goes on without recall; the file is left as it is.
@Suite struct HistoryReadWarningTests {
    @Test func aHistoryThatIsADirectoryIsToldOnce() throws {
        let home = try CLI.temporaryDirectory()
        let history = home + "/wayfinder/history"
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        let result = try CLI.run([], stdin: "where\n", environment: ["WAYFINDER_HOME": home, "XDG_STATE_HOME": home])
        #expect(result.status == 0)
        #expect(result.stdout == "wayfinder://login\n")
        #expect(result.stderr == "wayfinder: warning: history not read from \(history): Is a directory\n")
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "needs a user other than root: setpriv is missing"))
    func anUnreadableHistoryIsToldOnceAndKept() throws {
        let home = try CLI.temporaryDirectory()
        let history = home + "/wayfinder/history"
        try FileManager.default.createDirectory(atPath: home + "/wayfinder", withIntermediateDirectories: true)
        try Data("feed\nwhere\n".utf8).write(to: URL(fileURLWithPath: history))
        try Unprivileged.giveAway(home)
        #expect(chmod(history, 0) == 0)
        defer { chmod(history, 0o600) }
        let result = try CLI.run(
            [], stdin: "where\n", environment: ["WAYFINDER_HOME": home, "XDG_STATE_HOME": home], unprivileged: true)
        #expect(result.status == 0)
        #expect(result.stdout == "wayfinder://login\n")
        #expect(result.stderr == "wayfinder: warning: history not read from \(history): Permission denied\n")
        #expect(chmod(history, 0o600) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == Data("feed\nwhere\n".utf8))
    }
}
