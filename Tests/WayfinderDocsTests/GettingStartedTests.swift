import Foundation
import Testing
import Wayfinder

/// The examples of `Wayfinder.docc/GettingStarted.md`, each as the article shows it, then
/// checked. Its table is `shop.routes` beside this file, which the RoutesCompiler plugin
/// builds into `ShopRoutes.graph`, `StoreRoute` and `AccountRoute`. `ArticleCodeTests`
/// checks that every Swift block of the articles is in this target.
@Suite struct GettingStartedTests {
    /// The article's table, as text.
    static let routesText = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("shop.routes"),
        encoding: .utf8
    )
    let routesText = Self.routesText

    @Test func theTableLoads() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        #expect(graph.scheme == "shop")
        #expect(graph.flows.map(\.name) == ["account", "store"])
        #expect(graph.screens.map(\.name) == ShopRoutes.graph.screens.map(\.name))
    }

    @Test func aMistakeIsReportedAtItsLineAndColumn() {
        let typo = routesText.replacingOccurrences(of: "after item", with: "after iten")
        #expect {
            _ = try RouteGraph(parsing: typo, file: "shop.routes")
        } throws: { error in
            "\(error)" == "shop.routes:12:63: unknown predecessor 'iten' of screen 'reviews'; did you mean 'item'?"
        }
    }

    @Test func aLinkResolvesToAWholeBackStack() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        let link = try graph.resolve("shop://store/browse/item/42/reviews")
        print(link.screenNames)   // ["browse", "item", "reviews"]
        print(link.stack[1])      // item(id: 42)
        print(link.url)           // shop://store/browse/item/42/reviews

        #expect("\(link.screenNames)" == #"["browse", "item", "reviews"]"#)
        #expect("\(link.stack[1])" == "item(id: 42)" && link.stack[1] == Route("item", ["id": .int(42)]))
        #expect(link.url == "shop://store/browse/item/42/reviews")
        #expect(link.flow == "store" && link.tab == "browse" && link.guardName == "signed-in")
    }

    @Test func aLinkThatDoesNotResolveSaysWhy() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        do {
            _ = try graph.resolve("shop://store/browse/item/abc")
        } catch {
            print(error)   // segment 3 'abc': 'id' of screen 'item' must be an int
        }

        #expect {
            _ = try graph.resolve("shop://store/browse/item/abc")
        } throws: { error in
            let error = try #require(error as? DeepLinkError)
            return "\(error)" == "segment 3 'abc': 'id' of screen 'item' must be an int"
                && error.code == .typeMismatch && error.segment == 3
        }
    }

    @Test func aNavigatorChecksEveryIntent() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        var navigator = Navigator(graph: graph)
        print(navigator.url)                   // shop://account
        try navigator.open("shop://store/cart/item/7")
        // deferred: the store needs signed-in, so the link waits and the account flow is shown
        try navigator.grant("signed-in")       // the pending link is applied
        try navigator.push(Route("reviews"))
        print(navigator.url)                   // shop://store/cart/item/7/reviews

        #expect(navigator.url == "shop://store/cart/item/7/reviews")
        var again = Navigator(graph: graph)
        #expect(again.url == "shop://account")
        #expect(try again.open("shop://store/cart/item/7") == .deferred(pending: "shop://store/cart/item/7", guardName: "signed-in"))
        #expect(again.url == "shop://account")

        do {
            try navigator.present(Route("checkout"))   // checkout follows cart only
        } catch {
            print(error.code)   // notAllowed
        }
        try navigator.undo()
        print(navigator.url)    // shop://store/cart/item/7

        #expect(navigator.url == "shop://store/cart/item/7")
        #expect {
            try navigator.present(Route("checkout"))
        } throws: { error in
            (error as? NavigationError)?.code == .notAllowed
        }
        #expect("\(NavigationError.Code.notAllowed)" == "notAllowed")
        #expect(navigator.url == "shop://store/cart/item/7", "the refusal changed nothing")
    }

    @Test func theStateIsAValueToSaveAndRestore() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        var navigator = Navigator(graph: graph)
        try navigator.grant("signed-in")
        try navigator.open("shop://store/browse/item/42?q=shoes")

        let saved = try JSONEncoder().encode(navigator.state)
        var restored = Navigator(graph: graph)
        try restored.restore(try JSONDecoder().decode(NavigationState.self, from: saved))

        #expect(restored.state == navigator.state)
        #expect(restored.url == "shop://store/browse/item/42?q=shoes")
    }

    @MainActor
    @Test func aStorePublishesWhatChanged() async throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        let store = NavigationStore(navigator: Navigator(graph: graph))
        let events = store.events()
        try store.perform { navigator throws(NavigationError) in
            try navigator.grant("signed-in", showing: "store")
        }
        try store.perform(.push(Route("item", ["id": .int(7)])))
        try store.perform { navigator throws(NavigationError) in
            try navigator.pop()
            try navigator.selectTab("cart")
        }

        var seen: [NavigationEvent] = []
        for await event in events {
            seen.append(event)
            if seen.count == 4 { break }
        }
        #expect(seen == [
            .granted("signed-in"),
            .navigated(from: "shop://account", to: "shop://store/browse"),
            .navigated(from: "shop://store/browse", to: "shop://store/browse/item/7"),
            .navigated(from: "shop://store/browse/item/7", to: "shop://store/cart"),
        ])
    }

    @MainActor
    @Test func coordinatorsViewModelsAndViews() throws {
        let graph = try RouteGraph(parsing: routesText, file: "shop.routes")
        let store = NavigationStore(navigator: Navigator(graph: graph))
        try store.perform { navigator throws(NavigationError) in
            try navigator.grant("signed-in", showing: "store")
        }
        let app = ShopCoordinator(store: store)
        let storeFlow = StoreCoordinator(store: store, flow: StoreRoute.flow, parent: app)
        try storeFlow.push(.item(id: 7))
        let item = ItemViewModel(id: 7, navigation: storeFlow)
        try item.showReviews()
        print(breadcrumbs(of: storeFlow))   // browse > item > reviews
        try item.signOut()                  // handled by ShopCoordinator
        print(store.url)                    // shop://account

        #expect(store.url == "shop://account")
        #expect(!store.state.grantedGuards.contains("signed-in"))
        try store.perform { navigator throws(NavigationError) in
            try navigator.grant("signed-in", showing: "store")
        }
        try storeFlow.push(.item(id: 7))
        try item.showReviews()
        #expect(breadcrumbs(of: storeFlow) == "browse > item > reviews")
        #expect(storeFlow.path == [.item(id: 7), .reviews])
    }

    @Test func typedRoutesFromThePlugin() {
        let stack: [StoreRoute] = [.browse(q: "shoes"), .item(id: 42)]
        print(ShopRoutes.graph.link(flow: StoreRoute.flow, tab: "browse", stack: stack.map(\.route), presentation: nil))
        // shop://store/browse/item/42?q=shoes

        #expect(ShopRoutes.graph.link(flow: StoreRoute.flow, tab: "browse", stack: stack.map(\.route), presentation: nil)
            == "shop://store/browse/item/42?q=shoes")
        #expect(StoreRoute(route: Route("item", ["id": .int(42)])) == .item(id: 42))
        #expect(StoreRoute.item(id: 42).screen == .item)
    }
}

// The article's coordinators, view model and view.

struct SignOut: NavigationIntent {}

@MainActor
final class ShopCoordinator: Coordinator {
    let store: NavigationStore
    var parent: (any Coordinator)? { nil }

    init(store: NavigationStore) {
        self.store = store
    }

    func handle(_ intent: any NavigationIntent) throws(NavigationError) -> Bool {
        guard intent is SignOut else { return false }
        try store.perform { navigator throws(NavigationError) in
            try navigator.revoke("signed-in")
        }
        return true
    }
}

final class StoreCoordinator: FlowCoordinator<StoreRoute> {}

@MainActor
final class ItemViewModel {
    let id: Int
    private let navigation: any Routable<StoreRoute>

    init(id: Int, navigation: any Routable<StoreRoute>) {
        self.id = id
        self.navigation = navigation
    }

    func showReviews() throws(NavigationError) {
        try navigation.push(.reviews)
    }

    func signOut() throws(NavigationError) {
        try navigation.send(SignOut())
    }
}

@MainActor
func breadcrumbs(of flow: some PathRoutable<StoreRoute>) -> String {
    let screens = [flow.root].compactMap { $0 } + flow.path
    return screens.map(\.screen.rawValue).joined(separator: " > ")
}
