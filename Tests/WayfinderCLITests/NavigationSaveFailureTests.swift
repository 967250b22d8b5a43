import Foundation
import Testing

/// Where a session ended is part of what the user keeps: a REPL that could not save its
/// navigation (a full disk) says so once on standard error and exits 75, not as a success,
/// and not with 74, the status of a command whose data was not written (the commands' work
/// was done: a script that retries on 74 would do it twice).
@Suite(.serialized, .enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
struct NavigationSaveFailureTests {
    @Test func aNavigationThatCouldNotBeSavedIsAnErrorAtExit() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let directory = try FullDiskTests.signedIn(on: disk)
        let repl = try FullDiskTests.runningREPL(in: directory)
        try disk.fill()
        // Only navigation: nothing but the state file needs writing.
        repl.send("open wayfinder://main/feed/post/9\nwhere\n")
        let (status, result) = try repl.finish()
        #expect(status == 75, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("wayfinder://main/feed/post/9\n"), "\(result.stdout)")
        #expect(result.stderr.components(separatedBy: "the navigation state was not saved").count == 2, "told once: \(result.stderr)")
        #expect(result.stderr.contains("wayfinder: warning: the navigation state was not saved: "), "\(result.stderr)")
        try disk.free()
        // The file saved before the disk filled is whole and still used.
        let after = try CLI.run(["--data-dir", directory], stdin: "where\n")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout == "wayfinder://main/feed/post/7\n")
    }
}
