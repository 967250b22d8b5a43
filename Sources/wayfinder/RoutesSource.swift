import ArgumentParser
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderSystem
import WayfinderTerminal

/// Where a tooling command takes its route table from: a file, standard input (`-`),
/// or the table embedded in the binary.
struct RoutesSource {
    let path: String?

    /// The name used in messages.
    var displayName: String { path.map { $0 == "-" ? "<stdin>" : $0 } ?? AppRoutes.fileName }

    /// Reads the text; prints a message and exits 66 when it cannot, or 78 (an invalid
    /// table) with `FILE:LINE:COLUMN: error: invalid UTF-8` when it is not UTF-8.
    func text() throws -> String {
        guard let path else { return AppRoutes.source }
        let data: [UInt8]
        do {
            if path == "-" {
                data = try FileSystem.readStandardInput()
            } else if let read = try FileSystem.read(path) {
                data = read
            } else {
                reportError("\(path.escapingControlCharacters): no such file")
                throw ExitCodes.unreadableFile
            }
        } catch let error as SystemError {
            reportError("\(path.escapingControlCharacters): cannot read it (\(error.reason))")
            throw ExitCodes.unreadableFile
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            // Refused, not repaired: where the first byte that is not UTF-8 is, as the
            // parser counts places (lines at every line break, columns in Characters).
            let offset = UTF8Validation.firstInvalidByte(in: data) ?? 0
            let before = String(decoding: data.prefix(offset), as: UTF8.self)
            let lines = before.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let column = (lines.last?.count ?? 0) + 1
            printError("\(displayName.escapingControlCharacters):\(lines.count):\(column): error: invalid UTF-8")
            throw ExitCodes.invalidRoutes
        }
        return text
    }

    /// The parsed graph; prints every problem and exits 78 when the table is invalid.
    func graph() throws -> RouteGraph {
        switch try parsed() {
        case .success(let graph): return graph
        case .failure: throw ExitCodes.invalidRoutes
        }
    }

    /// The parsed graph, or the problems of a table that does not parse (printed on standard
    /// error already); exits 66 when the file cannot be read.
    func parsed() throws -> Result<RouteGraph, RoutesFileError> {
        if path == nil { return .success(AppRoutes.graph) }
        do {
            return .success(try RouteGraph(parsing: try text(), file: displayName))
        } catch let error as RoutesFileError {
            for diagnostic in error.diagnostics { printError(diagnostic.description.escapingControlCharacters) }
            return .failure(error)
        }
    }
}
