import Foundation
import Testing

/// The package of the engine's getting-started article ("Generate typed routes in your own
/// package") works as written: its files, each a fenced block after a `<!-- file: PATH -->`
/// line, pasted as they are into a new package beside a checkout of Wayfinder in a folder of
/// another name, build, and the program prints what the article says it prints; and a target
/// without a table of its own fails the build. The tests write and build their package in one
/// place, one at a time.
@Suite(.serialized) struct PackageSnippetTests {
    /// The article that holds the package.
    static let article = "Sources/Wayfinder/Wayfinder.docc/GettingStarted.md"

    /// The article's files: path in the package → contents.
    static func articleFiles() throws -> [String: String] {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(article), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var files: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") else { continue }
            let path = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            files[path] = body.joined(separator: "\n") + "\n"
        }
        return files
    }

    /// The folder `../NAME` the manifest's path dependency names.
    static func checkoutFolder(in manifest: String) -> String? {
        guard let range = manifest.range(of: #"path: "\.\./[A-Za-z0-9][^"/]*""#, options: .regularExpression) else { return nil }
        return String(manifest[range].dropFirst(#"path: "../"#.count).dropLast())
    }

    /// Runs `arguments` (through env, so the toolchain is found on PATH); status and output.
    private func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Where the packages are written, kept between runs under .build/ so that Wayfinder is
    /// compiled again only when it changed, and the scratch path their builds share.
    static let place = CLI.repositoryRoot.appendingPathComponent(".build/examples/snippet")
    static let scratch = place.appendingPathComponent("build").path

    /// Writes `files` afresh as the package `Shop` beside a checkout named `folder` (a link
    /// to this one: its uncommitted changes are what is tested), and builds it.
    private func build(_ files: [String: String], checkoutFolder folder: String) throws -> (status: Int32, output: String, package: URL) {
        let package = Self.place.appendingPathComponent("Shop")
        let checkout = Self.place.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: package)
        try? FileManager.default.removeItem(at: checkout)
        try FileManager.default.createDirectory(at: Self.place, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: checkout, withDestinationURL: CLI.repositoryRoot)
        for (path, text) in files {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // As in ExamplePackageTests: plan afresh when the dependency's files changed.
        try? FileManager.default.removeItem(atPath: Self.scratch + "/debug.yaml")
        let build = try run(["swift", "build", "--scratch-path", Self.scratch], in: package)
        return (build.status, build.output, package)
    }

    @Test func theArticlesPackageBuildsBesideACheckoutInAFolderOfAnotherName() throws {
        let files = try Self.articleFiles()
        #expect(files.keys.sorted() == ["Package.swift", "Sources/Shop/main.swift", "Sources/Shop/shop.routes"])
        let manifest = try #require(files["Package.swift"])
        let folder = try #require(Self.checkoutFolder(in: manifest), "\(Self.article): no path dependency in \(manifest)")
        // The case this guards: SwiftPM names a path dependency after its folder.
        #expect(folder.lowercased() != "wayfinder", "\(Self.article): the checkout's folder should not be named after the package")

        let build = try build(files, checkoutFolder: folder)
        #expect(build.status == 0, "\(build.output)")
        try #require(build.status == 0)

        let main = try #require(files["Sources/Shop/main.swift"])
        let promised = try #require(main.split(separator: "\n").last { $0.hasPrefix("// ") }, "\(Self.article): main.swift ends without the line it prints")
        let program = try run([Self.scratch + "/debug/Shop"], in: build.package)
        #expect(program.status == 0)
        #expect(program.output == String(promised.dropFirst(3)) + "\n")
    }

    /// The article's package with its table in the package's `Routes/` directory instead of
    /// the target's: the plugin takes no table from outside the target, and says where to
    /// put it.
    @Test func aTargetWithoutATableFailsTheBuildSayingWhereToPutOne() throws {
        var files = try Self.articleFiles()
        let table = try #require(files["Sources/Shop/shop.routes"])
        files["Sources/Shop/shop.routes"] = nil
        files["Routes/shop.routes"] = table
        let manifest = try #require(files["Package.swift"])
        let folder = try #require(Self.checkoutFolder(in: manifest))
        try? FileManager.default.removeItem(atPath: Self.scratch + "/debug/Shop")
        let build = try build(files, checkoutFolder: folder)
        #expect(build.status != 0)
        let directory = build.package.appendingPathComponent("Sources/Shop").path
        #expect(build.output.contains(
            "error: target 'Shop' uses the RoutesCompiler plugin but has no .routes file: put its table in the target's directory (\(directory)/NAME.routes)"
        ), "\(build.output)")
        #expect(!FileManager.default.fileExists(atPath: Self.scratch + "/debug/Shop"), "a program was built")
    }
}
