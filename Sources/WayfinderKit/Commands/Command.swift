import Wayfinder
import WayfinderTerminal
import WayfinderSystem

/// What help shows of a command: its name, its arguments as help writes them, what it does.
public struct CommandHelp: Hashable, Sendable {
    /// The word to type.
    public let name: String
    /// Its arguments, as shown in help (`<id>`), or empty.
    public let usage: String
    /// What it does.
    public let summary: String

    /// Creates a command's help line.
    public init(_ name: String, _ usage: String = "", _ summary: String) {
        self.name = name
        self.usage = usage
        self.summary = summary
    }

    /// `usage: NAME USAGE`: what a command typed with the wrong arguments says.
    public var usageMessage: String {
        "usage: \(name)\(usage.isEmpty ? "" : " " + usage)"
    }
}

/// The values an argument takes when they are a closed set (the tabs of the flow, the
/// feature flags, `on|off|default`): any other value is refused before the handler runs, as
/// a usage error, with the nearest of them suggested ("did you mean 'feed'?").
public struct ArgumentChoices: Hashable, Sendable {
    /// What one of them is, after "is not a" (`tab of this flow`, `feature flag`).
    public let noun: String
    /// The values, in the order a refusal lists them.
    public let values: [String]

    /// `values`, each a `noun`.
    public init(_ noun: String, _ values: [String]) {
        self.noun = noun
        self.values = values
    }

    /// Why `value`, not one of them, is refused: the nearest one suggested, else all listed.
    public func refusal(of value: String) -> String {
        let shown = "'\(value.escapingControlCharacters)' is not a \(noun)"
        if let near = suggestion(for: value, among: values) { return "\(shown); did you mean '\(near)'?" }
        let list = values.count > 1 ? values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "") : values.joined()
        return "\(shown): \(list)"
    }
}

/// A command, declared once with everything about it: its help line, how many arguments
/// it takes, what completes them, when it is offered, and its handler, which runs on
/// `Target` (a screen's view model, the shell, the app coordinator). Dispatch, `help`,
/// Tab completion and the screen's command lines all read these declarations, so a
/// command that is listed always has a handler.
///
/// ```swift
/// static let commands: [ScreenCommand<FeedViewModel>] = [
///     ScreenCommand("page", "<n>", "go to page n", arguments: 1...1) { model, input in
///         await model.show(page: …)
///     },
/// ]
/// ```
@MainActor
public struct Command<Target: AnyObject> {
    /// Its help line.
    public let help: CommandHelp
    /// Other names it answers to (`exit` for `quit`).
    let aliases: [String]
    /// How many arguments it takes; arguments that are only empty text (`title ""`) count
    /// as none. Another number is refused before the handler runs, as every command's are:
    /// with ``CommandHelp/usageMessage`` (and ``usageError``'s sentence, if any), as a usage
    /// error.
    let arguments: ClosedRange<Int>
    /// Whether help and the screen list it (a command that only makes sense over a prompt
    /// elsewhere, such as signing in as another user, is not listed).
    public let isListed: Bool
    /// Whether it can be typed now.
    public let isOffered: @MainActor (Target) -> Bool
    /// What a wrong number of arguments says after the usage line, when there is something
    /// more useful to say; `nil` for the usage line alone.
    let usageError: @MainActor (CommandInput) -> String?
    /// The closed set of values argument `index` (from 0) takes, if it is one: they complete
    /// it, and another value is refused before the handler runs (an empty set refuses
    /// nothing: the handler says why no value will do).
    let choices: @MainActor (Target, _ index: Int) -> ArgumentChoices?
    /// Completions for argument `index` (from 0).
    let completions: @MainActor (Target, _ index: Int) -> [String]
    /// More lines for `help NAME`.
    let details: @MainActor (Target) -> StyledText
    /// The handler.
    let run: @MainActor (Target, CommandInput) async -> ReplReply

    /// Declares a command.
    /// - Parameters:
    ///   - name: The word to type.
    ///   - usage: Its arguments as help shows them (`<id>`, `[email]`).
    ///   - summary: What it does, for help.
    ///   - aliases: Other names it answers to.
    ///   - arguments: How many arguments it takes.
    ///   - listed: Whether help and the screen list it.
    ///   - isOffered: Whether it can be typed now (always by default).
    ///   - usageError: What a wrong number of arguments says after the usage line.
    ///   - choices: The closed set of values argument `index` takes, if it is one (they
    ///     complete it too).
    ///   - completions: What completes argument `index` (when it has no ``ArgumentChoices``).
    ///   - details: More lines for `help NAME`.
    ///   - run: The handler.
    public init(
        _ name: String, _ usage: String = "", _ summary: String,
        aliases: [String] = [], arguments: ClosedRange<Int> = 0...0, listed: Bool = true,
        when isOffered: @escaping @MainActor (Target) -> Bool = { _ in true },
        usageError: @escaping @MainActor (CommandInput) -> String? = { _ in nil },
        choices: @escaping @MainActor (Target, _ index: Int) -> ArgumentChoices? = { _, _ in nil },
        completions: @escaping @MainActor (Target, _ index: Int) -> [String] = { _, _ in [] },
        details: @escaping @MainActor (Target) -> StyledText = { _ in StyledText() },
        run: @escaping @MainActor (Target, CommandInput) async -> ReplReply
    ) {
        self.init(
            help: CommandHelp(name, usage, summary), aliases: aliases, arguments: arguments, isListed: listed,
            isOffered: isOffered, usageError: usageError, choices: choices, completions: completions, details: details, run: run)
    }

    init(
        help: CommandHelp, aliases: [String], arguments: ClosedRange<Int>, isListed: Bool,
        isOffered: @escaping @MainActor (Target) -> Bool,
        usageError: @escaping @MainActor (CommandInput) -> String?,
        choices: @escaping @MainActor (Target, Int) -> ArgumentChoices?,
        completions: @escaping @MainActor (Target, Int) -> [String],
        details: @escaping @MainActor (Target) -> StyledText,
        run: @escaping @MainActor (Target, CommandInput) async -> ReplReply
    ) {
        self.help = help
        self.aliases = aliases
        self.arguments = arguments
        self.isListed = isListed
        self.isOffered = isOffered
        self.usageError = usageError
        self.choices = choices
        self.completions = completions
        self.details = details
        self.run = run
    }

    /// The same command under another name (`quit` as `leave`), its aliases kept.
    public func renamed(_ name: String) -> Command {
        Command(
            help: CommandHelp(name, help.usage, help.summary), aliases: aliases, arguments: arguments, isListed: isListed,
            isOffered: isOffered, usageError: usageError, choices: choices, completions: completions, details: details, run: run)
    }

    /// Whether `name` is this command's.
    public func answers(to name: String) -> Bool {
        help.name == name || aliases.contains(name)
    }

    /// This command on `target`, for the shell: the one place where every command's
    /// arguments are checked before its handler runs.
    public func bound(to target: Target) -> BoundCommand {
        BoundCommand(
            help: help,
            run: { input in
                if let refusal = refusal(of: input, on: target) { return .usageFailed(refusal) }
                return await run(target, input)
            },
            completions: { index in choices(target, index)?.values ?? completions(target, index) },
            details: { details(target) })
    }

    /// Why `input` does not fit this command's usage line on `target`, or `nil` when it
    /// does: another number of arguments (the usage line), or a value outside an
    /// argument's ``ArgumentChoices``.
    private func refusal(of input: CommandInput, on target: Target) -> String? {
        let count = input.freeText.isEmpty ? 0 : input.arguments.count
        guard arguments.contains(count) else {
            return usageError(input).map { "\(help.usageMessage) (\($0))" } ?? help.usageMessage
        }
        for (index, value) in input.arguments.prefix(count).enumerated() {
            if let choices = choices(target, index), !choices.values.isEmpty, !choices.values.contains(value) {
                return choices.refusal(of: value)
            }
        }
        return nil
    }

    /// The same command run on what `reach` finds from another target (the sign-in screen
    /// from any screen of its flow, after going back to it), offered when `isOffered`.
    public func reached<Other: AnyObject>(
        from reach: @escaping @MainActor (Other) -> Result<Target, NavigationError>, when isOffered: @escaping @MainActor (Other) -> Bool
    ) -> Command<Other> {
        let run = self.run
        return Command<Other>(
            help: help, aliases: aliases, arguments: arguments, isListed: isListed, isOffered: isOffered,
            usageError: usageError, choices: { _, _ in nil }, completions: { _, _ in [] }, details: { _ in StyledText() },
            run: { other, input in
                switch reach(other) {
                case .success(let target): await run(target, input)
                case .failure(let error): .failed(error.message)
                }
            })
    }
}

/// A command bound to what it runs on: what the shell dispatches, lists and completes.
@MainActor
public struct BoundCommand {
    /// Its help line.
    public let help: CommandHelp
    /// Checks the arguments, then runs the handler.
    public let run: @MainActor (CommandInput) async -> ReplReply
    /// Completions for argument `index` (from 0).
    public let completions: @MainActor (Int) -> [String]
    /// More lines for `help NAME`.
    public let details: @MainActor () -> StyledText
}

/// Something commands run on: a screen's view model, the shell, a feature's session
/// command. Its commands are declared once, in ``commands``.
@MainActor
public protocol CommandTarget: AnyObject {
    /// Its commands, in help order.
    static var commands: [Command<Self>] { get }
}

extension CommandTarget {
    /// The command answering to `name` that can be typed now, bound to this target.
    public func command(named name: String) -> BoundCommand? {
        Self.commands.first { $0.answers(to: name) && $0.isOffered(self) }?.bound(to: self)
    }

    /// The help lines of the commands listed now, in order.
    public var listedCommands: [CommandHelp] {
        // By index: each command is read in place, not copied with all its closures.
        let commands = Self.commands
        var help: [CommandHelp] = []
        for index in commands.indices where commands[index].isListed && commands[index].isOffered(self) {
            help.append(commands[index].help)
        }
        return help
    }
}

/// The name among `names` that `typed` most likely meant, for "did you mean": the nearest
/// (`closestName(to:among:)`), else the nearest to it in lower case (`HELP` → `help`).
func suggestion(for typed: String, among names: [String]) -> String? {
    closestName(to: typed, among: names) ?? closestName(to: typed.lowercased(), among: names)
}
