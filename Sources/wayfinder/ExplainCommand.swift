import WayfinderKit
import ArgumentParser
import Wayfinder
import WayfinderRouteTools

/// `wayfinder explain URL`: why a deep link opens what it opens, or how far it got.
///
/// The verdict is `resolve`'s (``RouteGraph/explain(utf8:)`` resolves the link as `resolve`
/// does and keeps its answer), so the two never disagree: exit 0 when the link resolves, 65
/// when it is refused. Either way the explanation goes to standard output, a refusal's code
/// and message among it, word for word as `resolve` reports them.
struct ExplainCommand: ParsableCommand, LinkArguments {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a deep link: what read each segment, or how far it got and why it stopped.",
        discussion: """
            The verdict is resolve's: for a link that resolves (exit 0), each segment and the \
            screen and pattern that read it, the screens that matched too and the rule that \
            chose, the alias or earlier shape it was read in, the guard it waits behind and its \
            canonical form; for a link that is refused (exit 65), how far it read, the screens \
            tried next and why each failed, and resolve's error code and message. Printed on \
            stdout in both cases.
            """
    )

    var deepLinks: [String] { [url] }

    @Argument(help: "The deep link, such as wayfinder://main/feed/post/42.")
    var url: String

    @Option(name: .long, help: "A .routes file to use instead of the embedded app table ('-' for stdin).", completion: .file(extensions: ["routes"]))
    var routes: String?

    @Option(name: .long, help: "text (the default) or json.")
    var format: OutputFormat?

    func run() throws {
        let graph = try RoutesSource(path: routes).graph()
        // As `resolve` reads it: the bytes given, refused (not repaired) when not UTF-8.
        let explanation = graph.explain(utf8: RawArguments.current.linkBytes(url))
        switch format ?? .text {
        case .json: printOutput(explanation.jsonValue.serialized)
        case .text: printOutput(explanation.description)
        }
        if explanation.error != nil { throw ExitCodes.invalidLink }
    }
}
