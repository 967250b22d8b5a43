import BookshelfApp
import Foundation
import Testing
import WayfinderKit

/// What `bookshelf` does at each start, in process: the kit's launcher makes the app on its
/// data directory and restores the navigation saved there, behind the guards the app granted.
@MainActor
@Suite struct SaveAndRestoreTests {
    let launcher = Launcher(Program(name: "bookshelf"), routes: BookshelfRoutes.graph) { try Bookshelf(dataDirectory: $0) }

    /// Runs `lines` on a start of the program, then saves the navigation as it does at the end.
    private func session(_ directory: String, links: [String] = [], _ lines: [String]) async throws -> Bookshelf {
        let app = try await launcher.start(opening: links, fresh: false, dataDirectory: directory)
        let shell = Shell(app: app)
        for line in lines {
            let reply = await shell.execute(line)
            #expect(!reply.isError, "\(line): \(reply.output.plainText)")
        }
        #expect(NavigationAutosave(store: app.navigationStore, file: NavigationStateFile(in: directory)).finish() == nil)
        return app
    }

    @Test func aRestartResumesTheMemberAndWhereTheyWere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bookshelf-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try await session(directory, links: ["bookshelf://library/shelves/shelf/classics?sort=year"], ["signin ben", "book emma", "rate"])
        let restarted = try await session(directory, [])
        #expect(restarted.member == "ben")
        #expect(restarted.navigationStore.url == "bookshelf://library/shelves/shelf/classics/book/emma/rate?sort=year")
        // Signed out, the next start shows the account flow, and the library from its root.
        _ = try await session(directory, ["signout"])
        let signedOut = try await session(directory, [])
        #expect(signedOut.member == nil)
        #expect(signedOut.navigationStore.url == "bookshelf://account")
        #expect(signedOut.navigationStore.state.flows[LibraryRoute.flow]?.stacks[LibraryRoute.Tab.shelves.rawValue]?.routes == [LibraryRoute.shelves.route])
    }
}
