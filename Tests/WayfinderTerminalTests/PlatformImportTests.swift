import Foundation
import Testing

/// The C library is imported in one file, WayfinderSystem's `Platform.swift`, in the form
/// swift-argument-parser's `Utilities/Platform.swift` uses, with a branch for each C library.
/// The line editor gets what libedit needs from it, and C's standard streams from the
/// `CEditLine` shim.
@Suite struct PlatformImportTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let platformFile = "Sources/WayfinderSystem/Platform.swift"

    static let conditionalImport = [
        "#if canImport(Darwin)",
        "import Darwin",
        "#elseif canImport(Glibc)",
        "@preconcurrency import Glibc",
        "#elseif canImport(Musl)",
        "@preconcurrency import Musl",
        "#endif",
    ]

    /// Every Swift file under `Sources/`, by its path from the repository's root.
    static func sources() throws -> [String: String] {
        let directory = repositoryRoot.appendingPathComponent("Sources")
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            files["Sources/" + path] = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// The lines of `text` that import a C library, or ask whether one can be imported.
    static func libCLines(in text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            ["Glibc", "Musl", "Darwin"].contains { library in
                line.hasSuffix("import \(library)") || line.contains("canImport(\(library))")
            }
        }
    }

    @Test func onlyThePlatformFileImportsTheCLibrary() throws {
        let files = try Self.sources()
        #expect(files.count > 50)
        let importing = files.filter { !Self.libCLines(in: $0.value).isEmpty }.keys.sorted()
        #expect(importing == [Self.platformFile])
    }

    @Test func theImportHasABranchForEachCLibrary() throws {
        let text = try #require(try Self.sources()[Self.platformFile])
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: Self.conditionalImport[0]))
        #expect(Array(lines[start...].prefix(Self.conditionalImport.count)) == Self.conditionalImport)
    }

    @Test func theLineEditorTakesCsStreamsFromItsShim() throws {
        let shim = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Sources/CEditLine/shim.h"), encoding: .utf8)
        #expect(shim.contains("el_init(program, stdin, stdout, stderr)"))
        let map = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Sources/CEditLine/module.modulemap"), encoding: .utf8)
        // Without `export *`, importing libedit does not bring the whole C library with it.
        #expect(!map.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "export *" })
    }
}
