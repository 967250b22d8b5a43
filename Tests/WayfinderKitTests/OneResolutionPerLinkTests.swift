import Foundation
import Testing
import Wayfinder
import WayfinderKit

/// Each link `open` is given is resolved once, whichever way it comes: a link argument (the
/// launcher), `-c` or the REPL (a command of the shell). The graph counts its resolutions;
/// each test has a graph of its own.
@MainActor
@Suite struct OneResolutionPerLinkTests {
    private func notebook() throws -> Notebook {
        Notebook(graph: try RouteGraph(parsing: Notebook.routes))
    }

    @Test func anOpenCommandResolvesItsLinkOnce() async throws {
        let app = try notebook()
        let shell = Shell(app: app)
        _ = await shell.execute("unlock")
        let graph = app.navigationStore.graph
        for link in ["notes://notes/all/note/7", "notes://notes/starred/note/8/info", "notes://notes/all"] {
            let before = graph.resolutionCount
            let reply = await shell.execute("open \(link)")
            #expect(!reply.isError, "\(reply.output.plainText)")
            #expect(graph.resolutionCount - before == 1, "\(link)")
            #expect(app.navigationStore.url == link)
        }
    }

    @Test func linkArgumentsAreResolvedOnceEach() async throws {
        let graph = try RouteGraph(parsing: Notebook.routes)
        let launcher = Launcher(Program(name: "notebook"), routes: graph) { _ in
            let app = Notebook(graph: graph)
            try app.navigationStore.perform { try $0.grant("unlocked") }
            return app
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }  // A temporary directory: nothing to report if it lingers.
        let links = ["notes://notes/starred/note/3", "notes://notes/all/note/4/info"]
        let app = try await launcher.start(opening: links, fresh: true, dataDirectory: directory)
        #expect(graph.resolutionCount == links.count)
        #expect(app.navigationStore.url == links[1])
    }

    @Test func aRefusedLinkIsResolvedOnceAndChangesNothing() async throws {
        let app = try notebook()
        let shell = Shell(app: app)
        let graph = app.navigationStore.graph
        let before = (graph.resolutionCount, app.navigationStore.state)
        let reply = await shell.execute("open notes://notes/all/note/x")
        #expect(reply.isError)
        #expect(graph.resolutionCount - before.0 == 1)
        #expect(app.navigationStore.state == before.1)
    }
}
