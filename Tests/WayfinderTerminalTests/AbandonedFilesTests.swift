import WayfinderSystem
import Foundation
import Testing
import WayfinderTerminal

@Suite struct AbandonedFilesTests {
    /// A process id no process has (above the kernel's largest, 2^22).
    static let deadPID = 2_000_000_000

    @Test func temporaryFilesOfGoneProcessesAreRemovedAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("navigation.json")
        let ownPID = ProcessInfo.processInfo.processIdentifier
        let abandoned = [
            directory.file("navigation.json.tmp-\(Self.deadPID)-1x2y3z"),
            directory.file("navigation.json.tmp-\(Self.deadPID + 1)-abc"),
        ]
        let kept = [
            target,
            directory.file("navigation.json.tmp-\(ownPID)-live"),   // a writer that still runs
            directory.file("navigation.json.tmp-notapid-x"),
            directory.file("navigation.json.corrupt"),
            directory.file("session.tmp-\(Self.deadPID)-other"),    // another file's temporaries
            directory.file("other-navigation.json.tmp-\(Self.deadPID)-x"),
        ]
        for path in abandoned + kept { try directory.write(Array("x".utf8), to: path) }

        let removed = FileSystem.removeAbandonedTemporaryFiles(besides: target)

        #expect(Set(removed) == Set(abandoned))
        for path in abandoned { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        for path in kept { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func severalFilesAreClearedWithOneCallInEachOfTheirDirectories() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        defer { first.remove(); second.remove() }
        let abandoned = [
            first.file("navigation.json.tmp-\(Self.deadPID)-a"),
            first.file("session.tmp-\(Self.deadPID)-b"),
            second.file("history.tmp-\(Self.deadPID)-c"),
        ]
        let kept = [
            first.file("history.tmp-\(Self.deadPID)-d"),     // not asked for in this directory
            second.file("session.tmp-\(Self.deadPID)-e"),
        ]
        for path in abandoned + kept { try first.write(Array("x".utf8), to: path) }

        let removed = FileSystem.removeAbandonedTemporaryFiles(
            besides: first.file("navigation.json"), first.file("session"), second.file("history"), "/nonexistent/dir/file"
        )

        #expect(Set(removed) == Set(abandoned))
        for path in kept { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func aMissingDirectoryIsNotAnError() {
        #expect(FileSystem.removeAbandonedTemporaryFiles(besides: "/nonexistent/dir/file").isEmpty)
    }

    @Test func loadingTheHistoryClearsItsLeftovers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        try directory.write(Array("back\n".utf8), to: path)
        let leftover = path + ".tmp-\(Self.deadPID)-q"
        try directory.write(Array("half".utf8), to: leftover)
        var store = HistoryStore(path: path)
        try store.load()
        #expect(store.entries == ["back"])
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }
}
