import WayfinderKit
import ArgumentParser
import Wayfinder
import WayfinderSystem

/// The output formats of `resolve`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `wayfinder resolve URL`: what a deep link opens.
struct ResolveCommand: ParsableCommand, LinkArguments {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show what a deep link opens: flow, tab, stack and presentation.",
        discussion: """
            A link that does not resolve, or that reaches a screen of tier 'internal' (which \
            links from outside never open), prints one message on stderr and exits 65.
            With '-' for the link, reads links from stdin, one per line (blank lines and '#' \
            comments skipped), and prints one JSON line for each: the --format json object, \
            or {"input", "error": {"code", "message"}}. Exits 65 when any link did not resolve.
            """
    )

    var deepLinks: [String] { [url] }

    @Argument(help: "The deep link, such as wayfinder://main/feed/post/42, or '-' to read links from stdin.")
    var url: String

    @Option(name: .long, help: "A .routes file to use instead of the embedded app table ('-' for stdin).", completion: .file(extensions: ["routes"]))
    var routes: String?

    @Option(name: .long, help: "text (the default) or json; with '-', json only.")
    var format: OutputFormat?

    func run() throws {
        try Self.resolve(url: url, routes: routes, format: format)
    }

    /// Resolves `url` against the table `routes` names and prints it in `format` (text when
    /// `nil`). The link is resolved as the bytes it was given as (``RawArguments``): bytes
    /// that are not UTF-8 are refused like any other bad link (exit 65), not repaired.
    static func resolve(url: String, routes: String?, format: OutputFormat?) throws {
        if url == "-", routes == "-" {
            throw ProgramFailure("'--routes -' and the link '-' cannot both read standard input", exitCode: ExitCodes.usage)
        }
        // Batch answers are JSON lines, which a script reads; a text block per link would not be.
        if url == "-", format == .text {
            throw ProgramFailure(
                "'--format text' cannot be used with the link '-', which prints one JSON line per link; leave --format out or give --format json",
                exitCode: ExitCodes.usage)
        }
        let graph = try RoutesSource(path: routes).graph()
        if url == "-" { return try resolveBatch(graph) }
        let link: ResolvedLink
        do {
            link = try graph.resolveFromOutside(utf8: RawArguments.current.linkBytes(url))
        } catch {
            throw ProgramFailure(error.message, exitCode: ExitCodes.invalidLink)
        }
        switch format ?? .text {
        case .json:
            printOutput(link.jsonValue.serialized)
        case .text:
            printOutput(describe(link, in: graph))
        }
    }

    /// `resolve -`: every link on standard input (see ``BatchResolver``).
    static func resolveBatch(_ graph: RouteGraph) throws {
        var batch = BatchResolver(graph: graph, output: StandardOutput())
        try batch.run()
        // Each link refused was told on its JSON line: the status alone is left to give.
        if !batch.allResolved { throw ExitCodes.invalidLink }
    }

    static func describe(_ link: ResolvedLink, in graph: RouteGraph) -> String {
        let flow = link.guardName.map { "\(link.flow) (requires \($0))" } ?? link.flow
        let presentation = link.presentation.map { "\($0.route.description) as \($0.style.rawValue)" } ?? "none"
        let rows = [
            ("url", link.url),
            ("flow", flow),
            ("tab", link.tab ?? "none"),
            ("stack", link.stack.map(\.description).joined(separator: " > ")),
            ("presentation", presentation),
            ("entry", entryText(link)),
        ] + originRows(link)
        return rows.map { "\($0.0.padding(14))\($0.1.escapingControlCharacters)" }.joined(separator: "\n")
    }

    /// `outside`, or `confirm: 'compose' asks first`.
    static func entryText(_ link: ResolvedLink) -> String {
        let entry = link.entry
        return entry.tier == .outside ? entry.tier.rawValue : "\(entry.tier.rawValue): '\(entry.screen)' asks first"
    }

    /// For a link in another shape than today's: `alias` and its line, or `old shape` and the
    /// version, then one `migration` row per line that applied.
    static func originRows(_ link: ResolvedLink) -> [(String, String)] {
        switch link.origin {
        case nil: []
        case .alias(let alias)?: [("alias", alias.description)]
        case .migrated(let version, let migrations)?:
            [("old shape", "version \(version)")] + migrations.map { ("migration", $0.text) }
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
