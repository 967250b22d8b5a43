import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL in a real terminal: the built `wayfinder` runs in a tmux pane (120×40,
/// TERM=xterm-256color), keys go in with `send-keys` and the screen comes back with
/// `capture-pane`. Each test has its own tmux server, HOME and XDG_STATE_HOME.
///
/// Nothing here measures time: every wait polls the screen until the expected text is there
/// and, after a bounded number of polls, fails with the last screen in the message.
@Suite(.serialized, .enabled(if: CLI.which("tmux") != nil, "tmux drives the terminal"))
struct TerminalTests {
    // MARK: 1. Tab completion

    @Test func tabCompletesACommandAndADeepLink() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")

        // `hel` + Tab becomes `help ` with the space, so `where` is help's argument.
        try pane.type("hel")
        try pane.press("Tab")
        try await pane.waitUntil("`hel` completed to `help`") { $0.lastLine == "wayfinder://login> help" }
        try pane.type("where")
        try pane.press("Enter")
        let help = try await pane.waitUntil("`help where` or `helpwhere` to run") { screen in
            screen.lastLine == "wayfinder://login>"
                && screen.lines.contains { $0.hasPrefix("wayfinder://login> help") && $0.hasSuffix("where") }
        }
        #expect(
            help.lines.contains { $0.contains("print the link of what is on screen") },
            "`hel` + Tab + `where` should run `help where`:\n\(help)")
        #expect(!help.text.contains("helpwhere"), "Tab added no space after `help`:\n\(help)")

        // A link with one candidate is completed with a space after it.
        try pane.type("open wayfinder://login/fo")
        try pane.press("Tab")
        let line = "wayfinder://login> open wayfinder://login/forgot"
        let completed = await pane.poll { screen in
            screen.lastLine == line && (try? pane.format("#{cursor_x}")) == String(line.count + 1)
        }
        #expect(
            completed != nil,
            "expected `\(line) ` with the cursor after the space (column \((try? pane.format("#{cursor_x}")) ?? "?")):\n\(pane.shown)")
        try pane.press("Enter")
        try await pane.waitForPrompt("wayfinder://login/forgot")

        // wayfinder://login/register/terms matches too, so Tab inserts the longest common
        // prefix and no space; the link then opens as it is.
        try pane.type("open wayfinder://login/reg")
        try pane.press("Tab")
        try await pane.waitUntil("the link completed to wayfinder://login/register") {
            $0.lastLine == "wayfinder://login/forgot> open wayfinder://login/register"
        }
        try pane.press("Enter")
        let register = try await pane.waitForPrompt("wayfinder://login/register")
        #expect(register.text.contains("Create an account"), "the link did not open the register screen:\n\(register)")
    }

    // MARK: 2. History across runs

    @Test func upRecallsLinesFromAnEarlierRunAndTheHistoryFileIsPrivate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }

        do {
            let first = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
            defer { first.shutDown() }
            try await first.waitForPrompt("wayfinder://login")
            try await first.signIn()
            let output = try await first.run("where")
            #expect(output == ["wayfinder://main/feed"], "where after signing in:\n\(first.shown)")
            try first.press("C-d")
            let status = try await first.waitForExitStatus()
            #expect(status == 0, "Ctrl-D should end the first run with status 0:\n\(first.shown)")
        }

        let historyPath = sandbox.stateHome.appendingPathComponent("wayfinder/history").path
        let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
        let permissions = try #require(attributes[.posixPermissions] as? NSNumber).intValue
        #expect(permissions == 0o600, "history file mode is \(String(permissions, radix: 8)), expected 600")
        let history = try String(contentsOfFile: historyPath, encoding: .utf8)
        let entries = history.split(separator: "\n").map(String.init)
        #expect(entries.suffix(2) == ["login alice", "where"], "history file:\n\(history)")
        #expect(!history.contains("wonderland"), "the password was written to the history file:\n\(history)")

        let second = try TmuxPane(sandbox: sandbox)
        defer { second.shutDown() }
        // The second run may start where the first one left off; any prompt will do.
        let prompt = try await second.waitForPrompt { _ in true }.lastLine
        try second.press("Up")
        try await second.waitUntil("Up to recall `where` from the first run") {
            $0.lastLine == prompt + " where"
        }
        try second.press("Up")
        try await second.waitUntil("a second Up to recall `login alice`") {
            $0.lastLine == prompt + " login alice"
        }
    }

    // MARK: 3. Ctrl-C

    @Test func ctrlCCancelsAHalfTypedLine() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")

        try pane.type("regis")
        try await pane.waitUntil("`regis` typed") { $0.lastLine == "wayfinder://login> regis" }
        try pane.press("C-c")
        let afterInterrupt = await pane.poll { screen in
            screen.lastLine == "wayfinder://login>"
                && screen.lines.dropLast().last?.hasPrefix("wayfinder://login> regis") == true
        }
        #expect(afterInterrupt != nil, "Ctrl-C should leave `regis` and show a fresh prompt below it:\n\(pane.shown)")

        try pane.type("where")
        try pane.press("Enter")
        let screen = try await pane.waitUntil("the output of where") { screen in
            screen.lines.contains("wayfinder://login") || screen.text.contains("regiswhere")
        }
        #expect(!screen.text.contains("regiswhere"), "the cancelled text was kept and joined to the next line:\n\(screen)")
        #expect(screen.lines.contains("wayfinder://login"), "where did not print the link:\n\(screen)")
    }

    @Test func ctrlCOnAWrappedLineLeavesItWholeAndThePromptBelowIt() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")

        // Two rows and a half of the 120-column pane, the cursor taken back to the first.
        let typed = "open " + String(repeating: "abcdefghij", count: 25)
        try pane.type(typed)
        try await pane.waitUntil("the long line typed") { $0.lastLine.hasSuffix("abcdefghij") }
        try pane.press("C-a")
        try await pane.waitUntil("the cursor on the first row") { _ in (try? pane.format("#{cursor_x}")) == "19" }
        try pane.press("C-c")
        let prompt = "wayfinder://login>"
        let after = await pane.poll { $0.lastLine == prompt }
        #expect(after != nil, "the fresh prompt is not alone on the last line (stale text beside it):\n\(pane.shown)")
        // The capture joins the rows of a wrapped line.
        let lines = try pane.screen().lines
        #expect(lines.dropLast().last == "\(prompt) \(typed)", "the cancelled line is not left whole above the prompt:\n\(pane.shown)")
    }

    @Test func aWarningAtATerminalIsWrappedBetweenWordsAsScreensAre() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let data = sandbox.home.appendingPathComponent(".local/share/wayfinder")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: data.appendingPathComponent("navigation.json"))
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        let screen = try await pane.waitForPrompt("wayfinder://login")
        #expect(screen.text.contains("wayfinder: warning: the navigation state was not restored"), "\(screen)")
        // The capture joins what the terminal folded: a line longer than the pane was not
        // broken by the program; only a word longer than a line may be.
        for line in screen.lines where line.count > TmuxPane.width {
            #expect(!line.contains(" "), "a line was folded by the terminal, not wrapped between words:\n\(line)")
        }
    }

    // MARK: 4. Ctrl-D

    /// Status 0 even after a command failed: only a piped session reports failures in its status.
    @Test func ctrlDOnAnEmptyLineExitsWithStatus0() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, recordsExitStatus: true)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://login"], "where:\n\(pane.shown)")
        let failed = try await pane.run("bogus")
        #expect(failed.contains { $0.hasPrefix("error: unknown command 'bogus'") }, "bogus:\n\(pane.shown)")

        try pane.press("C-d")
        let status = try await pane.waitForExitStatus()
        #expect(status == 0, "Ctrl-D on an empty line:\n\(pane.shown)")
    }

    // MARK: 5. Password

    @Test func thePasswordIsNotEchoed() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()

        let screen = try pane.screen()
        #expect(!screen.lines.contains { $0.hasPrefix("Password for alice:") && $0.contains("wonderland") }, "\(screen)")
        #expect(screen.lines.contains("Password for alice:"), "the password prompt is not on screen:\n\(screen)")
        #expect(screen.lines.contains("Signed in as alice."), "\(screen)")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://main/feed"], "where after signing in:\n\(pane.shown)")
    }

    // MARK: 6. Terminal title

    @Test func aTitleSequenceInAPostTitleIsShownEscapedAndDoesNotRenameThePane() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let titleBefore = try pane.format("#{pane_title}")
        try await pane.signIn()

        try pane.type("open wayfinder://main/feed/post/13")
        try pane.press("Enter")
        let screen = try await pane.waitForPrompt("wayfinder://main/feed/post/13")
        #expect(
            screen.text.contains(#"Terminal titles \u{1B}]2;x\u{07} can be rewritten"#),
            "the title should appear with its control characters escaped:\n\(screen)")
        let title = try pane.format("#{pane_title}")
        #expect(title != "x", "the post title renamed the pane (it was \"\(titleBefore)\"):\n\(screen)")

        // Control: the same sequence printed raw does rename a pane on this tmux, so the
        // check above can fail.
        // (The window stays open a while, so that its title can still be read under load.)
        let control = try pane.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", #"printf '\033]2;x\007'; sleep 20"#])
        let renamed = await pane.poll { _ in (try? pane.tmux(["display", "-p", "-t", control, "#{pane_title}"])) == "x" }
        #expect(renamed != nil, "tmux ignored a raw OSC 2 title here, so the check above proves nothing")
    }

    // MARK: 6b. Window resizes

    /// The pane shrinks from 120 to 40 columns: libedit takes the new width (SIGWINCH), so
    /// editing a line longer than the pane leaves the prompt intact, and screens are wrapped
    /// on word boundaries to fit.
    @Test func aResizedPaneIsEditedAndDrawnAtItsNewWidth() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        _ = try pane.tmux(["set-option", "-g", "window-size", "manual"])
        _ = try pane.tmux(["resize-window", "-x", "40", "-y", String(TmuxPane.height)])
        try await pane.waitUntil("the pane is 40 columns wide") { _ in (try? pane.format("#{pane_width}")) == "40" }
        _ = try await pane.run("where")

        // A line longer than the pane, then the cursor to its start and one more character.
        let line = "open wayfinder://login/register/terms"
        try pane.type(line)
        try pane.press("C-a")
        try pane.type("X")
        let prompt = "wayfinder://login> "
        let edited = prompt + "X" + line
        let drawn = try await pane.waitUntil("the edited line") { $0.lastLine == edited }
        // The rows as the terminal shows them (not joined): the prompt, then the line wrapped
        // at the pane's new width.
        let rows = Screen(try pane.tmux(["capture-pane", "-p"])).lines.suffix(2)
        #expect(Array(rows) == [String(edited.prefix(40)), String(edited.dropFirst(40))], "the prompt is intact:\n\(drawn)")
        try pane.press("C-u")
        try pane.press("Enter")
        try await pane.waitForPrompt("wayfinder://login")

        // Every line of a screen fits, broken between words.
        try await pane.signIn()
        let screen = try await pane.run("refresh", prompt: "wayfinder://main/feed")
        #expect(screen.contains("Also: help, back, root, open, explain,"), "wrapped between words:\n\(screen)")
        #expect(screen.contains("Commands: post <id>|#<n>, next, prev,"), "\(screen)")
        // (tmux would cut a longer line at the edge: a word cut there would show.)
        #expect(!screen.contains { $0.hasSuffix(" pa") || $0.hasSuffix(" wh") }, "\(screen)")
    }

    // MARK: 7. Colour

    @Test func aNormalRunIsColoured() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        _ = try await pane.run("where")
        let styled = try pane.capture(escapes: true)
        #expect(styled.contains(sgrPattern), "no SGR escape sequence on screen:\n\(styled.debugDescription)")
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func noColourWhenTheEnvironmentAsksForNone(_ environment: [String: String]) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, environment: environment)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://login"], "where:\n\(pane.shown)")
        let styled = try pane.capture(escapes: true)
        #expect(!styled.contains(sgrPattern), "SGR escape sequences with \(environment):\n\(styled.debugDescription)")
        #expect(!styled.contains("\u{1B}"), "escape sequences with \(environment):\n\(styled.debugDescription)")
    }

    private var sgrPattern: Regex<Substring> { /\x1B\[[0-9;:]*m/ }

    // MARK: 8. UTF-8 without a UTF-8 locale

    @Test(arguments: [[:], ["LANG": "C"], ["LC_ALL": "C", "LANG": "C"]])
    func utf8InputIsEditedAsCharactersWithoutAUTF8Locale(_ locale: [String: String]) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let pane = try TmuxPane(sandbox: sandbox, environment: locale, locale: nil)
        defer { pane.shutDown() }
        try await pane.waitForPrompt("wayfinder://login")
        try await pane.signIn()
        _ = try await pane.run("tab search", prompt: "wayfinder://main/search")

        // Left moves over the two-byte `é` as one character, and BackSpace then removes `X`.
        // The screen is checked on the way; the link decides.
        try pane.type("find cafXé")
        let typed = await pane.poll { $0.lastLine == "wayfinder://main/search> find cafXé" }
        #expect(typed != nil, "`find cafXé` is not shown as typed with \(locale):\n\(pane.shown)")
        try pane.press("Left")
        try pane.press("BSpace")
        if typed != nil {
            let edited = await pane.poll { $0.lastLine == "wayfinder://main/search> find café" }
            #expect(edited != nil, "Left and BackSpace did not leave `find café` with \(locale):\n\(pane.shown)")
        }
        try pane.press("Enter")
        try await pane.waitForPrompt { $0.hasPrefix("wayfinder://main/search?q=") }
        let output = try await pane.run("where")
        #expect(output == ["wayfinder://main/search?q=caf%C3%A9"], "with \(locale):\n\(pane.shown)")
    }
}
