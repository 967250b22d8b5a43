import WayfinderKit
import Foundation
import Testing
import WayfinderTerminal
import WayfinderTesting

/// A transcript keeps the name of the program on its `$` line, and a relative transcript
/// path is found beside the test file that names it.
@MainActor
@Suite struct TranscriptProgramTests {
    /// Replies to each line with its greeting (the first argument) before it.
    private final class EchoShell: ReplShell {
        let greeting: String
        init(arguments: [String]) { greeting = arguments.first ?? "echo" }
        var prompt: String { "> " }
        var secretPrompt: String? { nil }
        func banner() -> StyledText { StyledText() }
        func screen() async -> StyledText { StyledText() }
        func execute(_ line: String) async -> ReplReply { ReplReply(output: .line("\(greeting) \(line)")) }
        func cancelInput() {}
        func completions(for text: String) -> [String] { [] }
    }

    @Test(arguments: ["$ myapp x\n> a\n[exit 0]\n", "$ bookshelf 'two words' x\n[exit 0]\n", "$ myapp\n> a\n[exit 0]\n"])
    func theProgramsNameSurvivesARoundTrip(text: String) throws {
        let transcript = try Transcript(parsing: text)
        #expect(transcript.text == text)
    }

    @Test func theProgramAndItsArgumentsAreParsedApart() throws {
        let transcript = try Transcript(parsing: "$ myapp x 'y z'\n")
        #expect(transcript.program == "myapp")
        #expect(transcript.arguments == ["x", "y z"])
    }

    @Test func aTranscriptWithoutADollarLineWritesNone() throws {
        let transcript = try Transcript(parsing: "> a\n[exit 0]\n")
        #expect(transcript.program == nil)
        #expect(transcript.text == "> a\n[exit 0]\n")
        // Made in code with arguments but no name: the default name.
        #expect(Transcript(arguments: ["x"], steps: []).text == "$ wayfinder x\n[exit 0]\n")
    }

    @Test func reRecordingKeepsTheProgramsName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // An absolute path is taken as it is.
        let path = directory.appendingPathComponent("echo.transcript").path
        try "$ bookshelf hi\n> there\nwrong\n[exit 0]\n".write(toFile: path, atomically: true, encoding: .utf8)
        try await TranscriptRunner.check(path, record: true) { EchoShell(arguments: $0) }
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded == "$ bookshelf hi\n> there\nhi there\n[exit 0]\n")
    }

    @Test func aRelativePathIsFoundBesideTheTestFile() async throws {
        // The current directory (the package's, under `swift test`) has no Transcripts/.
        #expect(!FileManager.default.fileExists(atPath: "Transcripts/echo.transcript"))
        try await TranscriptRunner.check("Transcripts/echo.transcript", record: false) { EchoShell(arguments: $0) }
    }

    @Test func aRelativePathThatIsNotThereIsAnError() async {
        await #expect(throws: (any Error).self) {
            try await TranscriptRunner.check("Transcripts/missing.transcript", record: false) { EchoShell(arguments: $0) }
        }
    }
}
