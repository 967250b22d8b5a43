import WayfinderKit
import ArgumentParser

/// `wayfinder`: the command line of the Wayfinder navigation engine and its sample app.
/// (``Entry`` runs it.)
struct WayfinderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayfinder",
        abstract: "A coordinator/router navigation engine for text front ends, with a sample app.",
        usage: """
            wayfinder [URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh] [--data-dir <dir>]
            wayfinder <subcommand>
            """,
        discussion: """
            Without a subcommand, starts the REPL on the demo data, after opening the links \
            given (wayfinder 'wayfinder://main/feed/post/42'); with -c or -f, runs those \
            commands and exits ('wayfinder repl --help'). Exit codes: 0 success; 1 a command \
            from -c, -f or a pipe failed, 'state check' had to drop part of a state, 'routes diff' \
            found a change not covered, or 'routes coverage' reached fewer screens than --fail-under; 64 usage error; 65 a deep link was rejected (one line of \
            'resolve -' among them) or names data that does not exist, reset found a file that is \
            not the app's, or a file is not a saved state; 66 a file could not be read; 74 data \
            could not be read or written (the data directory or database cannot be opened, or \
            a command from -c, -f or a pipe failed on it, or the parent of a data directory named \
            by --data-dir or WAYFINDER_HOME is missing), or output cannot be written; 75 every \
            command succeeded but the navigation could not be saved at the end, or reset found \
            the data directory in use by a running session; 78 a \
            routes file is invalid; 129/143 ended by SIGHUP/SIGTERM (the navigation was saved).
            """,
        version: "wayfinder \(Version.current)",
        subcommands: [ReplCommand.self, OpenCommand.self, ResetCommand.self, RoutesCommand.self, ResolveCommand.self, ExplainCommand.self, StateCommand.self],
        defaultSubcommand: ReplCommand.self
    )
}
