import Foundation
import Testing
import Wayfinder
import WayfinderKit
import WayfinderTesting

/// The examples of `WayfinderKit.docc/GettingStarted.md`, each as the article shows it, then
/// checked, on the app of `TodoApp.swift`. `ArticleCodeTests` checks that the article's
/// Swift blocks are in this target and its table is `todo.routes`.
@MainActor
@Suite struct KitGettingStartedTests {
    /// The article's table, as text.
    nonisolated static let routesText = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("todo.routes"),
        encoding: .utf8
    )

    @Test func theShellRunsTheAppsCommands() async {
        let shell = Shell(app: Todo())
        let reply = await shell.execute("task 2")
        print(await shell.screen().plainText)
        // *tasks: task(number: 2)
        //
        // Task 2: Call Ana
        //
        // Commands: add <words>
        // Also: help, back, root, open, where, state, tab, dismiss, undo, redo, quit

        #expect(!reply.isError && reply.showsScreen)
        #expect(await shell.screen().plainText == """
            *tasks: task(number: 2)

            Task 2: Call Ana

            Commands: add <words>
            Also: help, back, root, open, where, state, tab, dismiss, undo, redo, quit

            """)
        #expect(shell.navigationStore.url == "todo://tasks/task/2")
        #expect(shell.completions(for: "task ") == [])
        #expect(await shell.execute("back").isError == false)
        #expect(shell.completions(for: "task ") == ["1", "2"])
        #expect(shell.completions(for: "ad") == ["add"])
    }

    @Test func aTestStoreDrivesTheShell() async {
        let store = NavigationTestStore(Shell(app: Todo()))
        await store.command("task 2") {
            $0.stacks[TasksRoute.stackKey]?.append(TasksRoute.task(number: 2).route)
        }
        await store.command("task 3", failing: true)
        store.expectURL("todo://tasks/task/2")

        // `task` is the list's command, not the task's.
        let printed = await store.command("task 3", failing: true)
        #expect(printed == "error: unknown command 'task' here; type help for the commands of this screen\n")
        await store.command("back") { $0.stacks[TasksRoute.stackKey]?.removeLast() }
        #expect(await store.command("task", failing: true) == "error: usage: task <number>\n")
        #expect(await store.command("tsk 1", failing: true) == "error: unknown command 'tsk' here; did you mean 'task'?\n")
        let refused = await Shell(app: Todo()).execute("task 7")
        #expect(refused.isUsageError && refused.output.plainText.hasPrefix("error: '7' is not a task number"))
    }

    @Test func aRouteWithNoScreenSaysSo() async throws {
        let app = Todo()
        try app.open("todo://tasks/task/7")
        #expect(await Shell(app: app).screen().plainText.contains("\nNothing to show for task(number: 7).\n"))
    }

    @Test func aPipedSession() async throws {
        try await TranscriptRunner.check("Transcripts/todo.transcript") { links in
            let app = Todo()
            try app.open(all: links)
            return Shell(app: app)
        }
    }

    /// What `main.swift`'s launcher does at each start, short of the REPL: the app made on
    /// its data directory, the links given opened, else the saved navigation restored.
    @Test func theLauncherStartsTheApp() async throws {
        let launcher = Launcher(Program(name: "todo"), routes: TodoRoutes.graph) { _ in Todo() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let opened = try await launcher.start(opening: ["todo://tasks/task/2"], fresh: false, dataDirectory: directory)
        #expect(opened.navigationStore.url == "todo://tasks/task/2")
        try NavigationStateFile(in: directory).save(opened.navigationStore.state, routes: TodoRoutes.graph.version)
        let restored = try await launcher.start(opening: [], fresh: false, dataDirectory: directory)
        #expect(restored.navigationStore.url == "todo://tasks/task/2")
        let fresh = try await launcher.start(opening: [], fresh: true, dataDirectory: directory)
        #expect(fresh.navigationStore.url == "todo://tasks")
        // A link the table refuses opens nothing: exit 65, with the resolver's message.
        let refused = await #expect(throws: ProgramFailure.self) {
            _ = try await launcher.start(opening: ["todo://tasks/task/two"], fresh: false, dataDirectory: directory)
        }
        #expect(refused?.exitCode == ExitCodes.invalidLink)
        #expect(refused?.messages.count == 1)
    }

    @Test func whatTheProgramTakes() throws {
        let options = try ReplOptions.parse(["todo://tasks/task/1", "-c", "add Buy bread", "-c", "where", "--bail"])
        #expect(options.links == ["todo://tasks/task/1"])
        #expect(options.commands == ["add Buy bread", "where"])
        #expect(options.bail && !options.echo && !options.fresh && options.data.dataDir == nil)
        #expect(throws: (any Error).self) { try ReplOptions.parse(["-c", "where", "-f", "script"]) }
        #expect(Program(name: "todo").homeVariable == "TODO_HOME")
        #expect(try Program(name: "todo").dataDirectory(explicit: nil, environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/todo")
        #expect([ExitCodes.usage, ExitCodes.invalidLink, ExitCodes.unreadableFile, ExitCodes.cannotOpenData].map(\.rawValue) == [64, 65, 66, 74])
        #expect(StandardOutput.closedStatus == 141)
    }
}
