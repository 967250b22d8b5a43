import Foundation
import Testing
import Wayfinder
import WayfinderKit

/// A link is resolved once, its data checked before anything is applied, and applied once —
/// at `open`, at sign-in for a link that waited, at `confirm`, and when the saved navigation
/// is restored. The graph counts its resolutions and the applications of its links (debug
/// builds); each test has a graph of its own.
@MainActor
@Suite struct OneLinkPipelineTests {
    /// The notebook on a graph of its own, its note details asking for confirmation.
    private func notebook(unlocked: Bool) async throws -> (Notebook, Shell<Notebook>) {
        let routes = Notebook.routes.replacingOccurrences(of: "info           after note", with: "info           after note  entry confirm")
        let app = Notebook(graph: try RouteGraph(parsing: routes))
        let shell = Shell(app: app)
        if unlocked { _ = await shell.execute("unlock") }
        return (app, shell)
    }

    /// How many resolutions and applications `body` made on `graph`.
    private func counted(_ graph: RouteGraph, _ body: () async throws -> Void) async rethrows -> (resolutions: Int, applications: Int) {
        let before = (graph.resolutionCount, graph.applicationCount)
        try await body()
        return (graph.resolutionCount - before.0, graph.applicationCount - before.1)
    }

    @Test func openResolvesAndAppliesOnce() async throws {
        let (app, shell) = try await notebook(unlocked: true)
        let counts = await counted(app.navigationStore.graph) {
            let reply = await shell.execute("open notes://notes/starred/note/12")
            #expect(!reply.isError, "\(reply.output.plainText)")
        }
        #expect(counts == (1, 1))
        #expect(app.navigationStore.url == "notes://notes/starred/note/12")
    }

    @Test func confirmResolvesNothingAgainAndAppliesOnce() async throws {
        let (app, shell) = try await notebook(unlocked: true)
        let asked = await counted(app.navigationStore.graph) { _ = await shell.execute("open notes://notes/all/note/7/info") }
        #expect(asked == (1, 0), "held, not applied")
        let confirmed = await counted(app.navigationStore.graph) {
            let reply = await shell.execute("confirm")
            #expect(!reply.isError, "\(reply.output.plainText)")
        }
        #expect(confirmed == (0, 1), "held resolved: applied once, read no more")
        #expect(app.navigationStore.url == "notes://notes/all/note/7/info")
    }

    @Test func aLinkThatWaitedIsAppliedOnceAtSignIn() async throws {
        let (app, shell) = try await notebook(unlocked: false)
        let waited = await counted(app.navigationStore.graph) {
            _ = await shell.execute("open notes://notes/all/note/9")
            _ = await shell.screen()  // The screen says what waits: read as it was kept.
        }
        #expect(waited == (1, 0))
        #expect(app.navigationStore.state.pending == "notes://notes/all/note/9")
        let signedIn = await counted(app.navigationStore.graph) {
            let reply = await shell.execute("unlock")
            #expect(!reply.isError && reply.trailingError == nil, "\(reply.output.plainText)")
        }
        #expect(signedIn == (0, 1))
        #expect(app.navigationStore.url == "notes://notes/all/note/9")
        #expect(app.navigationStore.state.pending == nil)
    }

    /// Refused at sign-in as it would be when signed in: the same message, nothing opened,
    /// and it waits no more.
    @Test func aLinkThatWaitedForMissingDataIsRefusedAtSignIn() async throws {
        let (signedIn, signedInShell) = try await notebook(unlocked: true)
        let whenSignedIn = await signedInShell.execute("open notes://notes/all/note/999")
        #expect(whenSignedIn.isError)
        #expect(signedIn.navigationStore.url == "notes://notes/all")

        let (app, shell) = try await notebook(unlocked: false)
        _ = await shell.execute("open notes://notes/all/note/999")
        #expect(app.navigationStore.state.pending == "notes://notes/all/note/999")
        let counts = await counted(app.navigationStore.graph) {
            let reply = await shell.execute("unlock")
            #expect(!reply.isError, "unlocking itself works")
            #expect(reply.trailingError?.plainText == whenSignedIn.output.plainText)
        }
        #expect(counts == (0, 1), "applied once, to the copy checked; never to the navigation")
        #expect(app.navigationStore.url == "notes://notes/all")
        #expect(app.navigationStore.state.pending == nil)
        #expect(app.made["note(id: 999)"] == nil)
    }

    @Test func restoreResolvesTheKeptLinkOnceAndAppliesOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }  // A temporary directory: nothing to report if it lingers.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (saved, shell) = try await notebook(unlocked: false)
        _ = await shell.execute("open notes://notes/starred/note/5")
        let file = NavigationStateFile(in: directory)
        try file.save(saved.navigationStore.state, routes: saved.navigationStore.graph.version)

        let (app, _) = try await notebook(unlocked: false)
        let store = app.navigationStore
        let counts = try await counted(store.graph) {
            let warnings = try await file.restore(into: store, granted: []) { try await app.withoutMissingData($0) }
            #expect(warnings.isEmpty, "\(warnings)")
            _ = store.navigator.pendingLinkCanOpen  // Read as restored: not again.
        }
        #expect(counts == (1, 1))
        #expect(store.state == saved.navigationStore.state)
    }
}
