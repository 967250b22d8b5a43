import Testing
import Wayfinder

/// Bad input, one table per kind: deep links (against the sample app's `Routes/app.routes`),
/// `.routes` files, and saved navigation states. Every case names the exact error (code and
/// message) and checks that nothing changed: a refused link leaves the navigator's state,
/// link and history as they were; a refused table produces no graph; a refused state leaves
/// the navigator as it was (strict `restore`) or gives the nearest valid state with the
/// problems said (`restoreNearest`).
@Suite struct BadInputTableTests {
    /// The tables of ``BadLinkTableTests``, ``BadRoutesTableTests``, ``BadMigrationTableTests``
    /// (version, migration and alias lines) and ``BadStateTableTests``.
    @Test func theTablesAreAsLargeAsPromised() {
        #expect(BadMigrationTableTests.cases.count >= 30)
        #expect(BadLinkTableTests.linkCases.count + BadLinkTableTests.byteCases.count >= 30)
        #expect(BadRoutesTableTests.routesCases.count >= 15)
        #expect(BadStateTableTests.stateCases.count >= 15)
    }
}
