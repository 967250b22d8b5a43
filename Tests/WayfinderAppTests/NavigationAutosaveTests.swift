import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit

/// When the REPL's navigation is written: after each change, spaced out only while more
/// input is already queued, and always before waiting for input.
@MainActor
@Suite struct NavigationAutosaveTests {
    let app = AppCoordinator(container: .demo())
    let file = NavigationStateFile(path: FileManager.default.temporaryDirectory.appendingPathComponent("autosave-\(UUID().uuidString).json").path)

    /// The state the file holds now.
    private func saved() -> NavigationState? {
        guard case .state(let state, let routes) = file.load() else { return nil }
        #expect(routes == AppRoutes.graph.version, "saved with today's table")
        return state
    }

    /// The file's inode: a new one for each write (a new file is renamed over the old one).
    private func inode() throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
    }

    @Test func aChangeIsWrittenAtTheNextCheckpointAndNoChangeIsNot() throws {
        let autosave = NavigationAutosave(store: app.store, file: file)
        #expect(autosave.checkpoint(lineQueued: false) == nil)
        #expect(saved() == app.store.state)
        let first = try inode()
        #expect(autosave.checkpoint(lineQueued: false) == nil)
        #expect(try inode() == first, "an unchanged state is not written again")
        try app.open("wayfinder://login/register")
        #expect(autosave.checkpoint(lineQueued: false) == nil)
        #expect(saved() == app.store.state)
        #expect(try inode() != first)
    }

    @Test func whileInputIsQueuedWritesAreSpacedOutButNoneIsLostBeforeWaiting() throws {
        // An interval no test run reaches: only "queued" or not decides.
        let autosave = NavigationAutosave(store: app.store, file: file, interval: .seconds(3600))
        #expect(autosave.checkpoint(lineQueued: true) == nil)
        let start = app.store.state
        #expect(saved() == start, "the first write is never put off")
        try app.open("wayfinder://login/register")
        #expect(autosave.checkpoint(lineQueued: true) == nil)
        #expect(saved() == start, "put off: more input is queued and the last write is recent")
        #expect(autosave.checkpoint(lineQueued: false) == nil)
        #expect(saved() == app.store.state, "written before waiting for input")
        try app.open("wayfinder://login/forgot")
        #expect(autosave.checkpoint(lineQueued: true) == nil)
        #expect(saved() != app.store.state)
        #expect(autosave.finish() == nil)
        #expect(saved() == app.store.state, "written when the REPL ends")
    }

    @Test func withoutAnIntervalEveryChangeIsWritten() throws {
        let autosave = NavigationAutosave(store: app.store, file: file, interval: .zero)
        try app.open("wayfinder://login/register")
        #expect(autosave.checkpoint(lineQueued: true) == nil)
        #expect(saved() == app.store.state)
    }

    @Test func aFailedWriteIsReportedOnceUntilOneSucceeds() throws {
        let blocked = NavigationStateFile(path: file.path + "/not-a-directory/navigation.json")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file.path))
        let autosave = NavigationAutosave(store: app.store, file: blocked)
        #expect(autosave.checkpoint(lineQueued: false)?.hasPrefix("warning: the navigation state was not saved: ") == true)
        try app.open("wayfinder://login/register")
        #expect(autosave.checkpoint(lineQueued: false) == nil, "the same failure is not repeated at each command")
        let last = try #require(autosave.finish(), "the last attempt fails too")
        #expect(last.wasTold, "and was told already: it is not told twice")
        #expect(last.message.hasPrefix("warning: the navigation state was not saved: "))
    }
}
