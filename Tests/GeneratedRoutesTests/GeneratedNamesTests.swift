import Testing
import Wayfinder
import WayfinderTesting

/// The tab and guard constants generated from `bookcase.routes` beside this file: an app
/// names no tab, guard or stack as a string literal.
@Suite struct GeneratedNamesTests {
    private static let graph = BookcaseRoutes.graph

    private static func flow(_ name: String) -> RouteGraph.Flow? {
        graph.flows.first { $0.name == name }
    }

    @Test func aFlowsTabsAreTheTablesInItsOrder() {
        #expect(LibraryRoute.tabs == [.shelves, .search, .myList])
        #expect(LibraryRoute.Tab.allCases == LibraryRoute.tabs)
        #expect(LibraryRoute.tabs.map(\.rawValue) == Self.flow(LibraryRoute.flow)?.tabs)
        #expect(LibraryRoute.Tab.myList.rawValue == "my-list")
        #expect(LibraryRoute.Tab(rawValue: "search") == .search)
    }

    @Test func theGuardsAreTheTables() {
        #expect(BookcaseRoutes.Guard.allCases.map(\.rawValue) == Self.graph.guards.map(\.name))
        #expect(BookcaseRoutes.Guard.signedIn.rawValue == "signed-in")
        #expect(Self.flow(LibraryRoute.flow)?.guardName == BookcaseRoutes.Guard.member.rawValue)
        #expect(Self.flow(SettingsRoute.flow)?.guardName == BookcaseRoutes.Guard.signedIn.rawValue)
    }

    @Test func stackKeysAreTheSnapshotsKeys() throws {
        let navigator = Navigator(graph: Self.graph)
        let snapshot = NavigationSnapshot(navigator.state)
        let generated = LibraryRoute.tabs.map { LibraryRoute.stackKey(tab: $0) } + [AccountRoute.stackKey, SettingsRoute.stackKey]
        #expect(Set(snapshot.stacks.keys) == Set(generated))
        #expect(LibraryRoute.stackKey(tab: .myList) == "library/my-list")
        #expect(AccountRoute.stackKey == "account")
    }

    @Test func theConstantsDriveTheEngine() throws {
        var navigator = Navigator(graph: Self.graph)
        try navigator.grant(BookcaseRoutes.Guard.member.rawValue, showing: LibraryRoute.flow)
        try navigator.selectTab(LibraryRoute.Tab.myList.rawValue)
        try navigator.push(LibraryRoute.book(isbn: "0441013597").route)
        let snapshot = NavigationSnapshot(navigator.state)
        #expect(snapshot.grantedGuards == [BookcaseRoutes.Guard.member.rawValue])
        #expect(snapshot.selectedTabs[LibraryRoute.flow] == LibraryRoute.Tab.myList.rawValue)
        #expect(snapshot.stacks[LibraryRoute.stackKey(tab: .myList)] == [LibraryRoute.myList.route, LibraryRoute.book(isbn: "0441013597").route])
        #expect(navigator.url == "bookcase://library/my-list/book/0441013597")
    }
}
