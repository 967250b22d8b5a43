import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting

// The example of README.md's "Testing your navigation", verbatim (a test checks).
@MainActor
@Test func signingInOpensThePendingPost() async throws {
    let store = NavigationTestStore(try AppShell(opening: ["wayfinder://main/feed/post/3"]))
    await store.command("login alice")
    await store.command("wonderland") {
        $0.activeFlow = "main"
        $0.pending = nil
        $0.grantedGuards = ["signed-in"]
        $0.stacks["main/feed"] = [MainRoute.feed.route, MainRoute.post(id: 3).route]
    }
    await store.command("comments") {
        $0.stacks["main/feed"]?.append(MainRoute.comments.route)
    }
    store.expectURL("wayfinder://main/feed/post/3/comments")
}
