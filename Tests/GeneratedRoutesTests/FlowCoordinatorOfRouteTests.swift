import Testing
import Wayfinder

/// A `FlowCoordinator` made from a generated route enum alone: no subclass, no flow name.
@MainActor
@Suite struct FlowCoordinatorOfRouteTests {
    private func signedInStore() throws -> NavigationStore {
        var navigator = Navigator(graph: BookcaseRoutes.graph)
        try navigator.grant(BookcaseRoutes.Guard.member.rawValue, showing: LibraryRoute.flow)
        return NavigationStore(navigator: navigator)
    }

    @Test func theFlowComesFromTheRouteType() throws {
        let store = try signedInStore()
        let library = FlowCoordinator<LibraryRoute>(store: store, parent: nil)
        let account = FlowCoordinator<AccountRoute>(store: store)
        #expect(library.flow == "library")
        #expect(account.flow == "account")
        #expect(library.isActive)
        #expect(!account.isActive)
    }

    @Test func itsIntentsActOnThatFlow() throws {
        let store = try signedInStore()
        let library = FlowCoordinator<LibraryRoute>(store: store, parent: nil)
        try library.selectTab(LibraryRoute.Tab.search.rawValue)
        try library.push(.book(isbn: "0441013597"))
        #expect(library.root == .search(text: nil))
        #expect(library.top == .book(isbn: "0441013597"))
        #expect(store.url == "bookcase://library/search/book/0441013597")
    }

    @Test func aCoordinatorOfAFlowNotOnScreenRefuses() throws {
        let store = try signedInStore()
        let settings = FlowCoordinator<SettingsRoute>(store: store, parent: nil)
        do {
            try settings.popToRoot()
            Issue.record("a flow that is not on screen took an intent")
        } catch {
            #expect(error.code == .wrongFlow)
        }
    }
}
