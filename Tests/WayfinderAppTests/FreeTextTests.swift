import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit

/// Free text as people type it (issue #41 case 3): an apostrophe in a word, a backslash and
/// quotes inside text are kept; only a word quoted whole loses its quotes.
@MainActor
@Suite struct FreeTextTests {
    private func signedIn() async throws -> AppShell {
        let shell = try AppShell()
        _ = await shell.execute("login alice")
        _ = await shell.execute("wonderland")
        return shell
    }

    @Test func aDraftKeepsItsTitleAndBodyAsTyped() async throws {
        let shell = try await signedIn()
        _ = await shell.execute("compose")
        #expect(await shell.execute("title C:\\new\\dir").isError == false)
        #expect(await shell.execute("body I don't know \"why\"").isError == false)
        let draft = try #require(shell.app.visibleScreen() as? ComposeViewModel)
        #expect(draft.title == "C:\\new\\dir")
        #expect(draft.body == "I don't know \"why\"")
        #expect(await shell.execute("title \"Quoted whole\"").isError == false)
        #expect(draft.title == "Quoted whole")
    }

    @Test func aSearchKeepsItsWordsAsTyped() async throws {
        let shell = try await signedIn()
        _ = await shell.execute("tab search")
        #expect(await shell.execute("find it's").isError == false)
        #expect(shell.app.store.state.activeStack?.root == MainRoute.search(q: "it's").route)
    }

    /// Words too long for a link are refused in the command's words, not the link's.
    @Test func aSearchTooLongIsRefusedInTheCommandsWords() async throws {
        let shell = try await signedIn()
        _ = await shell.execute("tab search")
        let before = shell.app.store.state
        let reply = await shell.execute("find " + String(repeating: "x", count: 300))
        #expect(reply == .failed("find: the words are 300 bytes long; a search holds at most 256"))
        #expect(shell.app.store.state == before)
        #expect(await shell.execute("find " + String(repeating: "x", count: 256)).isError == false)
    }
}
