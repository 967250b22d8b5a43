import Benchmark
import BenchTable
import Wayfinder

/// Time and mallocs per operation: each iteration runs 1,000 operations.
var perOperation: Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 5,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
}

/// A benchmark named `name` that runs `operation` on `items` in turn, round and round, one
/// item per operation (`cycle`).
func cyclingBenchmark<Item, Result>(_ name: String, over items: [Item], _ operation: @escaping (Item) -> Result) {
    let side = PairSide(items: items, operation: operation)
    var cursor = 0
    Benchmark(name, configuration: perOperation) { benchmark in
        cycle(side, &cursor, benchmark.scaledIterations.count)
    }
}

/// The table sizes measured.
var tableSizes: [Int] { [10, 100, 1_000, 10_000] }

/// Full resolution (URL string to typed state) by the three routers (Wayfinder, routing-kit,
/// Hummingbird) over the same 1,024 links per table size; then Wayfinder on the accepted and
/// the rejected links alone.
func resolutionBenchmarks() {
    var smallest: PairSide<String, Int?>?
    for size in tableSizes {
        let table = RouteTable(routes: size)
        let inputs = table.inputs()
        let wayfinder = try! WayfinderSide(table: table)
        let routingKit = RoutingKitSide(table: table)
        let hummingbird = HummingbirdSide(table: table)

        cyclingBenchmark("Resolve.Wayfinder.N\(size)", over: inputs) { wayfinder.resolve($0) }
        cyclingBenchmark("Resolve.RoutingKit.N\(size)", over: inputs) { routingKit.resolve($0) }
        cyclingBenchmark("Resolve.Hummingbird.N\(size)", over: inputs) { hummingbird.resolve($0) }
        let resolving = PairSide(items: inputs) { wayfinder.resolve($0) }
        if size == tableSizes.first { smallest = resolving }
        if size == tableSizes.last, let smallest {
            // The flatness target as a ratio taken batch by batch: N = 10,000 over N = 10.
            pairedBenchmark("Paired.Resolve.Wayfinder.N\(tableSizes[0]).N\(size)", smallest, resolving, batches: (8_000, 8_000))
        }
        guard size == 1_000 else { continue }
        // The targets' ratios, batch by batch (see `pairedBenchmark`): routing-kit over Wayfinder.
        // Batches of about 2.5 ms each: routing-kit takes some ten times as long a lookup.
        pairedBenchmark(
            "Paired.Resolve.Wayfinder.RoutingKit.N\(size)", resolving, PairSide(items: inputs) { routingKit.resolve($0) },
            batches: (8_000, 800)
        )
        // Hummingbird over Wayfinder, the same way, but in batches of whole rounds of the 1,024
        // links (about 12 ms each: Hummingbird takes some thirty times as long a lookup). Its
        // time goes from a few microseconds to a few hundred from one link to the next (a link
        // that fails below a wide level of its trie is tried again from each sibling after the
        // one it matched), so a shorter batch would time which links fell in it.
        pairedBenchmark(
            "Paired.Resolve.Wayfinder.Hummingbird.N\(size)", resolving, PairSide(items: inputs) { hummingbird.resolve($0) },
            batches: (32 * inputs.count, inputs.count)
        )

        let accepted = inputs.filter { wayfinder.resolve($0) != nil }
        let rejected = inputs.filter { wayfinder.resolve($0) == nil }
        cyclingBenchmark("Resolve.Wayfinder.accepted.N\(size)", over: accepted) { wayfinder.resolve($0) }
        // Allocation counts are per 1,000 operations and rounded down: measure links whose
        // values are all ints apart from links with a string value.
        let withStrings = accepted.filter { $0.contains("/tag/") || $0.contains("?q=") }
        let intsOnly = accepted.filter { !$0.contains("/tag/") && !$0.contains("?q=") }
        // A string of more than 8 bytes with a page number (once kept apart from shorter ones).
        let stored = withStrings.filter { link in
            link.contains("/page/") && RouteTable.longTags.contains { link.contains("/tag/\($0)/") }
        }
        for (kind, links) in [("ints", intsOnly), ("strings", withStrings), ("stored", stored)] {
            cyclingBenchmark("Resolve.Wayfinder.accepted.\(kind).N\(size)", over: links) { wayfinder.resolve($0) }
        }
        cyclingBenchmark("Resolve.Wayfinder.rejected.N\(size)", over: rejected) { wayfinder.resolve($0) }
        // Hummingbird on the same two sets (it accepts the links Wayfinder accepts: bench-check).
        cyclingBenchmark("Resolve.Hummingbird.accepted.N\(size)", over: accepted) { hummingbird.resolve($0) }
        cyclingBenchmark("Resolve.Hummingbird.rejected.N\(size)", over: rejected) { hummingbird.resolve($0) }

        // Printing: the navigation state each accepted link opens, back to its URL.
        let states: [NavigationState] = accepted.map { link in
            var navigator = Navigator(graph: wayfinder.graph)
            try! navigator.open(link)
            return navigator.state
        }
        cyclingBenchmark("Print.state.N\(size)", over: states) { wayfinder.graph.link(for: $0) }
        // Printing each state over resolving its link, batch by batch, in the same order.
        pairedBenchmark(
            "Paired.Resolve.Print.N\(size)",
            PairSide(items: accepted) { wayfinder.resolve($0) },
            PairSide(items: states) { wayfinder.graph.link(for: $0) },
            batches: (8_000, 4_000)
        )
        // The same states as the printer takes them: flow, tab, routes (root first), presentation.
        let parts = states.map { state in
            let stack = state.activeStack!
            return (state.activeFlow, state.selectedTab, stack.routes, stack.presentation?.route)
        }
        cyclingBenchmark("Print.routes.N\(size)", over: parts) { flow, tab, stack, presentation in
            wayfinder.graph.link(flow: flow, tab: tab, stack: stack, presentation: presentation)
        }
    }
}
