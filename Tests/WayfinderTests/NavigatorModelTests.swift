import Foundation
import Testing
import Wayfinder

// A model-checked navigator: random intent sequences are run on a `Navigator` and, beside
// it, on a reference model written plainly here (structs and arrays, no engine code) that
// works out from the table's data alone whether each intent is accepted and what it leaves.
// After every step the two must agree, and the navigator's state must keep the engine's
// documented invariants. Runs on the sample app's table (Routes/app.routes) and on random
// tables generated as `.routes` text.
//
// Each intent's outcome (accepted, deferred or refused) and resulting state are worked out by
// the model from the documented rules; refusals include states whose link would have more than
// 32 path segments (the tab counts, the flow does not). Values stay short, so the byte limits
// never apply.
//
// A failure names the seed, the step and every step up to it (the table too, for a random
// one), and how to replay it: `NavigatorModelTests.replay(seed:tableSeed:)`.
//
// Links are opened as the app's own (`from: .app`): what a link from outside meets (the
// screens' entry tiers) is checked by LinkEntryTests.

// MARK: - The tests

@Suite struct NavigatorModelTests {
    /// History limits to run with: mostly the default, sometimes small enough to fill.
    static let limits = [100, 100, 100, 5, 2, 1, 0]

    /// How many steps a sequence has.
    static let lengths = 14...28

    /// How many failing sequences a test case reports before it stops.
    static let reportedFailures = 3

    /// Runs the sequence `seed` on `graph`: its history limit and length come from the seed.
    /// - Returns: The first disagreement, as a message naming the seed, the step and the steps.
    private static func runSequence(graph: RouteGraph, table: ModelTable, seed: UInt64, coverage: inout [String: Int]) -> String? {
        var rng = SeededGenerator(seed: seed)
        let limit = limits.randomElement(using: &rng) ?? 100
        let length = Int.random(in: lengths, using: &rng)
        return ModelRun(graph: graph, table: table, seed: seed, limit: limit).run(steps: length, rng: &rng, coverage: &coverage)
    }

    /// Replays one sequence (to debug a failure): on the app's table, or on the random table
    /// of `tableSeed`. Prints the steps and returns the failure, if any.
    static func replay(seed: UInt64, tableSeed: UInt64? = nil) throws -> String? {
        var graph = Fixtures.appGraph
        var table = ModelTable(graph)
        if let tableSeed {
            var rng = SeededGenerator(seed: tableSeed)
            table = ModelTable.random(using: &rng)
            graph = try RouteGraph(parsing: table.routesText, file: "random-\(tableSeed).routes")
        }
        var coverage: [String: Int] = [:]
        return runSequence(graph: graph, table: table, seed: seed, coverage: &coverage)
    }

    /// Runs `count` sequences from `firstSeed` on; records the first few failures.
    private static func runSequences(graph: RouteGraph, table: ModelTable, firstSeed: UInt64, count: Int, tableSeed: UInt64? = nil, coverage: inout [String: Int]) {
        var failures = 0
        for seed in firstSeed..<(firstSeed + UInt64(count)) {
            guard let failure = runSequence(graph: graph, table: table, seed: seed, coverage: &coverage) else { continue }
            let where_ = tableSeed.map { "random table \($0) (replay(seed: \(seed), tableSeed: \($0)))\n" } ?? "app table (replay(seed: \(seed)))\n"
            let text = tableSeed == nil ? "" : "\ntable:\n\(table.routesText)"
            Issue.record("\(where_)\(failure)\(text)")
            failures += 1
            if failures >= reportedFailures { return }
        }
    }

    /// Checks that the sequences reached what they are meant to exercise.
    private static func expectCoverage(_ coverage: [String: Int], of keys: [String], _ what: String) {
        for key in keys {
            #expect(coverage[key, default: 0] > 0, "\(what): no step did '\(key)'; seen: \(coverage.keys.sorted())")
        }
    }

    // Every random table is still generated, parsed and checked, with fewer sequences run on
    // each (the fuzzers run the engine's intents for long); the app's table keeps all its
    // sequences, fewer of which do not reach, in every batch, a push refused as too long.
    // The coverage each batch must reach is unchanged.
    static let batches = 8
    static let appSequences = 560
    static let randomTables = 12
    static let sequencesPerTable = 14

    /// 8 batches × 560 sequences on the app's table.
    @Test(arguments: 0..<batches)
    func theAppTableFollowsTheModel(batch: Int) throws {
        let graph = Fixtures.appGraph
        let table = ModelTable(graph)
        var coverage: [String: Int] = [:]
        Self.runSequences(graph: graph, table: table, firstSeed: UInt64(1_000_000 + batch * 10_000), count: Self.appSequences, coverage: &coverage)
        Self.expectCoverage(coverage, of: [
            "push: applied", "push: refused (link too long)", "push: refused (presentation active)", "pop: applied",
            "popTo: applied", "present: applied", "dismiss: applied", "selectTab: applied", "activate: deferred",
            "open: applied", "open: deferred", "open: refused (too many segments)", "open spoiled: refused (invalid link)",
            "grant: granted, pending link applied", "revoke: applied", "undo: applied", "redo: applied",
            "saveAndRestore: applied", "replacePath: applied",
        ], "app table, batch \(batch)")
    }

    /// 8 batches × 12 random tables × 14 sequences.
    @Test(arguments: 0..<batches)
    func randomTablesFollowTheModel(batch: Int) throws {
        var coverage: [String: Int] = [:]
        for index in 0..<Self.randomTables {
            let tableSeed = UInt64(2_000_000 + batch * 10_000 + index * 100)
            var rng = SeededGenerator(seed: tableSeed)
            let table = ModelTable.random(using: &rng)
            let text = table.routesText
            let graph: RouteGraph
            do {
                graph = try RouteGraph(parsing: text, file: "random-\(tableSeed).routes")
            } catch {
                Issue.record("random table \(tableSeed) does not parse: \(error)\n\(text)")
                continue
            }
            #expect(ModelTable(graph).sameDeclarations(as: table), "random table \(tableSeed) parses to other declarations:\n\(text)")
            #expect(graph.warnings.isEmpty, "random table \(tableSeed) has overlap warnings: \(graph.warnings)\n\(text)")
            Self.runSequences(graph: graph, table: table, firstSeed: tableSeed + 1, count: Self.sequencesPerTable, tableSeed: tableSeed, coverage: &coverage)
        }
        Self.expectCoverage(coverage, of: [
            "push: applied", "push: refused (link too long)", "present: applied", "selectTab: applied",
            "open: applied", "open: deferred", "open: refused (too many segments)", "open spoiled: refused (invalid link)",
            "grant: granted, pending link applied", "undo: applied", "redo: applied", "saveAndRestore: applied",
        ], "random tables, batch \(batch)")
    }
}
