import ArgumentParser
import WayfinderApp
import WayfinderKit

/// The program's entry point: ArgumentParser parses every command line.
///
/// The arguments are read as bytes (``RawArguments``): a link that is not UTF-8 reaches
/// the resolver as it was given and is refused (65); any other argument that is not UTF-8
/// is a usage error (64). Nothing is repaired into U+FFFD.
///
/// Output is checked at exit, whatever path ends the program (``OutputCheck``): a write
/// that failed exits 74.
///
/// Everything runs on the main thread: the app's commands are ``MainActorCommand``s,
/// the others synchronous, so no worker thread is started.
@main
@MainActor
enum Entry {
    static func main() async {
        OutputCheck.install()
        Program.current = .wayfinder
        await parseAndRun(RawArguments.current)
    }

    /// What `WayfinderCommand.main()` does, on `arguments`: a command line that does not
    /// parse while it holds arguments that are not UTF-8 is reported as such (64), since
    /// ArgumentParser's message would show their placeholders.
    static func parseAndRun(_ arguments: RawArguments) async {
        var command: any ParsableCommand
        do {
            command = try WayfinderCommand.parseAsRoot(arguments.texts)
        } catch {
            if let first = arguments.invalid.first, WayfinderCommand.exitCode(for: error) != .success {
                WayfinderCommand.exitReportingError(arguments.usageError(first))
            }
            WayfinderCommand.exitReportingError(error)
        }
        do {
            if let links = RawArguments.links(of: command) { try arguments.refuseInvalid(exceptLinks: links) }
            if let appCommand = command as? any MainActorCommand {
                try await appCommand.runOnMainActor()
            } else {
                try command.run()
            }
        } catch {
            WayfinderCommand.exitReportingError(error)
        }
    }
}

/// A command whose work is the app's, which lives on the main actor: ``Entry`` runs it
/// there (in place of `run()`).
protocol MainActorCommand: ParsableCommand {
    @MainActor func runOnMainActor() async throws
}

extension ExitCodes {
    /// `reset` left a file in place that has one of the app's names but not its contents
    /// (EX_DATAERR, as a rejected link: data not in the expected form).
    static let foreignFiles = ExitCode(65)
    /// `reset` found the data directory in use by running sessions, and removed nothing
    /// (EX_TEMPFAIL: end them, and try again).
    static let dataInUse = ExitCode(75)
    /// `open` was given a link that asks to be confirmed, which a one-shot command cannot
    /// ask (EX_NOPERM: the user's say-so is missing); nothing was opened.
    static let needsConfirmation = ExitCode(77)
    /// A routes file is invalid (EX_CONFIG).
    static let invalidRoutes = ExitCode(78)
}
