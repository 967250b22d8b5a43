import Foundation
import Testing
import Wayfinder
import WayfinderKit

/// The saved navigation of any app on the kit: written, restored through the guards the app
/// grants at start, and where a program keeps its files.
@MainActor
@Suite struct PersistenceTests {
    private func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func notebook() throws -> Notebook {
        Notebook(graph: try RouteGraph(parsing: Notebook.routes))
    }

    @Test func aSavedStateComesBackWhenItsGuardIsGranted() async throws {
        let path = try directory()
        let first = try notebook()
        try first.open(all: ["notes://notes/starred/note/4"])
        _ = try first.navigationStore.perform { try $0.grant("unlocked", showing: "notes") }
        let file = NavigationStateFile(in: path)
        try file.save(first.navigationStore.state, routes: first.navigationStore.graph.version)

        let second = try notebook()
        let warnings = try await file.restore(into: second.navigationStore, granted: ["unlocked"])
        #expect(warnings.isEmpty)
        #expect(second.navigationStore.url == "notes://notes/starred/note/4")
    }

    @Test func aGuardedFlowStartsAfreshWhenItsGuardIsNotGrantedAtStart() async throws {
        let path = try directory()
        let first = try notebook()
        _ = try first.navigationStore.perform { try $0.grant("unlocked", showing: "notes") }
        try first.open(all: ["notes://notes/all/note/9"])
        let file = NavigationStateFile(in: path)
        try file.save(first.navigationStore.state, routes: first.navigationStore.graph.version)

        let second = try notebook()
        _ = try await file.restore(into: second.navigationStore, granted: [])
        #expect(second.navigationStore.state.activeFlow == "door")
        #expect(second.navigationStore.state.grantedGuards.isEmpty)
        #expect(second.navigationStore.state.flows["notes"]?.stacks["all"]?.path.isEmpty == true)
    }

    @Test func theGuardsGrantedAtStartDecideNotTheFiles() async throws {
        let path = try directory()
        let first = try notebook()
        _ = try first.navigationStore.perform { try $0.grant("unlocked", showing: "notes") }
        try first.open(all: ["notes://notes/all/note/9"])
        var state = first.navigationStore.state
        state.grantedGuards = []
        let file = NavigationStateFile(in: path)
        try file.save(state, routes: first.navigationStore.graph.version)

        let second = try notebook()
        let warnings = try await file.restore(into: second.navigationStore, granted: ["unlocked"])
        #expect(warnings.isEmpty)
        #expect(second.navigationStore.url == "notes://notes/all/note/9")
        #expect(second.navigationStore.state.grantedGuards == ["unlocked"])
    }

    @Test func aFileThatIsNotAStateIsKeptAsideWithAWarning() async throws {
        let path = try directory()
        let file = NavigationStateFile(in: path)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: file.path))
        let app = try notebook()
        let warnings = try await file.restore(into: app.navigationStore, granted: [])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("was not restored") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aProgramKeepsItsFilesUnderItsOwnName() throws {
        let program = Program(name: "bookshelf")
        #expect(program.homeVariable == "BOOKSHELF_HOME")
        #expect(try program.dataDirectory(explicit: nil, environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/bookshelf")
        #expect(try program.dataDirectory(explicit: nil, environment: ["BOOKSHELF_HOME": "/data/", "HOME": "/h"]) == "/data")
        #expect(throws: Program.DataDirectoryError.self) {
            try program.dataDirectory(explicit: nil, environment: ["BOOKSHELF_HOME": ""])
        }
        #expect(program.historyPath(environment: ["XDG_STATE_HOME": "/state"]) == "/state/bookshelf/history")
        #expect(Program(name: "my-app").homeVariable == "MY_APP_HOME")
    }
}
