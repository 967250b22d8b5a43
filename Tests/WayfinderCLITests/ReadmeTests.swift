import Foundation
import Testing
import WayfinderKit

/// The README's examples are real, and so are the sessions of the reference it links to: every
/// console session of README.md and of the DocC articles (`Sources/*/*.docc`) is run from the
/// repository's root and compared, and the README's links name files of the repository.
@Suite struct ReadmeTests {
    private static func readme() throws -> String {
        try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// README.md and every article of every catalog: path from the repository's root → text.
    static func documents() throws -> [(path: String, text: String)] {
        var documents = [(path: "README.md", text: try readme())]
        let sources = CLI.repositoryRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let files = FileManager.default.enumerator(atPath: CLI.repositoryRoot.appendingPathComponent(catalog).path) else { continue }
            for case let file as String in files where file.hasSuffix(".md") {
                let path = "\(catalog)/\(file)"
                documents.append((path, try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return documents
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

    /// The line each console block starts with: a data directory of its own, so that every
    /// block can be run by itself, in any order, from fresh demo data.
    static let freshData = "$ export WAYFINDER_HOME=$(mktemp -d)"

    /// Runs the console sessions of `text` (`document` names it in failures); how many
    /// commands were run and compared.
    private func checkSessions(in text: String, of document: String) throws -> Int {
        var checked = 0
        for session in Self.blocks("console", in: text) {
            #expect(session.first == Self.freshData, "\(document): a console block starts from its own data: \(session.first ?? "")")
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
                    #expect(expected == ["\(lastStatus)"], "\(document): \(line)")
                    continue
                }
                var stdin = ""
                var words = Transcript.words(command)
                // `printf '…' | wayfinder …`: the printf text is the session's input.
                if words.first == "printf", words.count > 3, words[2] == "|" {
                    stdin = words[1].replacingOccurrences(of: "\\n", with: "\n")
                    words.removeFirst(3)
                }
                guard words.first == "wayfinder" else { continue }
                // From the repository's root, as the documents say their examples run.
                let result = try CLI.run(
                    Array(words.dropFirst()), stdin: stdin, environment: ["WAYFINDER_HOME": home], directory: CLI.repositoryRoot)
                lastStatus = result.status
                let shown = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(shown.dropLast(shown.last == "" ? 1 : 0).map { $0 } == expected, "\(document): \(line)")
                checked += 1
            }
        }
        return checked
    }

    @Test func consoleSessionsPrintWhatTheReadmeShows() throws {
        #expect(try checkSessions(in: Self.readme(), of: "README.md") >= 6)
    }

    /// The sessions moved from the README to the reference are still run where they now live.
    @Test func consoleSessionsPrintWhatTheArticlesShow() throws {
        var checked: [String: Int] = [:]
        for document in try Self.documents() where document.path != "README.md" {
            checked[document.path] = try checkSessions(in: document.text, of: document.path)
        }
        #expect(checked["Sources/WayfinderKit/WayfinderKit.docc/WayfinderCommand.md", default: 0] >= 9)
        #expect(checked["Sources/Wayfinder/Wayfinder.docc/WhenRoutesChange.md", default: 0] >= 3)
    }

    @Test func theTestingExampleIsTheOneATestRuns() throws {
        let readme = try Self.readme()
        let test = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Tests/WayfinderTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
        let example = try #require(Self.blocks("swift", in: readme).first { $0.contains("import WayfinderTesting") })
        let body = example.drop { !$0.hasPrefix("@MainActor") }.joined(separator: "\n")
        #expect(!body.isEmpty)
        #expect(test.contains(body), "README's testing example differs from Tests/WayfinderTestingTests/ReadmeExampleTests.swift")
    }

    /// The README's links (`[text](path)`) name files of the repository, and it links to each
    /// part of the reference that moved out of it.
    @Test func theReadmeLinksTheReferenceAndEveryLinkNamesAFile() throws {
        let readme = try Self.readme()
        var targets: [String] = []
        var rest = readme[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        #expect(targets.count >= 10)
        for target in targets where !target.contains("://") {
            #expect(FileManager.default.fileExists(atPath: CLI.repositoryRoot.appendingPathComponent(target).path), "README: no file \(target)")
        }
        for article in [
            "Sources/WayfinderKit/WayfinderKit.docc/WayfinderCommand.md",
            "Sources/Wayfinder/Wayfinder.docc/RoutesFormat.md",
            "Sources/Wayfinder/Wayfinder.docc/DeepLinkRules.md",
            "Sources/Wayfinder/Wayfinder.docc/WhenRoutesChange.md",
        ] {
            #expect(targets.contains(article), "README does not link \(article)")
        }
        #expect(readme.contains("`man wayfinder`"))
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
