import Foundation
import Testing
import Wayfinder

/// The documentation's examples are real. Every Swift block of the catalogs
/// (`Sources/*/*.docc/*.md`) is code this target compiles and runs: its lines, indentation
/// aside, are lines of one of its files, in order and together; or a file of the package
/// that `PackageSnippetTests` builds and runs (a block after a `<!-- file: PATH -->` line).
/// Every route table shown (a block whose first
/// line, comments aside, is a `scheme` line) parses, and the sample app's is `Routes/app.routes`;
/// every transcript shown is one the tests play. The blocks of the kit's "Build your own app"
/// (``exampleArticle``) are instead excerpts of the example app, `Examples/Bookshelf`, which
/// its own package builds and tests.
@Suite struct ArticleCodeTests {
    /// A fenced block of an article.
    struct Block: CustomStringConvertible {
        let file: String
        let line: Int
        let language: String
        let lines: [String]
        /// The path a `<!-- file: PATH -->` line just before the block gives it: a file of the
        /// package `PackageSnippetTests` builds.
        var packageFile: String?

        var description: String { "\(file):\(line)" }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The article that walks the example app, quoting its files.
    static let exampleArticle = "WayfinderKit.docc/BuildYourOwnApp.md"
    /// The example app's package.
    static let example = repository.appendingPathComponent("Examples/Bookshelf")

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
        var open: (line: Int, language: String, lines: [String], packageFile: String?)?
        var previous: Substring = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(Block(file: file, line: block.line, language: block.language, lines: block.lines, packageFile: block.packageFile))
                    open = nil
                } else {
                    let marker = previous.hasPrefix("<!-- file: ") && previous.hasSuffix(" -->")
                    let path = marker ? String(previous.dropFirst("<!-- file: ".count).dropLast(" -->".count)) : nil
                    open = (index + 1, String(line.dropFirst(3)), [], path)
                }
            } else {
                open?.lines.append(String(line))
            }
            previous = line
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
        #expect(Set(blocks.map { $0.file.prefix { $0 != "/" } }) == [
            "Wayfinder.docc", "WayfinderKit.docc", "WayfinderRouteTools.docc", "WayfinderTerminal.docc", "WayfinderTesting.docc",
        ])
    }

    @Test func everySwiftBlockIsCodeTheseTestsRun() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let tests = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") && $0 != "ArticleCodeTests.swift" }
            .map { try Self.normalized(file: directory.appendingPathComponent($0)) }
        var packageFiles: [String] = []
        for block in try Self.blocks() where block.language == "swift" && block.file != Self.exampleArticle {
            if let path = block.packageFile {
                packageFiles.append(path)
                continue
            }
            let lines = Self.normalized(block.lines)
            #expect(lines.first?.hasPrefix("// swift-tools-version") != true, "\(block): a manifest that no test builds")
            #expect(tests.contains { Self.holds($0, lines) }, "\(block): this block is not in Tests/WayfinderDocsTests as written")
        }
        // The package's Swift files, which `PackageSnippetTests` builds and runs.
        #expect(packageFiles.sorted() == ["Package.swift", "Sources/Shop/main.swift"])
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
        let table = try #require(try Self.blocks().first { $0.file == "Wayfinder.docc/GettingStarted.md" && $0.lines.first == "scheme shop" })
        #expect(table.lines.joined(separator: "\n") + "\n" == GettingStartedTests.routesText, "\(table): not shop.routes, line for line")
    }

    @Test func theKitsGettingStartedTableIsTheOneTheTestsBuild() throws {
        let table = try #require(try Self.blocks().first { $0.file == "WayfinderKit.docc/GettingStarted.md" && $0.lines.first == "scheme todo" })
        #expect(table.lines.joined(separator: "\n") + "\n" == KitGettingStartedTests.routesText, "\(table): not todo.routes, line for line")
    }

    /// Whether the example app is in this checkout as the article quotes it (an app target
    /// `BookshelfApp`, a program `bookshelf`).
    static var hasExampleApp: Bool {
        FileManager.default.fileExists(atPath: example.appendingPathComponent("Sources/BookshelfApp").path)
    }

    /// Every block of ``exampleArticle`` but shell commands is an excerpt of one file of the
    /// example: its lines, indentation aside, in order and together.
    @Test(.enabled(if: hasExampleApp, "Examples/Bookshelf is not the app the article walks"))
    func theExampleArticleQuotesTheExample() throws {
        guard let files = FileManager.default.enumerator(atPath: Self.example.path) else { return }
        var contents: [(path: String, lines: [String])] = []
        for case let file as String in files where !file.hasPrefix(".build") && !file.hasPrefix(".") && file != "Package.resolved" {
            let url = Self.example.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            contents.append((file, Self.normalized(text.split(separator: "\n", omittingEmptySubsequences: false))))
        }
        let blocks = try Self.blocks().filter { $0.file == Self.exampleArticle && !["sh", "console"].contains($0.language) }
        #expect(blocks.count >= 10)
        for block in blocks {
            let lines = Self.normalized(block.lines)
            #expect(contents.contains { Self.holds($0.lines, lines) }, "\(block): not an excerpt of a file of Examples/Bookshelf as written")
        }
    }

    @Test func everyTranscriptShownIsOneTheTestsPlay() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .map { try Self.normalized(file: directory.appendingPathComponent($0)) }
        for block in try Self.blocks() where block.language.isEmpty && block.lines.last?.hasPrefix("[exit ") == true
            && block.file != Self.exampleArticle {
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
