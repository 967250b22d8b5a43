import Foundation
import Testing

/// The C library is imported in one place: WayfinderSystem's platform file, and the terminal's
/// line editor for what libedit itself needs. The rest of the package calls WayfinderSystem.
@Suite struct LibCImportTests {
    static let allowed: Set<String> = [
        "Sources/WayfinderSystem/Platform.swift",
        "Sources/WayfinderTerminal/Input/EditLineReader.swift",
    ]

    /// The form swift-argument-parser uses (`Utilities/Platform.swift`).
    static let conditionalImport = [
        "#if canImport(Glibc)",
        "@preconcurrency import Glibc",
        "#elseif canImport(Musl)",
        "@preconcurrency import Musl",
        "#endif",
    ]

    /// Every Swift file under `Sources/`, by its path from the repository's root.
    static func sources() throws -> [String: String] {
        let directory = CLI.repositoryRoot.appendingPathComponent("Sources")
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

    @Test func onlyThePlatformFileAndTheLineEditorImportTheCLibrary() throws {
        let files = try Self.sources()
        #expect(files.count > 50)
        let importing = files.filter { !Self.libCLines(in: $0.value).isEmpty }.keys.sorted()
        #expect(importing == Self.allowed.sorted())
    }

    @Test func theImportIsConditionalOnTheCLibraryAtHand() throws {
        let files = try Self.sources()
        for path in Self.allowed.sorted() {
            let lines = files[path].map { text in
                text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") || $0.contains("import ") }
            }
            let form = lines.flatMap { lines in lines.firstIndex(of: Self.conditionalImport[0]).map { Array(lines[$0...].prefix(5)) } }
            #expect(form == Self.conditionalImport, "\(path)")
        }
    }

    /// libedit's module would otherwise make all of the C library visible to every file that
    /// imports it, with no `import Glibc` to show for it.
    @Test func theLineEditorsModuleDoesNotReexportTheCLibrary() throws {
        let map = try String(
            contentsOf: CLI.repositoryRoot.appendingPathComponent("Sources/CEditLine/module.modulemap"), encoding: .utf8
        )
        #expect(map.contains("module CEditLine"))
        #expect(!map.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "export *" })
    }
}
