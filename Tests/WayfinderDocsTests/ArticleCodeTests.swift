import Foundation
import Testing
import Wayfinder

/// The documentation's examples are real. Every Swift block of the catalogs
/// (`Sources/*/*.docc/*.md`) is code this target compiles and runs: its lines, indentation
/// aside, are lines of one of its files, in order and together. A package manifest is
/// README's, which `PackageSnippetTests` builds. Every route table shown (a block whose first
/// line, comments aside, is a `scheme` line) parses, and the sample app's is `Routes/app.routes`;
/// every transcript shown is one the tests play.
@Suite struct ArticleCodeTests {
    /// A fenced block of an article.
    struct Block: CustomStringConvertible {
        let file: String
        let line: Int
        let language: String
        let lines: [String]

        var description: String { "\(file):\(line)" }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every fenced block of every article of every catalog.
    static func blocks() throws -> [Block] {
        let sources = repository.appendingPathComponent("Sources")
        var blocks: [Block] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let files = FileManager.default.enumerator(atPath: catalog.path) else { continue }
            for case let file as String in files where file.hasSuffix(".md") {
                let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
                blocks += fencedBlocks(in: text, file: "\(module).docc/\(file)")
            }
        }
        return blocks
    }

    static func fencedBlocks(in text: String, file: String) -> [Block] {
        var blocks: [Block] = []
        var open: (line: Int, language: String, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(Block(file: file, line: block.line, language: block.language, lines: block.lines))
                    open = nil
                } else {
                    open = (index + 1, String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append(String(line))
            }
        }
        return blocks
    }

    /// The lines of `text` without indentation, blank ones left out.
    static func normalized<S: StringProtocol>(_ lines: [S]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func normalized(file url: URL) throws -> [String] {
        normalized(try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// Whether `part` is a run of consecutive elements of `whole`.
    static func holds(_ whole: [String], _ part: [String]) -> Bool {
        guard !part.isEmpty, part.count <= whole.count else { return part.isEmpty }
        return (0...(whole.count - part.count)).contains { whole[$0..<($0 + part.count)].elementsEqual(part) }
    }

    @Test func theCatalogsHaveExamples() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count(where: { $0.language == "swift" }) >= 10)
        #expect(Set(blocks.map { $0.file.prefix { $0 != "/" } }) == ["Wayfinder.docc", "WayfinderTerminal.docc", "WayfinderTesting.docc"])
    }

    @Test func everySwiftBlockIsCodeTheseTestsRun() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let tests = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") && $0 != "ArticleCodeTests.swift" }
            .map { try Self.normalized(file: directory.appendingPathComponent($0)) }
        let readme = try Self.normalized(file: Self.repository.appendingPathComponent("README.md"))
        for block in try Self.blocks() where block.language == "swift" {
            let lines = Self.normalized(block.lines)
            let isManifest = lines.first?.hasPrefix("// swift-tools-version") == true
            let found = isManifest ? Self.holds(readme, lines) : tests.contains { Self.holds($0, lines) }
            #expect(found, "\(block): this block is not \(isManifest ? "README's manifest" : "in Tests/WayfinderDocsTests") as written")
        }
    }

    /// The lines of a table that declare something.
    static func declarations<S: StringProtocol>(_ lines: [S]) -> [String] {
        normalized(lines).filter { !$0.hasPrefix("#") }
    }

    @Test func theSampleAppsTableIsTheOneInRoutes() throws {
        let app = try String(contentsOf: Self.repository.appendingPathComponent("Routes/app.routes"), encoding: .utf8)
        let copies = try Self.blocks().filter { $0.language.isEmpty && $0.lines.first == "scheme wayfinder" }
        #expect(!copies.isEmpty)
        for copy in copies {
            #expect(Self.declarations(copy.lines) == Self.declarations(app.split(separator: "\n")), "\(copy): not Routes/app.routes")
        }
    }

    @Test func theGettingStartedTableIsTheOneTheTestsBuild() throws {
        let table = try #require(try Self.blocks().first { $0.file.hasSuffix("GettingStarted.md") && $0.lines.first == "scheme shop" })
        #expect(table.lines.joined(separator: "\n") + "\n" == GettingStartedTests.routesText, "\(table): not shop.routes, line for line")
    }

    @Test func everyTranscriptShownIsOneTheTestsPlay() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .map { try Self.normalized(file: directory.appendingPathComponent($0)) }
        for block in try Self.blocks() where block.language.isEmpty && block.lines.last?.hasPrefix("[exit ") == true {
            #expect(files.contains(Self.normalized(block.lines)), "\(block): not a file of Tests/WayfinderDocsTests/Transcripts")
        }
    }

    @Test func everyTableShownParses() throws {
        for block in try Self.blocks() where block.language.isEmpty {
            let lines = Self.normalized(block.lines).filter { !$0.hasPrefix("#") }
            guard lines.first?.hasPrefix("scheme ") == true else { continue }
            #expect(throws: Never.self, "\(block)") {
                _ = try RouteGraph(parsing: block.lines.joined(separator: "\n"), file: "\(block)")
            }
        }
    }
}
