import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit

/// The "Using the engine" example of README.md, on the app's table.
@Suite struct EngineExampleTests {
    @Test func theReadmeEngineExampleDoesWhatItSays() throws {
        let graph = try RouteGraph(parsing: AppRoutes.source, file: "app.routes")
        var navigator = Navigator(graph: graph)

        let outcome = try navigator.open("wayfinder://main/feed/post/42")
        #expect(outcome == .deferred(pending: "wayfinder://main/feed/post/42", guardName: "signed-in"))
        #expect(navigator.url == "wayfinder://login")
        try navigator.grant("signed-in")
        #expect(navigator.url == "wayfinder://main/feed/post/42")
        try navigator.push(Route("comments"))
        #expect(navigator.url == "wayfinder://main/feed/post/42/comments")
        try navigator.undo()
        #expect(navigator.url == "wayfinder://main/feed/post/42")
    }
}
