import WayfinderTerminal
import WayfinderSystem

/// Typed input a screen holds that is not saved yet, as the warning names it.
public struct UnsavedEdits: Hashable, Sendable {
    /// What would be lost, after "unsaved": `changes to your profile (name and bio)`.
    public let what: String
    /// The screen's command that keeps it (`save`, `publish`).
    public let keep: String
    /// The screen's command that drops it (`revert`, `cancel`).
    public let drop: String
    /// Whether ``what`` is spoken of as "them" (else "it").
    public let isPlural: Bool
    /// What was typed, a line a field (`name: Ana B.`): shown when the input is lost all the
    /// same (the session was ended by another process), so that nothing typed is lost
    /// without a word.
    public let typed: [String]

    /// Describes unsaved input.
    public init(_ what: String, keep: String, drop: String, isPlural: Bool, typed: [String] = []) {
        self.what = what
        self.keep = keep
        self.drop = drop
        self.isPlural = isPlural
        self.typed = typed
    }

    /// `your unsaved changes to your profile (name) were not saved; what you typed: name: Ana B.`:
    /// what is said when the input is lost whatever the user does.
    public var lostMessage: String {
        let were = isPlural ? "were" : "was"
        let shown = typed.map { $0.escapingControlCharacters }.joined(separator: "; ")
        return "your unsaved \(what) \(were) not saved" + (shown.isEmpty ? "" : "; what you typed: \(shown)")
    }
}

/// A screen's view model that can hold typed input that is not saved yet (a profile being
/// edited, a post being written). The shell refuses once any command that would take the
/// user off the screen while ``unsavedEdits`` is not `nil`, naming what would be lost;
/// the same command typed again leaves, and ``discardUnsavedEdits()`` drops the input.
///
/// The screen's own commands are never refused: they edit, keep (``UnsavedEdits/keep``)
/// or drop (``UnsavedEdits/drop``) the input on purpose. Such a screen therefore offers no
/// command of its own that leaves it with the input still unsaved.
@MainActor
public protocol EditingScreen: ScreenModel {
    /// What is typed and not saved, or `nil` when nothing is.
    var unsavedEdits: UnsavedEdits? { get }
    /// Drops the unsaved input (the user left without keeping it).
    func discardUnsavedEdits()
}

/// The shell's rule for leaving a screen with unsaved input (``EditingScreen``), the way
/// `vim` answers `:q` with changes: a command that would leave it is refused once, with a
/// message naming what would be lost and how to keep or drop it; the same command as the
/// very next line leaves, without the input. Any other line in between asks again.
///
/// A refusal is a failed command: a piped session ends with status 1 (or stops there with
/// `--bail`). A refused command has run nothing: the navigation, the session and the
/// saved state are as they were.
@MainActor
final class UnsavedEditsGuard {
    /// A command as typed: its name (an alias as its command's name) and its arguments.
    private struct Attempt: Hashable {
        let name: String
        let arguments: [String]
    }

    /// The global commands that do not take the user anywhere.
    private static let staying: Set<String> = ["help", "where", "state"]
    /// The leaving command refused by the line before, which this line may repeat.
    private var armed: Attempt?
    /// The leaving command refused by this line.
    private var refused: Attempt?
    /// The screen left without its input by the command running now.
    private var leaving: (any EditingScreen)?

    /// Starts a line: only the line right after a refusal may repeat it.
    func beginLine() {
        armed = refused
        refused = nil
        leaving = nil
    }

    /// Why the command `name` (with `input`'s arguments) may not run now on `model`'s
    /// screen, or `nil` to run it. The screen's own commands (`isScreens`) and those that
    /// stay on the screen always run.
    func refusal(of name: String, _ input: CommandInput, on model: any ScreenModel, isScreens: Bool) -> ReplReply? {
        guard !isScreens, !Self.staying.contains(name) else { return nil }
        guard let screen = model as? any EditingScreen, let edits = screen.unsavedEdits else { return nil }
        let attempt = Attempt(name: name, arguments: input.arguments)
        if attempt == armed {
            leaving = screen
            return nil
        }
        refused = attempt
        let typed = ([name] + input.arguments).map(Sanitizer.escape).joined(separator: " ")
        return .failed(Self.message(edits, again: typed))
    }

    /// After the command allowed to leave ran: when it did leave (it worked and `visible`
    /// is another screen now, or the session ends), the input is dropped, as the user chose.
    func commandRan(_ reply: ReplReply, visible: @autoclosure () -> any ScreenModel) {
        guard let screen = leaving else { return }
        leaving = nil
        if !reply.isError, reply.quits || visible() !== screen { screen.discardUnsavedEdits() }
    }

    /// The end of input at the command prompt with `model` on screen. At a terminal
    /// (Ctrl-D) the first is refused as `quit` would be, and a second right after it (or
    /// `quit`) ends the session. A script that ends there cannot answer: the input is
    /// lost and the session fails, said on standard error (unless the script's last line
    /// was a refused command, which said so already).
    /// - Returns: What to print, or `nil` to end quietly.
    func endOfInput(on model: any ScreenModel, interactive: Bool) -> ReplReply? {
        beginLine()
        guard let screen = model as? any EditingScreen, let edits = screen.unsavedEdits else { return nil }
        guard interactive else {
            guard armed == nil else { return ReplReply(isError: true) }
            return .failed("the input ended with the \(edits.what) unsaved: end a script with \(edits.keep) or \(edits.drop)")
        }
        let quit = Attempt(name: "quit", arguments: [])
        if armed == quit { return nil }
        refused = quit
        return .failed(Self.message(edits, again: "Ctrl-D"))
    }

    /// `unsaved changes to your profile (name): type save to keep them, revert to drop
    /// them, or back again to leave without them`.
    static func message(_ edits: UnsavedEdits, again: String) -> String {
        let them = edits.isPlural ? "them" : "it"
        return "unsaved \(edits.what): type \(edits.keep) to keep \(them), \(edits.drop) to drop \(them), or \(again) again to leave without \(them)"
    }
}
