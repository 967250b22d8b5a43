import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// Every command `help` lists, on every screen of the app, reaches its handler: listing and
/// dispatch read the same declarations.
@MainActor
@Suite struct EveryListedCommandTests {
    /// A link to each screen of the app's table (those of a removed feature do not resolve,
    /// and are skipped).
    nonisolated static let links = [
        "wayfinder://login", "wayfinder://login/register", "wayfinder://login/forgot", "wayfinder://login/terms",
        "wayfinder://main/feed", "wayfinder://main/search?q=tabs", "wayfinder://main/me",
        "wayfinder://main/feed/post/4", "wayfinder://main/feed/post/4/comments", "wayfinder://main/feed/post/4/people/2",
        "wayfinder://main/feed/compose",
        "wayfinder://settings", "wayfinder://settings/profile", "wayfinder://settings/notifications",
        "wayfinder://settings/about", "wayfinder://settings/logout",
    ].filter { (try? AppRoutes.graph.resolve($0)) != nil }

    /// A shell on fresh demo data showing `link`, signed in as alice unless it is a Login link.
    private func shell(showing link: String) async throws -> AppShell {
        let shell = AppShell(app: AppCoordinator(container: .demo()))
        if !link.hasPrefix("wayfinder://login") {
            #expect(await shell.execute("login alice").isError == false)
            #expect(await shell.execute(DemoData.password).isError == false)
        }
        try shell.app.open(link, from: .app)
        #expect(shell.app.url == link)
        return shell
    }

    /// The names `help` lists on the screen, its own and the global ones.
    private func listedNames(_ shell: AppShell) async -> [String] {
        let reply = await shell.execute("help")
        #expect(!reply.isError)
        return reply.output.plainText.split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    /// A line that runs `name` with arguments its handler accepts.
    private func line(for name: String, link: String) -> String {
        let samples = [
            "help": "help", "open": link, "explain": link, "tab": "feed", "flag": "paged-feed on", "post": "1", "user": "1", "page": "1",
            "login": "zed", "create": "zed", "forgot": "a@b.example", "send": "a@b.example", "on": "likes", "off": "likes",
            "title": "Hello", "body": "Hello", "name": "Alice", "bio": "Hello", "find": "tabs",
        ]
        return samples[name].map { "\(name) \($0)" } ?? name
    }

    @Test func theLinksShowEveryScreen() {
        let shown = Set(Self.links.compactMap { try? AppRoutes.graph.resolve($0) }.flatMap(\.screenNames))
        #expect(shown == Set(AppRoutes.graph.screens.map(\.name)))
    }

    @Test(arguments: links)
    func everyListedCommandRunsItsHandler(link: String) async throws {
        let shown = try await shell(showing: link)
        let names = await listedNames(shown)
        #expect(names.contains("help"))
        // More than the global commands offered here (`confirm` is offered only while a link waits).
        let global = AppShell.navigationCommands.filter { $0.isOffered(shown) }.count + AppCoordinator.globalCommands.count
        #expect(names.count > global)
        for name in names {
            let explained = await (try await shell(showing: link)).execute("help \(name)")
            #expect(!explained.isError, "help \(name) on \(link): \(explained.output.plainText)")
            let reply = await (try await shell(showing: link)).execute(line(for: name, link: link))
            let printed = reply.output.plainText
            #expect(!printed.contains("unknown command"), "\(name) on \(link): \(printed)")
            #expect(!printed.hasPrefix("error: usage: "), "\(name) on \(link): \(printed)")
        }
    }
}
