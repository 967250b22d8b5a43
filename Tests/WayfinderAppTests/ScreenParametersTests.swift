import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTerminal

/// A screen's view model gets what it shows from its route and the route it follows, never
/// from elsewhere in the stack.
@MainActor
@Suite struct ScreenParametersTests {
    @Test func theCommentsAreThoseOfThePostTheyFollow() async throws {
        let shell = AppShell(app: AppCoordinator(container: .demo()))
        try shell.app.open("wayfinder://main/feed/post/4/comments/people/2/post/9/comments")
        #expect(await shell.execute("login alice").isError == false)
        #expect(await shell.execute(DemoData.password).isError == false)
        #expect(try #require(shell.app.visibleScreen() as? CommentsViewModel).postID == 9)
        #expect(await shell.screen().plainText.contains("Comments on post 9"))
        for _ in 1...3 { #expect(await shell.execute("back").isError == false) }
        #expect(shell.app.url == "wayfinder://main/feed/post/4/comments")
        #expect(try #require(shell.app.visibleScreen() as? CommentsViewModel).postID == 4)
        #expect(await shell.screen().plainText.contains("Comments on post 4"))
    }
}
