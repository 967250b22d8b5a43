import Testing
import Wayfinder
import WayfinderApp
import WayfinderKit
import WayfinderTesting

/// The app's main navigation stories, written with the project's own `NavigationTestStore`
/// in exhaustive mode: every change of state is spelled out.
@MainActor
@Suite struct AppTestStoreTests {
    let feed = MainRoute.feed.route
    let signedIn: Set<String> = [AppCoordinator.signedInGuard]

    @Test func aPendingLinkIsAppliedAfterSignIn() async throws {
        let store = NavigationTestStore(try AppShell(opening: ["wayfinder://main/search/post/3?q=swift"]))
        store.expectPending("wayfinder://main/search/post/3?q=swift")
        await store.command("login carol")
        await store.command("wonderland") {
            $0.activeFlow = "main"
            $0.pending = nil
            $0.grantedGuards = signedIn
            $0.selectedTabs["main"] = "search"
            $0.stacks["main/search"] = [MainRoute.search(q: "swift").route, MainRoute.post(id: 3).route]
        }
        // Signed in, the feed is shown; then the shell opens the waiting link, its data checked.
        store.expectEvents([
            .granted("signed-in"),
            .navigated(from: "wayfinder://login", to: "wayfinder://main/feed"),
            .pendingApplied("wayfinder://main/search/post/3?q=swift"),
            .navigated(from: "wayfinder://main/feed", to: "wayfinder://main/search/post/3?q=swift"),
        ])
        await store.command("undo", failing: true)
    }

    @Test func undoAndRedoAreNavigationSteps() async throws {
        let store = NavigationTestStore(try AppShell(opening: []))
        await store.command("register") { $0.stacks["login"]?.append(LoginRoute.register.route) }
        await store.command("terms") { $0.presentations["login"] = LoginRoute.terms.route }
        await store.command("undo") { $0.presentations["login"] = nil }
        await store.command("undo") { $0.stacks["login"] = [LoginRoute.signIn.route] }
        await store.command("redo") { $0.stacks["login"]?.append(LoginRoute.register.route) }
        await store.command("back") { $0.stacks["login"] = [LoginRoute.signIn.route] }
        await store.command("redo", failing: true)
    }

    @Test func signingInAgainAsSomeoneElseKeepsTheScreen() async throws {
        let store = NavigationTestStore(try AppShell(opening: []), exhaustive: false)
        await store.command("login alice")
        await store.command("wonderland") { $0.activeFlow = "main" }
        await store.command("post 7")
        // Nothing changes until bob's password is right: alice stays signed in, on post 7.
        await store.command("login bob")
        store.expectURL("wayfinder://main/feed/post/7")
        await store.command("wonderland")
        store.expectURL("wayfinder://main/feed/post/7")
        #expect(await store.command("state").contains("\"user\":\"bob\""))
    }
}
