import WayfinderSystem
import Foundation
import Testing
import WayfinderTerminal

@Suite struct HistoryStoreTests {
    // MARK: Appending

    @Test func appendSkipsBlankLinesAndAdjacentDuplicates() {
        var store = HistoryStore(path: "/nonexistent/history")
        let lines = ["routes", "", "   \t ", "routes", "go wayfinder://main/feed", "routes"]
        let added = lines.map { store.append($0) }
        #expect(added == [true, false, false, false, true, true])
        #expect(store.entries == ["routes", "go wayfinder://main/feed", "routes"])
    }

    @Test func appendTrimsNothing() {
        var store = HistoryStore(path: "/nonexistent/history")
        store.append("  back  ")
        store.append("back")
        #expect(store.entries == ["  back  ", "back"])
    }

    @Test(arguments: ["two\nlines", "carriage\rreturn", "ends with newline\n", "nul\u{0}byte"])
    func appendRefusesLinesThatCannotBeStoredAsOneLine(_ line: String) {
        var store = HistoryStore(path: "/nonexistent/history")
        let added = store.append(line)
        #expect(!added)
        #expect(store.entries.isEmpty)
    }

    @Test func appendKeepsTheLastThousandEntries() {
        var store = HistoryStore(path: "/nonexistent/history")
        for number in 1...1_005 {
            store.append("line \(number)")
        }
        #expect(store.entries.count == 1_000)
        #expect(store.entries.first == "line 6")
        #expect(store.entries.last == "line 1005")
    }

    @Test func appendHonoursASmallerLimit() {
        var store = HistoryStore(path: "/nonexistent/history", limit: 2)
        for line in ["a", "b", "c"] {
            store.append(line)
        }
        #expect(store.entries == ["b", "c"])
    }

    // MARK: Saving

    @Test func saveWritesOneEntryPerLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("history"))
        store.append("routes")
        store.append("héllo 中文")
        try store.save()
        #expect(try directory.contents(of: store.path) == Array("routes\nhéllo 中文\n".utf8))
    }

    @Test func saveCreatesTheFileWithMode0600() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("history"))
        store.append("routes")
        try store.save()
        #expect(try directory.permissions(of: store.path) == 0o600)
    }

    @Test func saveMakesAnExisting0644File0600() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        try directory.write(Array("old\n".utf8), to: path, permissions: 0o644)
        var store = HistoryStore(path: path)
        try store.load()
        store.append("new")
        try store.save()
        #expect(try directory.permissions(of: path) == 0o600)
        #expect(try directory.contents(of: path) == Array("old\nnew\n".utf8))
    }

    @Test func saveCreatesMissingDirectoriesWithMode0700() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state/wayfinder/history")
        var store = HistoryStore(path: path)
        store.append("routes")
        try store.save()
        #expect(try directory.permissions(of: directory.file("state")) == 0o700)
        #expect(try directory.permissions(of: directory.file("state/wayfinder")) == 0o700)
        #expect(try directory.contents(of: path) == Array("routes\n".utf8))
    }

    @Test func saveLeavesNoTemporaryFileBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("history"))
        store.append("routes")
        try store.save()
        try store.save()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
    }

    @Test func saveThrowsWhenTheDirectoryCannotBeCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Array("a file".utf8), to: directory.file("blocker"))
        let store = HistoryStore(path: directory.file("blocker/history"))
        #expect(throws: SystemError.self) { try store.save() }
    }

    // MARK: Loading

    @Test func loadOfAMissingFileGivesNoEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("missing"))
        try store.load()
        #expect(store.entries.isEmpty)
    }

    @Test func loadSkipsInvalidUTF8AndBlankLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        let bytes = Array("first\n".utf8) + [0x62, 0xFF, 0x61, 0x64, 0x0A] + Array("\n  \nsecond\nsecond\nthird".utf8)
        try directory.write(bytes, to: path)
        var store = HistoryStore(path: path)
        try store.load()
        #expect(store.entries == ["first", "second", "third"])
    }

    @Test func loadKeepsTheLastEntriesUpToTheLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        try directory.write(Array((1...1_200).map { "line \($0)\n" }.joined().utf8), to: path)
        var store = HistoryStore(path: path)
        try store.load()
        #expect(store.entries.count == 1_000)
        #expect(store.entries.first == "line 201")
        #expect(store.entries.last == "line 1200")
    }

    @Test func loadOfADirectoryThrowsAndGivesNoEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.path)
        store.append("earlier")
        #expect(throws: SystemError.self) { try store.load() }
        #expect(store.entries.isEmpty)
    }

    @Test func saveThenLoadGivesTheSameEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = ["routes", "go wayfinder://main/feed?tab=top", "  spaced  ", "héllo 中文", "routes"]
        var saved = HistoryStore(path: directory.file("history"))
        for entry in entries {
            saved.append(entry)
        }
        try saved.save()
        var loaded = HistoryStore(path: saved.path)
        try loaded.load()
        #expect(loaded.entries == entries)
    }

    // MARK: Default path

    @Test(arguments: [
        (["XDG_STATE_HOME": "/state", "HOME": "/home/ana"], "/state/wayfinder/history"),
        (["XDG_STATE_HOME": "/state/", "HOME": "/home/ana"], "/state/wayfinder/history"),
        (["HOME": "/home/ana"], "/home/ana/.local/state/wayfinder/history"),
        (["XDG_STATE_HOME": "", "HOME": "/home/ana"], "/home/ana/.local/state/wayfinder/history"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/ana"], "/home/ana/.local/state/wayfinder/history"),
        (["XDG_STATE_HOME": "/state"], "/state/wayfinder/history"),
    ])
    func defaultPathPrefersAnAbsoluteXDGStateHome(_ environment: [String: String], _ expected: String) {
        #expect(HistoryStore.defaultPath(program: "wayfinder", environment: environment) == expected)
    }

    @Test(arguments: [[:], ["HOME": ""], ["XDG_STATE_HOME": "relative"]])
    func defaultPathIsNilWithoutHome(_ environment: [String: String]) {
        #expect(HistoryStore.defaultPath(program: "wayfinder", environment: environment) == nil)
    }
}
