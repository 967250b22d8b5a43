import WayfinderSystem
import Foundation
import Testing
import WayfinderTerminal

/// `FileSystem.read`: the whole file, whatever its size, and whatever size it reports.
@Suite struct FileReadingTests {
    @Test(arguments: [0, 1, 64, 4_095, 4_096, 4_097, 65_536, 200_001])
    func aFileIsReadWhole(size: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("data")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try directory.write(bytes, to: path)
        #expect(try FileSystem.read(path) == bytes)
    }

    @Test func aFileThatReportsNoSizeIsReadWhole() throws {
        // Files in /proc report a size of 0 and have contents all the same.
        let read = try #require(try FileSystem.read("/proc/self/status"))
        let text = String(decoding: read, as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nPid:"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func aMissingFileIsNilAndADirectoryIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try FileSystem.read(directory.file("missing")) == nil)
        #expect(throws: SystemError.self) { try FileSystem.read(directory.path) }
    }
}
