import WayfinderKit
import ArgumentParser
import Wayfinder

extension RoutesCommand {
    /// `wayfinder routes coverage PATH…`: which screens and patterns of a table the links of
    /// files and REPL transcripts reach, and which screens the graph leaves without a way in
    /// or on.
    struct Coverage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coverage",
            abstract: "Which screens, patterns and guard branches the links of files and REPL transcripts reach.",
            discussion: """
                Reads each PATH (a directory recursively: its .transcript, .links and .txt files): \
                a file of links has one a line ('#' comments and blank lines skipped); a \
                .transcript gives its open LINK commands, its links on the '$' line, what 'where' \
                printed and the "url" of 'state' lines. A link reaches every screen of what it \
                opens, presentation included. Prints COVERED/TOTAL screens (P%), then the screens \
                never reached, the patterns (and aliases, old shapes) never used, the screens no \
                root reaches, the screens with no way on (roots and pushed screens no screen may \
                follow), the guard branches never taken (no link into a guarded flow, none seen \
                waiting for its guard) and the links refused, with the reason. Exit codes: 0; 1 \
                screen coverage below --fail-under; 64 a bad option; 66 a PATH or the table \
                cannot be read; 78 the table is invalid.
                """
        )

        @Argument(help: "Files of links, .transcript files, or directories of them.", completion: .file())
        var paths: [String]

        @Option(name: .long, help: "A .routes file to use instead of the embedded app table ('-' for stdin).", completion: .file(extensions: ["routes"]))
        var routes: String?

        @Option(name: .long, help: "text or json (one object).")
        var format: OutputFormat = .text

        @Option(name: .customLong("fail-under"), help: ArgumentHelp("Exit 1 when fewer than PERCENT of the screens are reached (0 to 100).", valueName: "PERCENT"))
        var failUnder: Double?

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give at least one PATH (a file of links, a .transcript, or a directory)") }
            if let failUnder, !(0...100).contains(failUnder) {
                throw ValidationError("--fail-under takes a percentage from 0 to 100, not \(failUnder.formatted)")
            }
        }

        func run() throws {
            let graph = try RoutesSource(path: routes).graph()
            var input = CoverageInput()
            try input.read(paths)
            let report = CoverageReport(graph: graph, sightings: input.sightings)
            switch format {
            case .text: printOutput(report.text)
            case .json: printOutput(report.json.serialized)
            }
            if let failUnder, report.isBelow(failUnder) { throw ExitCode.failure }
        }
    }
}

extension Double {
    /// `50` for 50.0, `50.5` for 50.5.
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
