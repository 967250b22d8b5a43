import Foundation
import Testing

/// The README's examples are real: its console sessions are run and compared, and its
/// copy of the routes table is the file in Routes/.
@Suite struct ReadmeTests {
    private static func readme() throws -> String {
        try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The fenced blocks of the given language, as lists of lines.
    private static func blocks(_ language: String, in text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        var currentLanguage = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let lines = current {
                    if currentLanguage == language { result.append(lines) }
                    current = nil
                } else {
                    current = []
                    currentLanguage = String(line.dropFirst(3))
                }
            } else {
                current?.append(line)
            }
        }
        return result
    }

    /// Splits a command line into words, honouring single quotes.
    private static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// The line each console block starts with: a data directory of its own, so that every
    /// block can be run by itself, in any order, from fresh demo data.
    static let freshData = "$ export WAYFINDER_HOME=$(mktemp -d)"

    @Test func consoleSessionsPrintWhatTheReadmeShows() throws {
        let sessions = Self.blocks("console", in: try Self.readme())
        #expect(!sessions.isEmpty)
        var checked = 0
        for session in sessions {
            #expect(session.first == Self.freshData, "README: a console block starts from its own data: \(session.first ?? "")")
            // One data directory for the whole block: its commands see what the earlier ones did.
            let home = try CLI.temporaryDirectory()
            var lastStatus: Int32 = 0
            var index = 0
            while index < session.count {
                let line = session[index]
                index += 1
                guard line.hasPrefix("$ ") else { continue }
                var expected: [String] = []
                while index < session.count, !session[index].hasPrefix("$ ") {
                    expected.append(session[index])
                    index += 1
                }
                let command = String(line.dropFirst(2))
                if command == "echo $?" {
                    #expect(expected == ["\(lastStatus)"], "README: \(line)")
                    continue
                }
                var stdin = ""
                var words = Self.words(command)
                // `printf '…' | wayfinder …`: the printf text is the session's input.
                if words.first == "printf", words.count > 3, words[2] == "|" {
                    stdin = words[1].replacingOccurrences(of: "\\n", with: "\n")
                    words.removeFirst(3)
                }
                guard words.first == "wayfinder" else { continue }
                let result = try CLI.run(Array(words.dropFirst()), stdin: stdin, environment: ["WAYFINDER_HOME": home])
                lastStatus = result.status
                let shown = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(shown.dropLast(shown.last == "" ? 1 : 0).map { $0 } == expected, "README: \(line)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test func theTestingExampleIsTheOneATestRuns() throws {
        let readme = try Self.readme()
        let test = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Tests/WayfinderTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
        let example = try #require(Self.blocks("swift", in: readme).first { $0.contains("import WayfinderTesting") })
        let body = example.drop { !$0.hasPrefix("@MainActor") }.joined(separator: "\n")
        #expect(!body.isEmpty)
        #expect(test.contains(body), "README's testing example differs from Tests/WayfinderTestingTests/ReadmeExampleTests.swift")
    }

    @Test func theRoutesExampleIsTheAppTable() throws {
        let readme = try Self.readme()
        let table = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Routes/app.routes"), encoding: .utf8)
        func declarations(_ lines: [String]) -> [String] {
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }
        }
        let example = Self.blocks("", in: readme).first { $0.first == "scheme wayfinder" } ?? []
        #expect(declarations(example) == declarations(table.split(separator: "\n").map(String.init)))
    }

    /// "Build your own app" quotes the example app: each line of its Swift blocks is a line of
    /// `Examples/Bookshelf` (which its own tests build and run), so the README cannot drift
    /// from it.
    @Test func buildYourOwnAppQuotesTheExampleAsItIs() throws {
        let text = try Self.readme()
        let start = try #require(text.range(of: "## Build your own app\n"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let lines = section[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count <= 60, "the section is at most 60 lines")
        var quoted: [String] = []
        var inSwift = false
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inSwift = !inSwift && trimmed == "```swift"
            } else if inSwift, !trimmed.isEmpty {
                quoted.append(trimmed.hasSuffix(",") ? String(trimmed.dropLast()) : trimmed)
            }
        }
        #expect(quoted.count >= 10, "the section quotes the example's code")
        let example = CLI.repositoryRoot.appendingPathComponent("Examples/Bookshelf")
        let files = try #require(FileManager.default.enumerator(atPath: example.path)).compactMap { $0 as? String }
        var known: Set<String> = []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix(".build") {
            let source = try String(contentsOf: example.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                known.insert(trimmed.hasSuffix(",") ? String(trimmed.dropLast()) : trimmed)
            }
        }
        for line in quoted {
            let isTheExamples = known.contains(line)
            #expect(isTheExamples, "README's Build your own app: not a line of Examples/Bookshelf: \(line)")
        }
    }
}
