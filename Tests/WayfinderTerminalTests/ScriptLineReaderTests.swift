import Testing
import WayfinderTerminal

/// ``ScriptLineReader``: a script's lines numbered for messages, and its secret lines read
/// from another reader (standard input) when one is given.
@Suite @MainActor struct ScriptLineReaderTests {
    @Test func commandsAreNumberedAsTheirCommandArguments() {
        let reader = ScriptLineReader(commands: ["where", "", "state"], secrets: nil)
        #expect(reader.lastLineLocation == nil)
        var read: [String] = []
        while case .line(let line) = reader.readLine(prompt: "", secret: false) {
            read.append("\(reader.lastLineLocation ?? "?"): \(line)")
        }
        #expect(read == ["-c 1: where", "-c 2: ", "-c 3: state"])
        #expect(!reader.isInteractive)
    }

    @Test func aFileCountsEveryLineTheInvalidOnesToo() {
        let bytes = Array("# comment\r\n".utf8) + [0xC3, 0x0A] + Array("where".utf8)
        let reader = ScriptLineReader(lines: PlainLineReader(bytes: bytes), origin: .file(name: "s.wf"))
        #expect(reader.readLine(prompt: "", secret: false) == .line("# comment"))
        #expect(reader.readLine(prompt: "", secret: false) == .invalidUTF8(position: 1))
        #expect(reader.lastLineLocation == "line 2 of s.wf")
        #expect(reader.readLine(prompt: "", secret: false) == .line("where"))
        #expect(reader.lastLineLocation == "line 3 of s.wf")
        #expect(reader.readLine(prompt: "", secret: false) == .endOfInput)
        #expect(reader.lastLineLocation == "line 3 of s.wf")
    }

    @Test func secretLinesComeFromTheOtherReaderMadeOnce() {
        var made = 0
        let secrets = PlainLineReader(bytes: Array("first secret\nsecond secret\n".utf8))
        let reader = ScriptLineReader(commands: ["login alice", "where"]) {
            made += 1
            return secrets
        }
        #expect(reader.readsSecretsFromStandardInput)
        #expect(made == 0, "made before a secret was asked for")
        #expect(reader.readLine(prompt: "", secret: false) == .line("login alice"))
        #expect(reader.readLine(prompt: "Password:", secret: true) == .line("first secret"))
        #expect(reader.lastLineLocation == "-c 1", "a secret is not a line of the script")
        #expect(reader.readLine(prompt: "Password:", secret: true) == .line("second secret"))
        #expect(reader.readLine(prompt: "", secret: false) == .line("where"))
        #expect(reader.readLine(prompt: "Password:", secret: true) == .endOfInput)
        #expect(made == 1)
    }

    @Test func withoutAnotherReaderASecretIsTheScriptsNextLine() {
        let reader = ScriptLineReader(lines: PlainLineReader(bytes: Array("login alice\nwonderland\n".utf8)), origin: .standardInput) { nil }
        #expect(!reader.readsSecretsFromStandardInput)
        #expect(reader.readLine(prompt: "", secret: false) == .line("login alice"))
        #expect(reader.readLine(prompt: "Password:", secret: true) == .line("wonderland"))
        #expect(reader.lastLineLocation == "line 2")
    }
}
