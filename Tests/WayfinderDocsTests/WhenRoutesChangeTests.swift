import Testing
import Wayfinder
import WayfinderRouteTools

/// The examples of `Wayfinder.docc/WhenRoutesChange.md`: the shop's first release called its
/// item screen `product`, at `product/ID`; today's table (the getting-started one) calls it
/// `item`, at `item/ID`, and says so in two `from` lines.
@Suite struct WhenRoutesChangeTests {
    /// The table of release 1.0.
    static let release1Text = """
        scheme shop
        guard signed-in else account
        flow account
        flow store  guard signed-in  tabs browse cart
        screen signIn    account       root
        screen browse    store.browse  root                            query q:string?
        screen cart      store.cart    root
        screen product   store         push   product/{id:int}  after browse cart
        """

    /// The lines today's table adds for it.
    static let migrationLines = """
        from 1 screen product renamed item
        from 1 screen item link product/{id:int}
        """

    static let todayText = GettingStartedTests.routesText
        .replacingOccurrences(of: "scheme shop\n", with: "scheme shop\nversion 2\n") + "\n" + migrationLines + "\n"

    let release1 = try! RouteGraph(parsing: release1Text, file: "shop-1.0.routes")
    let today = try! RouteGraph(parsing: todayText, file: "shop.routes")

    /// What release 1.0 saved: the cart tab's product 7.
    func savedByRelease1() throws -> NavigationState {
        var navigator = Navigator(graph: release1)
        try navigator.grant("signed-in")
        try navigator.open("shop://store/cart/product/7")
        return navigator.state
    }

    @Test func aSavedStateIsMigrated() throws {
        let saved = try savedByRelease1()
        var navigator = Navigator(graph: today)
        let restoration = navigator.restore(saved, savedWith: 1)
        print(restoration.migrations.map(\.text))   // ["from 1 screen product renamed item"]
        print(restoration.dropped)                  // []
        print(navigator.url)                        // shop://store/cart/item/7

        #expect(restoration.migrations.map(\.text) == ["from 1 screen product renamed item"])
        #expect(restoration.dropped.isEmpty)
        #expect(navigator.url == "shop://store/cart/item/7")
        #expect(today.version == 2)
    }

    @Test func anOldLinkOpensWhatItsMigrationsMakeOfIt() throws {
        let link = try today.resolve("shop://store/cart/product/7")
        print(link.url)   // shop://store/cart/item/7
        if case .migrated(let version, let migrations)? = link.origin {
            print(version, migrations.count)   // 1 2
        }

        #expect(link.url == "shop://store/cart/item/7")
        #expect(link.origin == .migrated(version: 1, migrations: today.migrations))
    }

    @Test func aReleaseComparesItsTableWithTheLastOne() {
        for change in today.changes(since: release1) where change.isBreaking {
            print(change.isCovered ? "covered" : "NOT COVERED", change.summary)
        }
        // covered screen 'product' renamed 'item'
        // covered screen 'item' link product/{id:int} → item/{id:int}

        let breaking = today.changes(since: release1).filter(\.isBreaking)
        #expect(breaking.map { "\($0.isCovered) \($0.summary)" } == [
            "true screen 'product' renamed 'item'",
            "true screen 'item' link product/{id:int} → item/{id:int}",
        ])
    }
}
