import ArgumentParser
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderRouteTools
import WayfinderSystem
import WayfinderTerminal

/// Where a tooling command takes its route table from: a file, standard input (`-`),
/// or the table embedded in the binary.
struct RoutesSource {
    let path: String?

    /// The name used in messages.
    var displayName: String { path.map { $0 == "-" ? "<stdin>" : $0 } ?? AppRoutes.fileName }

    /// Reads the text.
    /// - Throws: A ``ProgramFailure``: exit 66 when it cannot be read, 78 (an invalid table)
    ///   with `FILE:LINE:COLUMN: error: invalid UTF-8` when it is not UTF-8.
    func text() throws(ProgramFailure) -> String {
        guard let path else { return AppRoutes.source }
        let shown = path.escapingControlCharacters
        let read: [UInt8]?
        do {
            read = path == "-" ? try FileSystem.readStandardInput() : try FileSystem.read(path)
        } catch {
            throw ProgramFailure("\(shown): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
        }
        guard let data = read else { throw ProgramFailure("\(shown): no such file", exitCode: ExitCodes.unreadableFile) }
        guard let text = String(validating: data, as: UTF8.self) else {
            // Refused, not repaired: where the first byte that is not UTF-8 is, as the
            // parser counts places (lines at every line break, columns in Characters).
            let offset = UTF8Validation.firstInvalidByte(in: data) ?? 0
            let before = String(decoding: data.prefix(offset), as: UTF8.self)
            let lines = before.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let column = (lines.last?.count ?? 0) + 1
            let place = "\(displayName.escapingControlCharacters):\(lines.count):\(column)"
            throw ProgramFailure(diagnostics: ["\(place): error: invalid UTF-8"], exitCode: ExitCodes.invalidRoutes)
        }
        return text
    }

    /// The parsed graph.
    /// - Throws: A ``ProgramFailure``: exit 66 when the file cannot be read, 78 with every
    ///   problem when the table is invalid (``failure(_:)``).
    func graph() throws(ProgramFailure) -> RouteGraph {
        switch try parsed() {
        case .success(let graph): return graph
        case .failure(let error): throw Self.failure(error)
        }
    }

    /// The parsed and checked graph (as `routes check` checks a table), or the problems of a
    /// table that does not parse or pass the checks.
    /// - Throws: A ``ProgramFailure`` when the text cannot be read (``text()``).
    func parsed() throws(ProgramFailure) -> Result<RouteGraph, RoutesFileError> {
        if path == nil { return .success(AppRoutes.graph) }
        let text = try text()
        do {
            return .success(try RouteGraph(checking: text, file: displayName))
        } catch {
            return .failure(error)
        }
    }

    /// An invalid table's problems, one `FILE:LINE:COLUMN: MESSAGE` a line, as the
    /// failure that ends the program (exit 78).
    static func failure(_ error: RoutesFileError) -> ProgramFailure {
        ProgramFailure(diagnostics: error.diagnostics.map { $0.description.escapingControlCharacters }, exitCode: ExitCodes.invalidRoutes)
    }
}
