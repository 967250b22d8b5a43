import ArgumentParser

/// `wayfinder`: the command line of the Wayfinder navigation engine and its sample app.
@main
struct WayfinderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayfinder",
        abstract: "A coordinator/router navigation engine for text front ends, with a sample app.",
        discussion: """
            Exit codes: 0 success; 64 usage error; 65 a deep link was rejected; \
            66 a file could not be read; 78 a routes file is invalid.
            """,
        subcommands: [RoutesCommand.self, ResolveCommand.self]
    )
}
