import Testing
import Wayfinder
import WayfinderKit

/// A link from outside to a screen of tier `confirm`, through the kit's shell: nothing of it
/// is made, loaded or opened before `confirm`, whose data is checked as `open` checks it.
@MainActor
@Suite struct ConfirmLinkTests {
    /// The notebook, its note details asking for confirmation.
    private func notebook() async throws -> (Notebook, Shell<Notebook>) {
        let routes = Notebook.routes.replacingOccurrences(of: "info           after note", with: "info           after note  entry confirm")
        let app = Notebook(graph: try RouteGraph(parsing: routes))
        let shell = Shell(app: app)
        _ = await shell.execute("unlock")
        _ = await shell.screen()
        return (app, shell)
    }

    @Test func nothingOfTheLinkIsMadeBeforeConfirm() async throws {
        let (app, shell) = try await notebook()
        let before = app.navigationStore.state
        let asked = await shell.execute("open notes://notes/all/note/7/info")
        #expect(!asked.isError, "\(asked.output.plainText)")
        let screen = await shell.screen().plainText
        #expect(screen.contains("a link from outside asks to open 'info'"), "\(screen)")
        #expect(screen.contains("notes://notes/all/note/7/info"))
        #expect(app.made["note(id: 7)"] == nil && app.made["info"] == nil, "made before confirm: \(app.made)")
        var held = before
        held.confirming = "notes://notes/all/note/7/info"
        #expect(app.navigationStore.state == held)

        let confirmed = await shell.execute("confirm")
        #expect(!confirmed.isError, "\(confirmed.output.plainText)")
        #expect(app.navigationStore.url == "notes://notes/all/note/7/info")
        _ = await shell.screen()
        #expect(app.made["info"] == 1)
        #expect(await shell.execute("confirm").isError, "nothing waits any more")
    }

    @Test func declineDropsTheLinkAndChangesNothingElse() async throws {
        let (app, shell) = try await notebook()
        let before = app.navigationStore.state
        _ = await shell.execute("open notes://notes/starred/note/3/info")
        let declined = await shell.execute("decline")
        #expect(declined.output.plainText == "Declined notes://notes/starred/note/3/info.\n")
        #expect(app.navigationStore.state == before)
        #expect(app.made["info"] == nil)
    }

    @Test func aConfirmedLinkToMissingDataIsRefusedAndStillWaits() async throws {
        let (app, shell) = try await notebook()
        _ = await shell.execute("open notes://notes/all/note/200/info")
        let held = app.navigationStore.state
        let refused = await shell.execute("confirm")
        #expect(refused.isError)
        #expect(refused.output.plainText.contains("note 200 does not exist"), "\(refused.output.plainText)")
        #expect(app.navigationStore.state == held, "the link still waits; nothing opened")
        #expect(app.made["info"] == nil)
    }

    @Test func aDryRunSaysTheLinkWouldAsk() async throws {
        let (app, shell) = try await notebook()
        let before = app.navigationStore.state
        let reply = await shell.execute("open --dry-run notes://notes/all/note/7/info")
        #expect(reply.output.plainText == "would ask to confirm: notes://notes/all/note/7/info opens 'info', so nothing opens before 'confirm'\n")
        #expect(app.navigationStore.state == before)
    }
}
