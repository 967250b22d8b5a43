#if canImport(Glibc)
import Glibc
#endif
import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit

@Suite struct AppRoutesTests {
    /// The repository root, found from this file's path (…/Tests/WayfinderAppTests/AppRoutesTests.swift).
    private static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    @Test func theEmbeddedTableIsTheFileInRoutes() throws {
        let path = Self.repositoryRoot + "/Routes/app.routes"
        let onDisk = try readFile(path)
        #expect(onDisk == AppRoutes.source, "the binary embeds a different Routes/app.routes; rebuild")
    }

    @MainActor
    @Test func theEmbeddedTableParses() throws {
        let graph = try RouteGraph(parsing: AppRoutes.source, file: AppRoutes.fileName)
        // Every flow of the table is a feature of the app, and every feature a flow.
        let features = Feature.all.map { $0.flow }
        #expect(graph.flows.map(\.name) == features)
        #expect(AppRoutes.graph.screens.count == graph.screens.count)
    }

    /// `AppRoutes.graph` is built from Swift that `routes-compiler` wrote at build time; it
    /// must be the graph the file parses to, down to where each screen is declared, and
    /// lead every link where the parsed graph does.
    @Test func theCompiledGraphIsTheParsedOne() throws {
        let parsed = try RouteGraph(parsing: AppRoutes.source, file: AppRoutes.fileName)
        let compiled = AppRoutes.graph
        #expect(compiled.scheme == parsed.scheme)
        #expect(compiled.guards == parsed.guards)
        #expect(compiled.flows == parsed.flows)
        #expect(compiled.screens == parsed.screens)
        for screen in parsed.screens {
            #expect(compiled.successors(of: screen.name) == parsed.successors(of: screen.name), "after \(screen.name)")
        }
        for flow in parsed.flows {
            for tab in flow.tabs.map(Optional.some) + [nil] {
                #expect(compiled.rootScreen(flow: flow.name, tab: tab) == parsed.rootScreen(flow: flow.name, tab: tab))
            }
        }
        let links = [
            "wayfinder://main/feed/post/42/comments", "wayfinder://main/search?q=caf%C3%A9", "wayfinder://login/forgot?email=a",
            "wayfinder://settings/profile", "wayfinder://main/me/compose", "wayfinder://main/feed/post/x", "wayfinder://nowhere",
            "wayfinder://main/feed/post/1/people/2", "wayfinder://login/register/terms", "wayfinder://settings/logout",
        ]
        for link in links {
            let fromCompiled = Result { try compiled.resolve(link) }.map { "\($0.url) \($0.stack) \(String(describing: $0.presentation))" }
            let fromParsed = Result { try parsed.resolve(link) }.map { "\($0.url) \($0.stack) \(String(describing: $0.presentation))" }
            #expect("\(fromCompiled)" == "\(fromParsed)", "\(link)")
        }
    }

    @Test(arguments: [
        ("wayfinder://login", [LoginRoute.signIn.route]),
        ("wayfinder://login/register", [LoginRoute.signIn.route, LoginRoute.register.route]),
        ("wayfinder://login/forgot?email=alice%40example.com", [LoginRoute.signIn.route, LoginRoute.forgot(email: "alice@example.com").route]),
        ("wayfinder://main/feed/post/42/people/7/post/9", [MainRoute.feed.route, MainRoute.post(id: 42).route, MainRoute.person(id: 7).route, MainRoute.post(id: 9).route]),
        ("wayfinder://main/search/post/3?q=swift", [MainRoute.search(q: "swift").route, MainRoute.post(id: 3).route]),
    ])
    func typedRoutesConvertBothWays(link: String, expected: [Route]) throws {
        let resolved = try AppRoutes.graph.resolve(link)
        #expect(resolved.stack == expected)
        for route in resolved.stack {
            let typed: Route? = switch resolved.flow {
            case LoginRoute.flow: LoginRoute(route: route)?.route
            default: MainRoute(route: route)?.route
            }
            #expect(typed == route)
        }
    }

    @Test func typedRoutesRejectRoutesOfOtherShapes() {
        #expect(MainRoute(route: Route("post")) == nil)
        #expect(MainRoute(route: Route("post", ["id": .string("x")])) == nil)
        #expect(LoginRoute(route: Route("feed")) == nil)
    }
}

private func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw CocoaLikeError(message: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

private struct CocoaLikeError: Error { let message: String }
