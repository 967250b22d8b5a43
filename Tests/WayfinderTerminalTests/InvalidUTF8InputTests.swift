import Glibc
import Testing
import Wayfinder
@testable import WayfinderTerminal
@testable import WayfinderSystem

/// Bytes in, never repaired: input that is not valid UTF-8 is refused, with where it went
/// wrong, and never turned into U+FFFD.
@Suite struct UTF8ValidationTests {
    /// Byte strings and the offset of their first invalid byte (nil: valid).
    static let cases: [([UInt8], Int?)] = [
        ([], nil),
        (Array("wayfinder://main/feed".utf8), nil),
        (Array("café 中文 🙂".utf8), nil),
        ([0xEF, 0xBF, 0xBD], nil),  // U+FFFD itself is valid
        ([0xF4, 0x8F, 0xBF, 0xBF], nil),  // U+10FFFF
        ([0x61, 0xFF], 1),
        ([0xFE], 0),
        ([0x80], 0),  // a lone continuation byte
        ([0x61, 0x62, 0xC0, 0xAF], 2),  // overlong "/"
        ([0xC1, 0xBF], 0),  // overlong
        ([0xE0, 0x80, 0xAF], 0),  // overlong "/", three bytes
        ([0xF0, 0x80, 0x80, 0xAF], 0),  // overlong, four bytes
        ([0xED, 0xA0, 0x80], 0),  // a surrogate (U+D800)
        ([0xED, 0xBF, 0xBF], 0),  // a surrogate (U+DFFF)
        ([0xF4, 0x90, 0x80, 0x80], 0),  // U+110000
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0x61, 0xE2, 0x82], 1),  // cut short at the end
        ([0xE2, 0x82, 0x61], 0),  // cut short by an ASCII byte
        ([0xC3, 0xA9, 0xC3], 2),
    ]

    @Test(arguments: cases)
    func findsTheFirstInvalidByte(bytes: [UInt8], expected: Int?) {
        #expect(UTF8Validation.firstInvalidByte(in: bytes) == expected)
        switch UTF8Validation.decode(bytes) {
        case .success(let text):
            #expect(expected == nil)
            #expect(Array(text.utf8) == bytes)
        case .failure(let invalid):
            #expect(invalid.position == (expected ?? -1) + 1)
            #expect(invalid.description == "not valid UTF-8 (byte \(invalid.position))")
        }
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        // Bytes drawn mostly from the interesting ones: starts, continuations, ASCII.
        let pool: [UInt8] = [0x00, 0x2F, 0x61, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                             0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let bytes = (0..<count).map { _ in pool.randomElement(using: &generator) ?? 0 }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let bad = UTF8Validation.firstInvalidByte(in: bytes)
            #expect((bad == nil) == valid, "\(bytes)")
            if let bad {
                // Everything before the bad byte is valid on its own.
                #expect(String(validating: bytes[..<bad], as: UTF8.self) != nil, "\(bytes)")
            }
            // The terminal's byte-at-a-time decoder sees the same.
            #expect(Self.decodeByBytes(bytes) == (valid ? String(decoding: bytes, as: UTF8.self) : nil), "\(bytes)")
        }
    }

    @Test func showsBadBytesAsHexAndEscapesControls() {
        #expect(String(displaying: Array("a".utf8) + [0xFF, 0x62]) == #"a\xFFb"#)
        #expect(String(displaying: [0xC0, 0xAF]) == #"\xC0\xAF"#)
        #expect(String(displaying: [0x1B] + Array("é".utf8)) == #"\u{1B}é"#)
    }

    @Test func theByteDecoderRefusesOverlongFormsAndSurrogates() {
        #expect(Self.decodeByBytes([0xE0, 0x80, 0xAF]) == nil)
        #expect(Self.decodeByBytes([0xED, 0xA0, 0x80]) == nil)
        #expect(Self.decodeByBytes([0xF4, 0x90, 0x80, 0x80]) == nil)
        #expect(Self.decodeByBytes(Array("é🙂/".utf8)) == "é🙂/")
        // The byte that shows a sequence is cut short starts the next character.
        var decoder = UTF8ByteDecoder()
        #expect(decoder.decode(0xC3) == .needsMore)
        #expect(decoder.decode(0x61) == .invalid(consumedByte: false))
        #expect(decoder.decode(0x61) == .scalar("a"))
    }

    /// `bytes` through ``UTF8ByteDecoder``; nil when it found an invalid sequence.
    static func decodeByBytes(_ bytes: [UInt8]) -> String? {
        var decoder = UTF8ByteDecoder()
        var text = ""
        var index = 0
        while index < bytes.count {
            switch decoder.decode(bytes[index]) {
            case .scalar(let scalar): text.unicodeScalars.append(scalar)
            case .needsMore: break
            case .invalid: return nil
            }
            index += 1
        }
        return decoder.isInsideSequence ? nil : text
    }
}

@Suite @MainActor struct InvalidUTF8LineTests {
    /// All that a ``PlainLineReader`` reads from a closed pipe holding `bytes`.
    private func allInput(of bytes: [UInt8]) throws -> [LineInput] {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            try #require(written > 0)
            offset += written
        }
        _ = close(ends[1])
        defer { _ = close(ends[0]) }
        let reader = PlainLineReader(fileDescriptor: ends[0])
        var inputs: [LineInput] = []
        while true {
            let input = reader.readLine(prompt: "> ", secret: false)
            inputs.append(input)
            if input == .endOfInput || inputs.count > 100 { return inputs }
        }
    }

    @Test func aPipedLineThatIsNotUTF8IsRefusedWholeAndTheNextIsRead() throws {
        let open = Array("open wayfinder://main/search?q=".utf8)
        #expect(try allInput(of: open + [0xFF, 0x0A] + Array("where\n".utf8)) == [
            .invalidUTF8(position: 32), .line("where"), .endOfInput,
        ])
        #expect(try allInput(of: [0x61, 0xC0, 0xAF, 0x0D, 0x0A, 0xED, 0xA0, 0x80]) == [
            .invalidUTF8(position: 2), .invalidUTF8(position: 1), .endOfInput,
        ])
        // Valid UTF-8, U+FFFD included, is read as it is.
        #expect(try allInput(of: Array("find caf\u{E9} \u{FFFD}\n".utf8)) == [.line("find café \u{FFFD}"), .endOfInput])
    }

    @Test func theReplRefusesTheLineRunsNothingAndFailsThePipedSession() async {
        let shell = RecordingShell()
        let output = BufferOutput()
        let reader = ListReader([.line("first"), .invalidUTF8(position: 7), .line("last")])
        let status = await Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output).run()
        #expect(status == 1)
        #expect(shell.executed == ["first", "last"])
        #expect(output.errors == "error: line is not valid UTF-8 (byte 7)\n")
    }

    @Test func atAPasswordPromptTheRefusedLineLeavesThePromptWaiting() async {
        let shell = RecordingShell()
        shell.secretPrompt = "Password:"
        let output = BufferOutput()
        let reader = ListReader([.invalidUTF8(position: 3), .line("wonderland")])
        let status = await Repl(shell: shell, reader: reader, recordHistory: nil, renderer: TextRenderer(usesColor: false), output: output).run()
        #expect(status == 1)
        #expect(shell.executed == ["wonderland"])
        #expect(shell.cancelled == 0)
        #expect(reader.secretReads == [true, true, false])
    }
}

/// A shell that records the lines it runs.
@MainActor
private final class RecordingShell: ReplShell {
    var executed: [String] = []
    var cancelled = 0
    var prompt: String { "> " }
    var secretPrompt: String?
    func banner() -> StyledText { StyledText() }
    func screen() async -> StyledText { StyledText() }
    func execute(_ line: String) async -> ReplReply {
        executed.append(line)
        secretPrompt = nil
        return ReplReply()
    }
    func cancelInput() { cancelled += 1 }
    func completions(for text: String) -> [String] { [] }
}

/// A piped reader of fixed inputs.
@MainActor
private final class ListReader: LineReader {
    private var inputs: [LineInput]
    var secretReads: [Bool] = []
    var isInteractive: Bool { false }
    var completer: (@MainActor (String) -> [String])?
    init(_ inputs: [LineInput]) { self.inputs = inputs }
    func readLine(prompt: String, secret: Bool) -> LineInput {
        secretReads.append(secret)
        return inputs.isEmpty ? .endOfInput : inputs.removeFirst()
    }
    func addToHistory(_ line: String) {}
}

private final class BufferOutput: TextOutput {
    var text = ""
    var errors = ""
    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) { errors += text }
}
