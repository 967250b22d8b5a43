import ArgumentParser

/// The program's entry point: `open` and `resolve` with plain arguments take a direct
/// path; everything else (and anything unusual about those two: help, unknown or
/// repeated options, a missing value) goes through ArgumentParser.
///
/// Scripts call `wayfinder open URL` and `wayfinder resolve URL` once per link, so their
/// start-up time matters: ArgumentParser's reflection over the command tree costs more
/// than the work itself. The direct path takes only spellings ArgumentParser accepts too,
/// and behaves as it would on them (output, messages, exit codes: `DirectPathTests`).
///
/// Both read the arguments as bytes (``RawArguments``): a link that is not UTF-8 reaches
/// the resolver as it was given and is refused (65); any other argument that is not UTF-8
/// is a usage error (64). Nothing is repaired into U+FFFD.
@main
enum Entry {
    static func main() async {
        let arguments = RawArguments.current
        guard let command = FastCommand(parsing: arguments.texts) else {
            await parseAndRun(arguments)
            return
        }
        do {
            try arguments.refuseInvalid(exceptLinks: command.links)
            switch command {
            case .open(let links, let format, let dataDir):
                try await OpenCommand.show(links: links, format: format, directory: try DataOptions.directory(explicit: dataDir))
            case .resolve(let url, let routes, let format):
                try ResolveCommand.resolve(url: url, routes: routes, format: format)
            }
        } catch {
            WayfinderCommand.exit(withError: error)
        }
    }

    /// What `WayfinderCommand.main()` does, on `arguments`: a command line that does not
    /// parse while it holds arguments that are not UTF-8 is reported as such (64), since
    /// ArgumentParser's message would show their placeholders.
    static func parseAndRun(_ arguments: RawArguments) async {
        var command: any ParsableCommand
        do {
            command = try await WayfinderCommand.asyncParseAsRoot(arguments.texts)
        } catch {
            if let first = arguments.invalid.first, WayfinderCommand.exitCode(for: error) != .success {
                WayfinderCommand.exit(withError: arguments.usageError(first))
            }
            WayfinderCommand.exit(withError: error)
        }
        do {
            if let links = RawArguments.links(of: command) { try arguments.refuseInvalid(exceptLinks: links) }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            WayfinderCommand.exit(withError: error)
        }
    }
}

/// `open` or `resolve` with arguments simple enough to read without ArgumentParser.
enum FastCommand: Equatable {
    case open(links: [String], format: OutputFormat, dataDir: String?)
    case resolve(url: String, routes: String?, format: OutputFormat)

    /// The deep links among the arguments (the only ones that may be other than UTF-8).
    var links: [String] {
        switch self {
        case .open(let links, _, _): links
        case .resolve(let url, _, _): [url]
        }
    }

    /// Reads `arguments` (without the program name); `nil` when ArgumentParser should.
    init?(parsing arguments: [String]) {
        guard let name = arguments.first, name == "open" || name == "resolve" else { return nil }
        var positionals: [String] = []
        var format: String?, dataDir: String?, routes: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            // `--name=value` or `--name value`; a value may not look like an option.
            var key = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                key = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if index < arguments.count, !arguments[index].hasPrefix("-") {
                value = arguments[index]
                index += 1
            }
            guard let value else { return nil }
            // Each option once, and only those of the command.
            switch (key, name) {
            case ("--format", _) where format == nil: format = value
            case ("--data-dir", "open") where dataDir == nil: dataDir = value
            case ("--routes", "resolve") where routes == nil: routes = value
            default: return nil
            }
        }
        var outputFormat = OutputFormat.text
        if let format {
            guard let parsed = OutputFormat(rawValue: format) else { return nil }
            outputFormat = parsed
        }
        if name == "open" {
            guard !positionals.isEmpty else { return nil }
            self = .open(links: positionals, format: outputFormat, dataDir: dataDir)
        } else {
            guard positionals.count == 1 else { return nil }
            self = .resolve(url: positionals[0], routes: routes, format: outputFormat)
        }
    }
}
