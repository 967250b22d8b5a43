import ArgumentParser
import Foundation
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderSystem
import WayfinderTerminal

/// `wayfinder state …`: saved navigation states, checked against a route table.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Check a saved navigation state file against a route table.",
        subcommands: [Check.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Restore a saved navigation state against a route table and print the state it becomes and what was dropped.",
            discussion: """
                Without FILE, the data directory's navigation.json (the one the REPL saves). The \
                file is only read, never changed. It is restored as the app restores it, against \
                the table alone: the table's migrations from the version the state was saved \
                with are applied (a state saved with an earlier version of the table), then each \
                stack keeps its longest valid prefix, unknown flows, tabs and guards are dropped. \
                Exit codes: 0 the state restores as it was saved; 1 something had to be dropped \
                or changed (each on a line of its own); 64 FILE and --data-dir together, or '-' \
                for both FILE and --routes; 65 the file is not a saved navigation state; 66 it \
                cannot be read; 74 output cannot be written; 78 the --routes table is invalid.
                """
        )

        @Argument(help: "The saved navigation state ('-' for stdin); the data directory's navigation.json when left out.", completion: .file(extensions: ["json"]))
        var file: String?

        @OptionGroup var data: DataOptions

        @Option(name: .long, help: "A .routes file to check against instead of the embedded app table ('-' for stdin).", completion: .file(extensions: ["routes"]))
        var routes: String?

        @Option(name: .long, help: "text (the default) or json.")
        var format: OutputFormat = .text

        func run() throws {
            if file == "-", routes == "-" {
                throw ProgramFailure("the state file '-' and '--routes -' cannot both read standard input", exitCode: ExitCodes.usage)
            }
            if file != nil, data.dataDir != nil {
                throw ProgramFailure("give the state FILE or --data-dir (whose navigation.json is checked), not both", exitCode: ExitCodes.usage)
            }
            let saved = try SavedStateCheck.read(file ?? data.dataDirectory().navigation)
            let graph = try RoutesSource(path: routes).graph()
            let check = SavedStateCheck(graph: graph, saved: saved.state, routes: saved.routes, unreadable: saved.problems)
            switch format {
            case .text: printOutput(check.text)
            case .json: printOutput(try check.jsonText())
            }
            if !check.dropped.isEmpty { throw ExitCode.failure }
        }
    }
}

/// What a saved navigation state becomes against a table (`wayfinder state check`).
struct SavedStateCheck {
    /// The state restored.
    let state: NavigationState
    /// What had to be dropped or changed, as sentences: the parts of the file that could
    /// not be read, then what the migrations could not carry over and what did not fit the table.
    let dropped: [String]
    /// The version of the table the state was saved with, and the migrations it went through.
    let restoration: Restoration
    let graph: RouteGraph

    init(graph: RouteGraph, saved: NavigationState, routes: Int, unreadable: [String]) {
        restoration = Navigator(graph: graph).restoration(of: saved, savedWith: routes)
        self.graph = graph
        state = restoration.state
        dropped = NavigationState.problems(read: unreadable, fitted: restoration.dropped)
    }

    /// The state in `path` (standard input for `-`), and the parts of it that could not be
    /// read.
    /// - Throws: A ``ProgramFailure``: exit 66 when the file cannot be read, 65 when it is
    ///   not a saved state.
    static func read(_ path: String) throws(ProgramFailure) -> (state: NavigationState, routes: Int, problems: [String]) {
        let name = path == "-" ? "<stdin>" : path.escapingControlCharacters
        let contents: NavigationStateFile.Contents
        if path == "-" {
            do {
                contents = NavigationStateFile.contents(of: try readStandardInput(atMost: NavigationStateFile.sizeLimit + 1))
            } catch {
                throw ProgramFailure("\(name): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
            }
        } else {
            contents = NavigationStateFile(path: path).load()
        }
        switch contents {
        case .state(let state, let routes):
            return (state, routes, [])
        case .partial(let state, let routes, let problems):
            return (state, routes, problems)
        case .missing:
            throw ProgramFailure("\(name): no such file", exitCode: ExitCodes.unreadableFile)
        case .unreadable(let error):
            throw ProgramFailure("\(name): cannot read it (\(error.reason))", exitCode: ExitCodes.unreadableFile)
        case .unusable(let reason):
            throw ProgramFailure("\(name) is not a saved navigation state: \(reason)", exitCode: ExitCodes.invalidLink)
        }
    }

    /// Standard input, up to `limit` bytes (what is past them is left unread).
    private static func readStandardInput(atMost limit: Int) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = try FileSystem.readStandardInput(into: &buffer)
            if count == 0 { break }
            bytes += buffer[0..<min(count, limit - bytes.count)]
        }
        return bytes
    }

    /// Each stack of the restored state, as its canonical link: flows in the table's order,
    /// tabs in the flow's order.
    var stacks: [(flow: String, tab: String?, link: String)] {
        graph.flows.flatMap { flow -> [(flow: String, tab: String?, link: String)] in
            guard let saved = state.flows[flow.name] else { return [] }
            let keys: [String?] = flow.hasTabs ? flow.tabs : [nil]
            return keys.compactMap { tab in
                guard let stack = saved.stacks[tab ?? FlowState.singleStack] else { return nil }
                let link = graph.link(flow: flow.name, tab: tab, stack: stack.routes, presentation: stack.presentation?.route)
                return (flow.name, tab, link)
            }
        }
    }

    /// The text report: the place it opens, each stack's link, the guards granted, the link
    /// waiting for a guard (if any), then what was dropped.
    var text: String {
        var rows = [("opens", graph.link(for: state))]
        rows += stacks.map { stack in (stack.tab.map { "\(stack.flow).\($0)" } ?? stack.flow, stack.link) }
        rows.append(("guards", state.grantedGuards.isEmpty ? "none" : state.grantedGuards.sorted().joined(separator: ", ")))
        if let pending = state.pending { rows.append(("pending", pending)) }
        rows.append(("routes", routesSummary))
        let width = rows.map(\.0.count).max() ?? 0
        var lines = rows.map { "\($0.0.padding(width + 2))\($0.1.escapingControlCharacters)" }
        if !restoration.migrations.isEmpty {
            lines.append("migrated (\(restoration.migrations.count)):")
            lines += restoration.migrations.map { "  - \($0.text)" }
        }
        if dropped.isEmpty {
            lines.append("nothing dropped")
        } else {
            lines.append("dropped (\(dropped.count)):")
            lines += dropped.map { "  - \($0.escapingControlCharacters)" }
        }
        return lines.joined(separator: "\n")
    }

    /// `saved with version 1, migrated to 2`, `version 2`, or a version newer than the table's.
    private var routesSummary: String {
        let (saved, current) = (restoration.savedVersion, restoration.currentVersion)
        if saved == current { return "version \(saved)" }
        if restoration.isFromNewerTable { return "saved with version \(saved), newer than this table's \(current): no migration applies" }
        return "saved with version \(saved), migrated to \(current)"
    }

    /// The JSON report: `{"opens", "stacks": [{"flow", "tab", "link"}], "guards", "pending",
    /// "routes": {"saved", "table"}, "migrations": [...], "dropped": [...], "state": {…}}`,
    /// where `state` is the restored state as the app saves it.
    /// - Throws: When the state cannot be encoded (it fits the table, whose doubles are
    ///   finite: the only values the encoder refuses).
    func jsonText() throws -> String {
        let stackValues: [JSONValue] = stacks.map { stack in
            .object([("flow", .string(stack.flow)), ("tab", stack.tab.map(JSONValue.string) ?? .null), ("link", .string(stack.link))])
        }
        let saved = SavedStateFormat.json(of: state)
        return JSONValue.object([
            ("opens", .string(graph.link(for: state))),
            ("stacks", .array(stackValues)),
            ("guards", .array(state.grantedGuards.sorted().map(JSONValue.string))),
            ("pending", state.pending.map(JSONValue.string) ?? .null),
            ("routes", .object([("saved", .int(restoration.savedVersion)), ("table", .int(restoration.currentVersion))])),
            ("migrations", .array(restoration.migrations.map { .string($0.text) })),
            ("dropped", .array(dropped.map(JSONValue.string))),
            ("state", saved),
        ]).serialized
    }
}
