import Foundation
import Testing
import Wayfinder
import WayfinderTerminal
import WayfinderTesting
import WayfinderRouteTools

/// The examples of `WayfinderTesting.docc/TestingNavigation.md`, as the article shows them.
@MainActor
@Suite struct TestingNavigationTests {
    @Test func signingInOpensThePendingItem() throws {
        let store = try NavigationTestStore(graph: ShopRoutes.graph, opening: "shop://store/browse/item/42")
        store.expectPending("shop://store/browse/item/42")
        store.send({ try $0.grant("signed-in") }) {
            $0.activeFlow = "store"
            $0.pending = nil
            $0.grantedGuards = ["signed-in"]
            $0.stacks["store/browse"] = [StoreRoute.browse(q: nil).route, StoreRoute.item(id: 42).route]
        }
        store.expectEvents([
            .granted("signed-in"),
            .pendingApplied("shop://store/browse/item/42"),
            .navigated(from: "shop://account", to: "shop://store/browse/item/42"),
        ])
        store.send({ try $0.push(StoreRoute.reviews.route) }) {
            $0.stacks["store/browse"]?.append(StoreRoute.reviews.route)
        }
        store.sendRefused(.notAllowed) { try $0.present(StoreRoute.checkout.route) }
        store.expectURL("shop://store/browse/item/42/reviews")
    }

    @Test func aStoreOverAnAppsOwnNavigationStore() throws {
        let navigation = NavigationStore(navigator: Navigator(graph: ShopRoutes.graph))
        let store = NavigationTestStore(store: navigation, exhaustive: false)
        store.send({ try $0.grant("signed-in", showing: "store") }) {
            $0.activeFlow = "store"
        }
        store.expectURL("shop://store/browse")
    }

    @Test func signingInAtTheShell() async throws {
        let store = NavigationTestStore(try ShopShell(opening: ["shop://store/cart/item/7"]))
        await store.command("login") {
            $0.activeFlow = "store"
            $0.pending = nil
            $0.grantedGuards = ["signed-in"]
            $0.selectedTabs["store"] = "cart"
            $0.stacks["store/cart"] = [StoreRoute.cart.route, StoreRoute.item(id: 7).route]
        }
        await store.command("back") {
            $0.stacks["store/cart"]?.removeLast()
        }
        await store.command("item seven", failing: true)
        store.expectURL("shop://store/cart")
    }

    @Test func aWrongAssertionFailsWithADiff() async throws {
        let store = NavigationTestStore(try ShopShell(opening: ["shop://store/cart/item/7"]))
        await withKnownIssue {
            await store.command("login") {
                $0.activeFlow = "store"
                $0.pending = nil
                $0.grantedGuards = ["signed-in"]
                $0.selectedTabs["store"] = "cart"
                $0.stacks["store/cart"] = [StoreRoute.cart.route]
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == """
                the state is not what the assertion describes:
                stacks["store/cart"]:
                  − expected [cart]
                  + actual   [cart, item(id: 7)]
                """
        }
    }

    @Test func theShellsTranscripts() async throws {
        try await TranscriptRunner.check("Transcripts/sign-in.transcript") { links in
            try ShopShell(opening: links)
        }
    }

    /// On the tables of `WhenRoutesChange.md`: release 1.0's and today's.
    @Test func releaseFixtures() throws {
        let release1 = WhenRoutesChangeTests().release1
        let today = WhenRoutesChangeTests().today
        let saved = try WhenRoutesChangeTests().savedByRelease1()
        let fixtures = ReleaseFixtures(graph: today)
        fixtures.expectRestores(saved, savedWith: 1) {
            $0.stacks["store/cart"]?[1] = StoreRoute.item(id: 7).route   // was product(id: 7)
        }
        fixtures.expectResolves("shop://store/cart/product/7", to: "shop://store/cart/item/7")
        #expect(today.changes(since: release1).filter { !$0.isCovered }.isEmpty)

        withKnownIssue {
            ReleaseFixtures(graph: ShopRoutes.graph).expectResolves("shop://store/cart/product/7")
        }
    }
}
