import Glibc
import Testing
import WayfinderTerminal

@Suite @MainActor struct PlainLineReaderTests {
    /// A reader over a pipe that already holds `bytes` and whose writing end is closed.
    private func reader(over bytes: [UInt8]) throws -> (PlainLineReader, close: () -> Void) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            try #require(written > 0)
            offset += written
        }
        _ = close(ends[1])
        let readEnd = ends[0]
        return (PlainLineReader(fileDescriptor: readEnd), { _ = close(readEnd) })
    }

    private func allInput(of text: String) throws -> [LineInput] {
        try allInput(of: Array(text.utf8))
    }

    private func allInput(of bytes: [UInt8]) throws -> [LineInput] {
        let (reader, close) = try reader(over: bytes)
        defer { close() }
        var inputs: [LineInput] = []
        while true {
            let input = reader.readLine(prompt: "> ", secret: false)
            inputs.append(input)
            if input == .endOfInput || inputs.count > 10_000 { return inputs }
        }
    }

    @Test func readsLinesThenEndOfInput() throws {
        #expect(try allInput(of: "routes\ngo wayfinder://main/feed\n") == [
            .line("routes"), .line("go wayfinder://main/feed"), .endOfInput,
        ])
    }

    @Test func readsALastLineWithoutNewline() throws {
        #expect(try allInput(of: "first\nlast") == [.line("first"), .line("last"), .endOfInput])
    }

    @Test func dropsTheCarriageReturnOfCRLF() throws {
        #expect(try allInput(of: "first\r\nsecond\r\nthird\r") == [
            .line("first"), .line("second"), .line("third"), .endOfInput,
        ])
    }

    @Test func keepsEmptyLinesAsEmptyStrings() throws {
        #expect(try allInput(of: "\nmiddle\n\n\n") == [
            .line(""), .line("middle"), .line(""), .line(""), .endOfInput,
        ])
    }

    @Test func givesEndOfInputForEmptyInputAndAgainAfterTheEnd() throws {
        let (reader, close) = try reader(over: [])
        defer { close() }
        #expect(reader.readLine(prompt: "> ", secret: false) == .endOfInput)
        #expect(reader.readLine(prompt: "> ", secret: false) == .endOfInput)
    }

    @Test func refusesInvalidUTF8InsteadOfReplacingIt() throws {
        #expect(try allInput(of: [0x61, 0xFF, 0x62, 0x0A] + Array("héllo 中文\n".utf8)) == [
            .invalidUTF8(position: 2), .line("héllo 中文"), .endOfInput,
        ])
    }

    @Test func readsLinesLongerThanOneRead() throws {
        let long = String(repeating: "wayfinder://main/feed/", count: 1_000)
        #expect(try allInput(of: long + "\nshort\n") == [.line(long), .line("short"), .endOfInput])
    }

    @Test func readsSecretLinesLikeOthersWithoutHistory() throws {
        let (reader, close) = try reader(over: Array("hunter2\nnext\n".utf8))
        defer { close() }
        #expect(!reader.isInteractive)
        #expect(reader.readLine(prompt: "password: ", secret: true) == .line("hunter2"))
        reader.addToHistory("ignored")
        #expect(reader.readLine(prompt: "> ", secret: false) == .line("next"))
    }
}
