import Testing
import Wayfinder
import WayfinderKit
import WayfinderTerminal
import WayfinderTesting

/// The kit's shell over an app of its own (``Notebook``): the navigation commands, the app's
/// commands, help, completion and the screen layout, as any app on the kit gets them.
@MainActor
@Suite struct ShellTests {
    private func notebook() throws -> Notebook {
        Notebook(graph: try RouteGraph(parsing: Notebook.routes))
    }

    @Test func theNavigationCommandsAndTheAppsAreOneList() async throws {
        let shell = Shell(app: try notebook())
        let screen = await shell.screen().plainText
        #expect(screen.contains("Commands: note <id>, unlock"))
        #expect(screen.hasPrefix("*door: lock | notes/all: all"))
        #expect(screen.contains("Also: help, back, root, open, where, state, tab, dismiss, undo, redo, lock, quit"))
        let help = await shell.execute("help").output.plainText
        #expect(help.contains("unlock"))
        #expect(help.contains("lock"))
    }

    @Test func aTestStoreDrivesTheAppByTypedCommands() async throws {
        let store = NavigationTestStore(Shell(app: try notebook()))
        await store.command("unlock") {
            $0.activeFlow = "notes"
            $0.grantedGuards = ["unlocked"]
        }
        await store.command("note 3") {
            $0.stacks["notes/all"]?.append(Route("note", ["id": .int(3)]))
        }
        store.expectURL("notes://notes/all/note/3")
    }

    @Test func aMistypedCommandIsRefusedWithTheNearestName() async throws {
        let shell = Shell(app: try notebook())
        let reply = await shell.execute("unlok")
        #expect(reply.isError)
        #expect(reply.output.plainText.contains("did you mean 'unlock'?"))
        let completions = shell.completions(for: "un")
        #expect(completions == ["unlock", "undo"] || completions == ["undo", "unlock"])
    }

    @Test func helpOpenAndCompletionShowLinksWithParametersAsTemplates() async throws {
        let app = try notebook()
        let shell = Shell(app: app)
        let templates = ["notes://notes/all/note/{id:int}", "notes://notes/all/note/{id:int}/info",
                         "notes://notes/starred/note/{id:int}", "notes://notes/starred/note/{id:int}/info"]
        let help = await shell.execute("help open").output.plainText
        for template in templates { #expect(help.contains("\n    \(template)\n") || help.hasSuffix("\n    \(template)"), "\(help)") }
        #expect(help.contains("notes://notes/all\n"))
        // Completion stops where a value goes, as a shell's does at a file argument.
        #expect(shell.completions(for: "open notes://notes/all/n") == ["notes://notes/all/note/"])
        // Each template is a link once a value takes the place of its parameter.
        for template in templates {
            let link = template.replacingOccurrences(of: "{id:int}", with: "7")
            #expect(throws: Never.self, "\(link)") { try app.navigationStore.graph.resolve(link) }
        }
    }

    @Test func helpOpenAndCompletionOfferOnlyLinksOpenCanOpen() async throws {
        let routes = Notebook.routes + "screen purge notes sheet purge after all entry internal\n"
        let app = Notebook(graph: try RouteGraph(parsing: routes))
        let shell = Shell(app: app)
        let help = await shell.execute("help open").output.plainText
        #expect(!help.contains("purge"), "\(help)")
        #expect(help.contains("notes://notes/all/note/{id:int}"))
        let offered = shell.completions(for: "open ")
        #expect(offered.contains("notes://notes/all/note/"))
        #expect(!offered.contains { $0.contains("purge") || $0.contains("{") }, "\(offered)")
        for link in offered where link.contains("://") && !link.hasSuffix("/") {
            #expect(throws: Never.self, "\(link)") { try app.navigationStore.graph.resolveFromOutside(link) }
        }
    }

    @Test func helpKnowsACommandByItsOtherNames() async throws {
        let shell = Shell(app: try notebook())
        let reply = await shell.execute("help exit")
        #expect(!reply.isError)
        #expect(reply.output.plainText.hasPrefix("quit\n  leave (Ctrl-D works too)"))
    }

    @Test(arguments: [("HELP", "help"), ("Unlock", "unlock"), ("UNLOK", "unlock")])
    func aSuggestionIgnoresCase(typed: String, meant: String) async throws {
        let shell = Shell(app: try notebook())
        let reply = await shell.execute(typed)
        #expect(reply.output.plainText.contains("did you mean '\(meant)'?"), "\(reply.output.plainText)")
    }

    @Test func aScreenIsMadeOncePerPlaceAndKeepsWhatWasTyped() async throws {
        let app = try notebook()
        let shell = Shell(app: app)
        _ = await shell.execute("unlock")
        _ = await shell.execute("note 1")
        _ = await shell.execute("write hello there")
        _ = await shell.execute("info")
        _ = await shell.execute("back")
        #expect(await shell.screen().plainText.contains("Note 1: hello there"))
        #expect(app.made["note(id: 1)"] == 1)
        // Gone from its stack, the place's view model is released: a new one starts empty.
        _ = await shell.execute("back")
        _ = await shell.execute("note 1")
        #expect(await shell.screen().plainText.contains("Note 1: (empty)"))
        #expect(app.made["note(id: 1)"] == 2)
    }

    @Test func aShellAndItsAppAreReleasedWhenNoLongerUsed() async throws {
        weak var released: Notebook?
        weak var releasedShell: Shell<Notebook>?
        do {
            let app = try notebook()
            let shell = Shell(app: app)
            released = app
            releasedShell = shell
            _ = await shell.execute("help")
            _ = await shell.execute("unlock")
            _ = shell.completions(for: "")
            #expect(await shell.screen().plainText.contains("The all list."))
        }
        // An app closes its storage when released: nothing may keep it alive.
        #expect(released == nil)
        #expect(releasedShell == nil)
    }

    @Test func anAppHidesOrRenamesANavigationCommand() async throws {
        let shell = Shell(app: Quiet(graph: try RouteGraph(parsing: Notebook.routes)))
        #expect(await shell.execute("undo").output.plainText.contains("unknown command 'undo'"))
        #expect(await shell.execute("leave").quits)
        #expect(!(await shell.execute("quit").quits))
    }

    @Test func aLinkToDataThatDoesNotExistOpensNothing() async throws {
        let app = try notebook()
        let shell = Shell(app: app)
        _ = await shell.execute("unlock")
        let before = app.navigationStore.state
        let reply = await shell.execute("open notes://notes/all/note/101")
        #expect(reply.isError)
        #expect(reply.output.plainText == "error: note 101 does not exist\n")
        #expect(app.navigationStore.state == before)
        #expect(await shell.execute("open notes://notes/all/note/7").isError == false)
        #expect(app.navigationStore.url == "notes://notes/all/note/7")
        await #expect(throws: NavigationError.self) { try await app.openChecked(["notes://notes/starred/note/500"]) }
    }

    @Test func linksAreOpenedAllOrNone() throws {
        let app = try notebook()
        let before = app.navigationStore.state
        #expect(throws: NavigationError.self) {
            try app.open(all: ["notes://door", "notes://nowhere"])
        }
        #expect(app.navigationStore.state == before)
        try app.open(all: ["notes://notes/starred/note/2"])
        #expect(app.navigationStore.state.pending == "notes://notes/starred/note/2")
    }
}

/// An app that hides `undo` and `redo` and calls `quit` `leave`.
@MainActor
private final class Quiet: ShellApp {
    static let commands: [Command<Quiet>] = []
    let navigationStore: NavigationStore
    let screens = Screens()
    init(graph: RouteGraph) { navigationStore = NavigationStore(navigator: Navigator(graph: graph)) }
    func makeScreen(for route: Route, at place: ScreenPlace) -> Screen? { nil }

    static func navigationCommands(_ defaults: [Command<Shell<Quiet>>]) -> [Command<Shell<Quiet>>] {
        defaults.filter { !["undo", "redo"].contains($0.help.name) }.map { $0.help.name == "quit" ? $0.renamed("leave") : $0 }
    }
}
