import Dispatch
import Foundation
import Testing
import WayfinderSystem
import WayfinderTerminal

/// Several REPLs on one history file: each appends its own lines, none is lost, and the
/// file stays bounded.
@Suite struct HistoryAppendTests {
    private func lines(_ directory: TemporaryDirectory, _ path: String) throws -> [String] {
        String(decoding: try directory.contents(of: path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func twoStoresOnOneFileKeepBothSessionsLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        try directory.write(Array("earlier\n".utf8), to: path, permissions: 0o600)
        var first = HistoryStore(path: path)
        var second = HistoryStore(path: path)
        try first.load()
        try second.load()
        try first.record("where")
        try second.record("help back")
        try first.record("open wayfinder://main/feed")
        try second.record("help where")
        #expect(try lines(directory, path) == ["earlier", "where", "help back", "open wayfinder://main/feed", "help where"])
        // Each keeps its own lines in memory; the next start sees everyone's.
        #expect(first.entries == ["earlier", "where", "open wayfinder://main/feed"])
        var next = HistoryStore(path: path)
        try next.load()
        #expect(next.entries == ["earlier", "where", "help back", "open wayfinder://main/feed", "help where"])
    }

    @Test func recordSkipsWhatAppendSkipsAndWritesNothingForIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("history"))
        #expect(try store.record("where"))
        #expect(try !store.record("where"))
        #expect(try !store.record("   "))
        #expect(try !store.record("two\nlines"))
        #expect(try lines(directory, store.path) == ["where"])
    }

    @Test func recordCreatesAPrivateFileInPrivateDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("state/wayfinder/history"))
        try store.record("routes")
        #expect(try directory.permissions(of: store.path) == 0o600)
        #expect(try directory.permissions(of: directory.file("state/wayfinder")) == 0o700)
    }

    @Test func recordMakesAnExisting0644File0600() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        try directory.write(Array("old\n".utf8), to: path, permissions: 0o644)
        var store = HistoryStore(path: path)
        try store.record("new")
        #expect(try directory.permissions(of: path) == 0o600)
        #expect(try lines(directory, path) == ["old", "new"])
    }

    @Test func recordThrowsWhenTheFileCannotBeWrittenButKeepsTheEntry() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Array("a file".utf8), to: directory.file("blocker"))
        var store = HistoryStore(path: directory.file("blocker/history"))
        #expect(throws: SystemError.self) { try store.record("where") }
        #expect(store.entries == ["where"])
    }

    @Test func theFileIsTrimmedToTheLastEntriesOnceItGrowsPastItsBound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = HistoryStore(path: directory.file("history"))
        try store.load()
        var largest = 0
        // 5,000 lines of 40 bytes: 200 kB written in all.
        for number in 1...5_000 {
            try store.record("open wayfinder://main/feed/post/\(String(number).leftPadded(to: 6))")
            let size = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int
            largest = max(largest, size ?? 0)
        }
        #expect(largest <= 2 * HistoryStore.trimSize + 40, "the file grew to \(largest) bytes")
        let kept = try lines(directory, store.path)
        #expect(kept.count < 5_000)
        #expect(kept.last?.hasSuffix("5000") == true)
        var next = HistoryStore(path: store.path)
        try next.load()
        #expect(next.entries.count == 1_000)
        #expect(next.entries.first?.hasSuffix("4001") == true)
        #expect(next.entries.last?.hasSuffix("5000") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
    }

    @Test func trimmingWhileAnotherStoreAppendsLosesNoLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        let perWriter = 3_000
        // A limit that keeps every line: only what concurrent trims could lose is checked.
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            var store = HistoryStore(path: path, limit: 10_000)
            for number in 1...perWriter {
                do {
                    try store.record("writer \(writer) line \(String(number).leftPadded(to: 6)) ..............")
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let written = try lines(directory, path)
        for writer in 0..<2 {
            let own = written.filter { $0.hasPrefix("writer \(writer) ") }
            #expect(own.count == perWriter, "writer \(writer): \(own.count) of \(perWriter) lines kept")
            #expect(own == own.sorted(), "writer \(writer)'s lines in the order written")
        }
        #expect(try directory.contents(of: path).count > HistoryStore.trimSize, "enough was written for trims to happen")
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}

extension String {
    /// The string with zeros before it, `width` characters in all.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
