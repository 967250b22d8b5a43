import ArgumentParser
import Foundation
import Wayfinder
import WayfinderApp

/// Where a tooling command takes its route table from: a file, standard input (`-`),
/// or the table embedded in the binary.
struct RoutesSource {
    let path: String?

    /// The name used in messages.
    var displayName: String { path.map { $0 == "-" ? "<stdin>" : $0 } ?? AppRoutes.fileName }

    /// Reads the text; prints a message and exits 66 when it cannot.
    func text() throws -> String {
        guard let path else { return AppRoutes.source }
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                let reason = FileManager.default.fileExists(atPath: path) ? "cannot read it" : "no such file"
                printError("wayfinder: error: \(path.escapingControlCharacters): \(reason)")
                throw ExitCodes.unreadableFile
            }
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            printError("\(displayName.escapingControlCharacters):1:1: the file is not UTF-8 text")
            throw ExitCodes.invalidRoutes
        }
        return text
    }

    /// The parsed graph; prints every problem and exits 78 when the table is invalid.
    func graph() throws -> RouteGraph {
        if path == nil { return AppRoutes.graph }
        do {
            return try RouteGraph(parsing: try text(), file: displayName)
        } catch let error as RoutesFileError {
            for diagnostic in error.diagnostics { printError(diagnostic.description.escapingControlCharacters) }
            throw ExitCodes.invalidRoutes
        }
    }
}
