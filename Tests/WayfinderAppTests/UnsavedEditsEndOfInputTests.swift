import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Issue #33 item 3 at the end of input: Ctrl-D at a terminal is refused once as `quit`
/// is; a script that ends with unsaved input fails, saying what was not kept.
@MainActor
@Suite struct UnsavedEditsEndOfInputTests {
    let shell = AppShell(app: AppCoordinator(container: .demo()))

    func composing() async {
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(await shell.execute("compose").isError == false)
        #expect(await shell.execute("title Hello").isError == false)
    }

    static let ctrlD = "error: unsaved draft of a post (title): type publish to keep it, cancel to drop it, or Ctrl-D again to leave without it\n"

    @Test func ctrlDIsRefusedOnceAndASecondEnds() async {
        await composing()
        let refused = shell.endOfInput(interactive: true)
        #expect(refused?.isError == true)
        #expect(refused?.output.plainText == Self.ctrlD)
        #expect(shell.endOfInput(interactive: true) == nil)
    }

    @Test func ctrlDAndQuitAnswerEachOther() async {
        await composing()
        #expect(shell.endOfInput(interactive: true)?.output.plainText == Self.ctrlD)
        #expect(await shell.execute("quit").quits)
        #expect(await shell.execute("title Again").isError == false)
        #expect(await shell.execute("quit").output.plainText.contains("or quit again"))
        #expect(shell.endOfInput(interactive: true) == nil)
    }

    @Test func aLineBetweenTwoCtrlDsAsksAgain() async {
        await composing()
        #expect(shell.endOfInput(interactive: true) != nil)
        #expect(await shell.execute("where").isError == false)
        #expect(shell.endOfInput(interactive: true)?.output.plainText == Self.ctrlD)
    }

    @Test func nothingUnsavedEndsAtOnce() async {
        #expect(shell.endOfInput(interactive: true) == nil)
        #expect(shell.endOfInput(interactive: false) == nil)
        await composing()
        #expect(await shell.execute("publish").isError, "no text yet")
        #expect(await shell.execute("cancel").isError == false)
        #expect(shell.endOfInput(interactive: true) == nil)
    }

    @Test func aScriptEndingWithUnsavedInputFails() async {
        await composing()
        let ended = shell.endOfInput(interactive: false)
        #expect(ended?.isError == true)
        #expect(ended?.output.plainText
            == "error: the input ended with the draft of a post (title) unsaved: end a script with publish or cancel\n")
    }

    /// The script's last line was refused for the same reason: said once, still a failure.
    @Test func aScriptWhoseLastLineWasRefusedIsNotToldTwice() async {
        await composing()
        #expect(await shell.execute("back").isError)
        let ended = shell.endOfInput(interactive: false)
        #expect(ended?.isError == true)
        #expect(ended?.output.plainText == "")
    }
}
