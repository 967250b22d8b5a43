// routes-compiler: run by the RoutesCompiler build-tool plugin when a target that uses it is
// built. It parses and checks a `.routes` file, exactly as `RouteGraph(checking:file:)` (the
// route tools) and `wayfinder routes check` do, and writes Swift source: the enum TYPE, whose `graph` builds the same graph without
// parsing or checking it again and whose `Guard` names the guards, and each flow's typed route
// enum with its tabs (see RouteEnums and RouteEnums+Names). A program
// starts without reading its route table, and a table with mistakes fails the build with every
// problem as `file:line:column: message`.
//
// usage: routes-compiler INPUT OUTPUT NAME TYPE
//   INPUT   the .routes file;   OUTPUT  the Swift file to write;
//   NAME    the file name used in locations (as the program names the table);
//   TYPE    the public enum to declare, holding `graph`.
import Wayfinder
import WayfinderRouteTools
import WayfinderSystem

/// Writes `text` to standard error (unbuffered).
func report(_ text: String) {
    StandardStreams.write(text, to: .error)
}

// Read as bytes (`CommandLine.arguments` would repair them): a path that is not UTF-8 is
// refused, not turned into another path.
var arguments: [String] = []
for (index, argument) in CurrentProcess.arguments.enumerated() {
    guard let text = String(validating: argument, as: UTF8.self) else {
        report("routes-compiler: error: argument \(index) is not valid UTF-8\n")
        CurrentProcess.exit(64)
    }
    arguments.append(text)
}
guard arguments.count == 5 else {
    report("usage: routes-compiler INPUT OUTPUT NAME TYPE\n")
    CurrentProcess.exit(64)
}
let (input, output, name, type) = (arguments[1], arguments[2], arguments[3], arguments[4])

/// The routes file's bytes; says why, and exits 66, when it cannot be read.
let bytes: [UInt8]
do {
    guard let read = try FileSystem.read(input) else {
        report("\(input): error: cannot read the routes file: no such file\n")
        CurrentProcess.exit(66)
    }
    bytes = read
} catch {
    report("\(input): error: cannot read the routes file (\(error.reason))\n")
    CurrentProcess.exit(66)
}

/// Where the first byte of `bytes` that is not UTF-8 is, as the parser counts places (lines
/// at every line break, columns in Characters).
func invalidUTF8Location(_ bytes: [UInt8]) -> (line: Int, column: Int) {
    let offset = bytes.span.firstInvalidUTF8?.lowerBound ?? bytes.count
    let before = String(decoding: bytes[..<offset], as: UTF8.self)
    let lines = before.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    return (lines.count, (lines.last?.count ?? 0) + 1)
}

// Refused, never repaired into U+FFFD.
guard let text = String(validating: bytes, as: UTF8.self) else {
    let (line, column) = invalidUTF8Location(bytes)
    report("\(input):\(line):\(column): error: invalid UTF-8\n")
    CurrentProcess.exit(65)
}

let graph: RouteGraph
do {
    graph = try RouteGraph(checking: text, file: name)
} catch {
    // Shown by the build as errors at their places in the file.
    for diagnostic in error.diagnostics {
        let location = diagnostic.location
        report("\(input):\(location.line):\(location.column): error: \(diagnostic.message)\n")
    }
    CurrentProcess.exit(65)
}

/// A Swift string literal for `text`.
func literal(_ text: String) -> String { text.debugDescription }

func literal(_ texts: [String]) -> String { "[" + texts.map(literal).joined(separator: ", ") + "]" }

func literal(_ segment: RouteGraph.Segment) -> String {
    switch segment {
    case .literal(let word): ".literal(\(literal(word)))"
    case .parameter(let name, let type): ".parameter(name: \(literal(name)), type: \(RouteEnums.literal(type)))"
    }
}

func literal(_ pattern: [RouteGraph.Segment]) -> String { "[" + pattern.map(literal).joined(separator: ", ") + "]" }

func literal(_ change: RouteMigration.Change) -> String {
    switch change {
    case .screenRenamed(let old, let new): ".screenRenamed(from: \(literal(old)), to: \(literal(new)))"
    case .screenMoved(let screen, let flow, let tab): ".screenMoved(\(literal(screen)), fromFlow: \(literal(flow)), tab: \(tab.map(literal) ?? "nil"))"
    case .screenRemoved(let old, let replacement): ".screenRemoved(\(literal(old)), replacement: \(literal(replacement)))"
    case .linkChanged(let screen, let pattern): ".linkChanged(screen: \(literal(screen)), pattern: \(literal(pattern)))"
    case .entryChanged(let screen, let tier): ".entryChanged(screen: \(literal(screen)), from: .\(tier))"
    case .parameterRenamed(let screen, let old, let new):
        ".parameterRenamed(screen: \(literal(screen)), from: \(literal(old)), to: \(literal(new)))"
    case .parameterRetyped(let screen, let name, let type, let otherwise):
        ".parameterRetyped(screen: \(literal(screen)), parameter: \(literal(name)), from: \(RouteEnums.literal(type)), otherwise: \(otherwise.map(literal) ?? "nil"))"
    case .parameterAdded(let screen, let name, let value):
        ".parameterAdded(screen: \(literal(screen)), parameter: \(literal(name)), value: \(literal(value)))"
    case .flowRenamed(let old, let new): ".flowRenamed(from: \(literal(old)), to: \(literal(new)))"
    case .tabRenamed(let flow, let old, let new): ".tabRenamed(flow: \(literal(flow)), from: \(literal(old)), to: \(literal(new)))"
    case .guardRenamed(let old, let new): ".guardRenamed(from: \(literal(old)), to: \(literal(new)))"
    }
}

var source = """
    // Generated by routes-compiler from \(name) when this module was built: do not edit.
    @_spi(Generated) import Wayfinder

    /// The route table `\(name)`, compiled when this module was built.
    public enum \(type) {
        /// The graph of `\(name)`, parsed and checked when the module was built.
        public static let graph = RouteGraph(
            checkedScheme: \(literal(graph.scheme)),
            webOrigins: \(literal(graph.webOrigins.map(\.description))),
            guards: [

    """
for item in graph.guards {
    source += "            RouteGraph.Guard(name: \(literal(item.name)), fallbackFlow: \(literal(item.fallbackFlow))),\n"
}
source += "        ],\n        flows: [\n"
for flow in graph.flows {
    let guardName = flow.guardName.map(literal) ?? "nil"
    source += "            RouteGraph.Flow(name: \(literal(flow.name)), guardName: \(guardName), tabs: \(literal(flow.tabs))),\n"
}
source += "        ],\n        screens: [\n"
for screen in graph.screens {
    let tab = screen.tab.map(literal) ?? "nil"
    let pattern = literal(screen.pattern)
    let query = "[" + screen.query.map {
        let type = RouteEnums.literal($0.type)
        let defaultValue = $0.defaultValue.map { "ParameterValue(parsing: \(literal($0.text)), as: \(type))" } ?? "nil"
        return "RouteGraph.QueryParameter(name: \(literal($0.name)), type: \(type), isOptional: \($0.isOptional), defaultValue: \(defaultValue))"
    }.joined(separator: ", ") + "]"
    let location = screen.location
    source += """
                RouteGraph.Screen(
                    name: \(literal(screen.name)), flow: \(literal(screen.flow)), tab: \(tab), kind: .\(screen.kind.rawValue),
                    pattern: \(pattern),
                    query: \(query),
                    predecessors: \(literal(screen.predecessors)),\(screen.reopen == .reuse ? "" : " reopen: .\(screen.reopen),")\(screen.declaredEntry.map { " entry: .\($0)," } ?? "")
                    location: RoutesLocation(file: \(literal(location.file)), line: \(location.line), column: \(location.column))
                ),

    """
}
source += "        ],\n        version: \(graph.version),\n        migrations: [\n"
for migration in graph.migrations {
    let location = migration.location
    source += """
                RouteMigration(
                    version: \(migration.version), change: \(literal(migration.change)),
                    location: RoutesLocation(file: \(literal(location.file)), line: \(location.line), column: \(location.column)),
                    text: \(literal(migration.text))
                ),

    """
}
source += "        ],\n        aliases: [\n"
for alias in graph.aliases {
    let location = alias.location
    source += """
                RouteAlias(
                    screen: \(literal(alias.screen)), pattern: \(literal(alias.pattern)),
                    location: RoutesLocation(file: \(literal(location.file)), line: \(location.line), column: \(location.column))
                ),

    """
}
// The typed route enums, and the guards' names: a table whose names collide in Swift fails
// the build.
let enums = RouteEnums(graph: graph, name: name)
let collisions = enums.collisions() + enums.nameCollisions(text: text)
guard collisions.isEmpty else {
    for (location, message) in collisions { report("\(input):\(location.line):\(location.column): error: \(message)\n") }
    CurrentProcess.exit(65)
}
// Whether a state may print to a link that reads as another (the table has warnings):
// decided here, when the table is checked, not at the app's first link.
source += "        ],\n        mayPrintAmbiguously: \(!graph.warnings.isEmpty)\n    )\n" + enums.guardSource + "}\n"
source += "\n" + enums.source

// Written only when it changed, atomically (a temporary file renamed over it).
// One that cannot be read is written again, as one that changed (the write says why it fails).
let existing = (try? FileSystem.read(output)).map { String(decoding: $0, as: UTF8.self) }
if existing != source {
    do {
        try FileSystem.writeAtomically(Array(source.utf8), to: output, mode: 0o644)
    } catch {
        report("\(output): error: cannot write the generated source (\(error))\n")
        CurrentProcess.exit(73)
    }
}
