import Foundation
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting
import WayfinderRouteTools
import WayfinderSystem

/// What users saved with 0.2.0 (version 1 of the route table) carries over to today's table.
/// `Fixtures/0.2.0/` was made by 0.2.0's `wayfinder` (commit 514b25a): its `app.routes`;
/// `navigation.json`, saved after signing in as alice and opening search post 3's comments
/// (`?q=swift`), the compose sheet on the me tab, then feed ▸ post 4 ▸ user 2; and
/// `links.jsonl`, what `wayfinder resolve -` printed for eight links.
@Suite struct EarlierTableTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/0.2.0")
    let fixtures = ReleaseFixtures(graph: AppRoutes.graph)

    static func read(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theSavedStateRestoresWithNothingDropped() throws {
        let restored = fixtures.expectRestores(stateFile: Self.folder.appendingPathComponent("navigation.json").path) {
            $0.stacks["main/feed"]?[2] = MainRoute.person(id: 2).route
        }
        #expect(restored?.activeFlow == "main")
    }

    @Test func theSavedStateIsWhatTheAppRestores() async throws {
        let directory = DataDirectory.temporary("routes-020")
        try directory.create()
        try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent("navigation.json").path, toPath: directory.navigation)
        guard case .state(let saved, let routes) = NavigationStateFile(path: directory.navigation).load() else {
            Issue.record("0.2.0's file does not load")
            return
        }
        #expect(routes == 1, "0.2.0 recorded no version: 1")
        let restored = Navigator(graph: AppRoutes.graph).restoration(of: saved, savedWith: routes)
        #expect(restored.dropped == [])
        #expect(restored.migrations.map(\.text) == ["from 1 screen user renamed person"])
        #expect(AppRoutes.graph.link(for: restored.state) == "wayfinder://main/feed/post/4/people/2")
    }

    /// Each link 0.2.0 printed opens the same stack today, its user screen now a person,
    /// and prints in today's form.
    @Test func theLinksOf020ResolveToTheirMigratedPlaces() throws {
        let lines = try Self.read("links.jsonl").split(separator: "\n")
        #expect(lines.count == 8)
        for line in lines {
            let json = try JSONValue(parsing: Array(line.utf8))
            guard case .string(let link)? = json.member("url"), case .string(let web)? = json.member("web_url"),
                  case .array(let stack)? = json.member("stack") else {
                Issue.record("not a resolved link: \(line)")
                continue
            }
            let today = link.replacingOccurrences(of: "/user/", with: "/people/")
            let resolved = try #require(fixtures.expectResolves(link, to: today))
            #expect(fixtures.expectResolves(web, to: today)?.url == today)
            let screens = stack.compactMap { step -> String? in
                guard case .string(let name)? = step.member("screen") else { return nil }
                return name == "user" ? "person" : name
            }
            #expect(resolved.stack.map(\.screen) == screens, "\(link)")
            #expect((resolved.origin != nil) == link.contains("/user/"), "\(link): read as today's shape when it is one")
        }
    }

    @Test func everyChangeSince020IsCovered() throws {
        let older = try RouteGraph(parsing: try Self.read("app.routes"), file: "app-0.2.0.routes")
        #expect(older.version == 1)
        let changes = AppRoutes.graph.changes(since: older)
        let breaking = changes.filter(\.isBreaking)
        // The tiers 0.2.0 did not have change no saved place, but its links to those screens
        // no longer open at once: breaking, and covered by the table's `entry` lines.
        #expect(breaking.map(\.summary) == [
            "screen 'user' renamed 'person'", "screen 'person' link user/{id:int} → people/{id:int}",
            "screen 'compose' entry outside → confirm: links from outside to it wait to be confirmed (old links: wayfinder://main/feed/compose, wayfinder://main/me/compose)",
            "screen 'editProfile' entry outside → confirm: links from outside to it wait to be confirmed (old links: wayfinder://settings/profile)",
            "screen 'logout' entry outside → internal: links from outside to it are refused (old links: wayfinder://settings/logout)",
        ])
        #expect(changes.allSatisfy { $0.isCovered })
    }
}
