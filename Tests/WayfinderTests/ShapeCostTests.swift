import Testing
@testable import Wayfinder

/// Aliases and old link shapes keep resolution linear: a link today's patterns refuse is read
/// once more per alias table and earlier version, each reading bounded as today's is, on the
/// overlap table where naive backtracking is exponential.
@Suite struct ShapeCostTests {
    /// `p1` … `pN` (pattern `pK`: K int parameters) after the root and after one another, each
    /// with an alias `aK/…` and, at version 1, a link shape `oK/…`.
    private func table(screens count: Int) throws -> RouteGraph {
        let names = (1...count).map { "p\($0)" }.joined(separator: " ")
        var lines = ["scheme x", "version 2", "flow f", "screen root f root"]
        for size in 1...count {
            let pattern = (0..<size).map { "{v\($0):int}" }.joined(separator: "/")
            lines.append("screen p\(size) f push \(pattern) after root \(names)")
            lines.append("alias p\(size) a\(size)/\(pattern)")
            lines.append("from 1 screen p\(size) link o\(size)/\(pattern)")
        }
        return try RouteGraph(parsing: lines.joined(separator: "\n"), file: "overlap.routes")
    }

    @Test(arguments: [4, 16])
    func everyShapeCostsAtMostSegmentsTimesScreens(screens: Int) throws {
        let graph = try table(screens: screens)
        #expect(!graph.warnings.isEmpty)
        let tables = graph.storage.shapes.tables
        #expect(tables.map(\.version) == [nil, 1], "one table for the aliases, one per earlier version")
        let segments = RouteGraph.maximumSegments
        for ints in [segments - 1, segments / 2] {
            let link = "x://f/" + Array(repeating: "1", count: ints).joined(separator: "/") + "/z"
            #expect(throws: DeepLinkError.self) { try graph.resolve(link) }
            for (graph, shapeScreens) in [(graph, screens), (tables[0].graph, 2 * screens), (tables[1].graph, screens)] {
                let bound = LinkResolver.memoryThreshold + (shapeScreens + 1) * (segments + 1)
                let cost = graph.resolutionCost(of: link)
                #expect(cost <= bound, "\(shapeScreens) screens, \(ints) ints: \(cost) pattern matches, bound \(bound)")
            }
        }
        // Each shape reads its own links, printed in today's form.
        #expect(try graph.resolve("x://f/a3/1/2/3").url == "x://f/1/2/3")
        // A reading whose today's form reads as another place is not taken.
        #expect(throws: DeepLinkError.self) { try graph.resolve("x://f/a2/1/2/1") }
        #expect(try graph.resolve("x://f/o3/1/2/3").url == "x://f/1/2/3")
    }
}
