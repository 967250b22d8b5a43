import WayfinderKit
import ArgumentParser
import Wayfinder
import WayfinderSystem
import WayfinderRouteTools

extension RoutesCommand {
    /// `wayfinder routes diff OLD [NEW]`: what changed between two versions of a table, and
    /// whether the newer one's migrations cover each change that breaks what users saved.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two versions of a route table: each change, and whether migrations cover those that break saved states or links.",
            discussion: """
                A change breaks what users saved when a state or link saved under OLD would no \
                longer restore or resolve as it was; NEW's migrations ('from V …' lines) cover it \
                when they carry it over. A table that changed without raising its version is \
                reported too. Exit codes: 0 every breaking change is covered; 1 some change is not \
                covered, or the version did not go up; 64 both tables on standard input; 66 a \
                table cannot be read; 74 output cannot be written; 78 a table is invalid.
                """
        )

        @Argument(help: "The older .routes file ('-' for stdin).", completion: .file(extensions: ["routes"]))
        var old: String

        @Argument(help: "The newer .routes file ('-' for stdin); the embedded app table when left out.", completion: .file(extensions: ["routes"]))
        var new: String?

        @Option(name: .long, help: "text (the default) or json.")
        var format: OutputFormat = .text

        func run() throws {
            if old == "-", new == "-" {
                throw ProgramFailure("OLD and NEW cannot both read standard input", exitCode: ExitCodes.usage)
            }
            let (oldSource, newSource) = (RoutesSource(path: old), RoutesSource(path: new))
            let (older, newer) = (try oldSource.graph(), try newSource.graph())
            let changes = newer.changes(since: older)
            switch format {
            case .text: printOutput(Self.text(changes, from: (oldSource.displayName, older), to: (newSource.displayName, newer)))
            case .json: printOutput(Self.json(changes, from: (oldSource.displayName, older), to: (newSource.displayName, newer)))
            }
            if changes.contains(where: { !$0.isCovered }) { throw ExitCode.failure }
        }

        static func text(_ changes: [RouteChange], from old: (String, RouteGraph), to new: (String, RouteGraph)) -> String {
            var lines = ["\(old.0) (version \(old.1.version)) → \(new.0) (version \(new.1.version))".escapingControlCharacters]
            for change in changes {
                let label = !change.isBreaking ? "compatible" : change.isCovered ? "covered" : "NOT COVERED"
                lines.append("\(label.padding(13))\(change.summary.escapingControlCharacters)")
                lines += change.coveredBy.map { "\(" ".padding(13))  by \($0.text) (\($0.location))".escapingControlCharacters }
                lines += change.suggestedMigrations.map { "\(" ".padding(13))  add: \($0)".escapingControlCharacters }
            }
            let breaking = changes.filter(\.isBreaking)
            let uncovered = changes.filter { !$0.isCovered }.count
            let noun = changes.count == 1 ? "change" : "changes"
            lines.append(changes.isEmpty ? "no changes" : "\(changes.count) \(noun), \(breaking.count) breaking: \(uncovered == 0 ? "all covered" : "\(uncovered) not covered")")
            return lines.joined(separator: "\n")
        }

        static func json(_ changes: [RouteChange], from old: (String, RouteGraph), to new: (String, RouteGraph)) -> String {
            func table(_ side: (String, RouteGraph)) -> JSONValue {
                .object([("file", .string(side.0)), ("version", .int(side.1.version))])
            }
            let items: [JSONValue] = changes.map { change in
                .object([
                    ("summary", .string(change.summary)),
                    ("breaking", .bool(change.isBreaking)),
                    ("covered", .bool(change.isCovered)),
                    ("migrations", .array(change.coveredBy.map { .string($0.text) })),
                    ("suggested", .array(change.suggestedMigrations.map(JSONValue.string))),
                ])
            }
            return JSONValue.object([
                ("old", table(old)), ("new", table(new)), ("changes", .array(items)),
                ("uncovered", .int(changes.filter { !$0.isCovered }.count)),
            ]).serialized
        }
    }
}
