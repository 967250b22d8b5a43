import Testing
import Wayfinder
import WayfinderRouteTools

/// The route tools' overview (`WayfinderRouteTools.docc`), on the tables of "When routes change".
@Suite struct RouteToolsArticleTests {
    @Test func everyChangeSinceRelease1IsCovered() throws {
        let release1Text = WhenRoutesChangeTests.release1Text
        let today = WhenRoutesChangeTests().today
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let older = try RouteGraph(parsing: release1Text, file: "shop-1.0.routes")
        let uncovered = today.changes(since: older).filter { !$0.isCovered }
        for change in uncovered { print("not covered: \(change.summary)") }

        #expect(printed.isEmpty)
        #expect(today.changes(since: older).contains { $0.isBreaking }, "release 1.0's product screen is renamed: a breaking change, covered")
    }
}
