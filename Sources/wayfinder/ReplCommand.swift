import ArgumentParser
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderSystem
import WayfinderTerminal

/// `wayfinder [URL…]`: the REPL, at a terminal, or running commands from `-c`, a file
/// (`-f`) or a pipe.
struct ReplCommand: MainActorCommand, LinkArguments {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Start the REPL (the default), after opening the links given or restoring the last session.",
        usage: "wayfinder [URL…] [-c <command>…|-f <file>] [--bail] [--echo] [--fresh] [--data-dir <dir>]",
        discussion: """
            On a terminal: line editing, Tab completion, history in \
            $XDG_STATE_HOME/wayfinder/history. With -c or -f, or piped: no banner and no \
            prompt; blank lines and lines starting with # are skipped; errors on stderr; exit \
            0 when every command succeeded, 74 when one failed because data could not be \
            read or written (a full disk…), else 64 when one was given arguments it does \
            not take (refused with its usage line), else 1 (with --bail, the status of the \
            first that failed, where it stops). A password that a command asks for (login, \
            create) is never taken from -c or a file: it is the next line of standard input \
            (typed without echo at a terminal); --echo never prints it, and a refused one \
            asks again (three tries: the next line is the next try). The navigation is saved \
            as it changes (after each command) and restored on the next start; when it cannot \
            be saved at the end, a session whose commands all succeeded exits 75.
            """
    )

    @OptionGroup var repl: ReplOptions

    var deepLinks: [String] { repl.links }

    func validate() throws {
        try Self.validateLinks(repl.links)
    }

    /// An argument that is neither a subcommand nor a link (`wayfinder rotues check`) is a
    /// usage error, with the nearest subcommand as a suggestion. A subcommand reaches here
    /// only after an option (`wayfinder --data-dir D open …`): it must come first. (The
    /// values of `-c` and `-f` are the options', never taken for links.)
    private static func validateLinks(_ links: [String]) throws {
        // (Arguments that are not UTF-8 stand here as placeholders holding NUL: they are
        // refused as links that are not UTF-8, exit 65.)
        guard let word = links.first(where: { !$0.contains("://") && !$0.contains("\u{0}") }) else { return }
        let names = WayfinderCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        if names.contains(word) {
            throw ValidationError("'\(word)' is a command: write it first, then its options ('wayfinder \(word) --help' lists them)")
        }
        let shown = word.escapingControlCharacters
        let hint = WayfinderSystem.closestName(to: word, among: names).map { "; did you mean '\($0)'?" }
            ?? " (a link has the form wayfinder://FLOW/…; commands: \(names.joined(separator: ", ")))"
        throw ValidationError("'\(shown)' is neither a command nor a link\(hint)")
    }

    @MainActor func runOnMainActor() async throws {
        let status = try await Launcher.wayfinder.run(repl)
        if status != 0 { throw ExitCode(status) }
    }
}
