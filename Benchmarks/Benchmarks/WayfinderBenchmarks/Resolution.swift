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

/// The table sizes measured.
var tableSizes: [Int] { [10, 100, 1_000, 10_000] }

/// Full resolution (URL string to typed state) by both routers over the same 1,024 links
/// per table size; then Wayfinder on the accepted and the rejected links alone.
func resolutionBenchmarks() {
    for size in tableSizes {
        let table = RouteTable(routes: size)
        let inputs = table.inputs()
        let wayfinder = try! WayfinderSide(table: table)
        let routingKit = RoutingKitSide(table: table)

        var wayfinderCursor = 0
        Benchmark("Resolve.Wayfinder.N\(size)", configuration: perOperation) { benchmark in
            inputs.withUnsafeBufferPointer { inputs in
                for _ in benchmark.scaledIterations {
                    blackHole(wayfinder.resolve(inputs[wayfinderCursor & 1023]))
                    wayfinderCursor &+= 1
                }
            }
        }
        var routingKitCursor = 0
        Benchmark("Resolve.RoutingKit.N\(size)", configuration: perOperation) { benchmark in
            inputs.withUnsafeBufferPointer { inputs in
                for _ in benchmark.scaledIterations {
                    blackHole(routingKit.resolve(inputs[routingKitCursor & 1023]))
                    routingKitCursor &+= 1
                }
            }
        }
        guard size == 1_000 else { continue }

        let accepted = inputs.filter { wayfinder.resolve($0) != nil }
        let rejected = inputs.filter { wayfinder.resolve($0) == nil }
        var acceptedCursor = 0
        Benchmark("Resolve.Wayfinder.accepted.N\(size)", configuration: perOperation) { benchmark in
            accepted.withUnsafeBufferPointer { accepted in
                for _ in benchmark.scaledIterations {
                    blackHole(wayfinder.resolve(accepted[acceptedCursor % accepted.count]))
                    acceptedCursor &+= 1
                }
            }
        }
        // Allocation counts are per 1,000 operations and rounded down: measure links whose
        // values are all ints (kept in place) apart from links with a string value.
        let withStrings = accepted.filter { $0.contains("/tag/") || $0.contains("?q=") }
        let intsOnly = accepted.filter { !$0.contains("/tag/") && !$0.contains("?q=") }
        // A string of more than 8 bytes with a page number does not fit in place: one allocation.
        let stored = withStrings.filter { link in
            link.contains("/page/") && RouteTable.longTags.contains { link.contains("/tag/\($0)/") }
        }
        for (kind, links) in [("ints", intsOnly), ("strings", withStrings), ("stored", stored)] {
            var cursor = 0
            Benchmark("Resolve.Wayfinder.accepted.\(kind).N\(size)", configuration: perOperation) { benchmark in
                links.withUnsafeBufferPointer { links in
                    for _ in benchmark.scaledIterations {
                        blackHole(wayfinder.resolve(links[cursor % links.count]))
                        cursor &+= 1
                    }
                }
            }
        }
        var rejectedCursor = 0
        Benchmark("Resolve.Wayfinder.rejected.N\(size)", configuration: perOperation) { benchmark in
            rejected.withUnsafeBufferPointer { rejected in
                for _ in benchmark.scaledIterations {
                    blackHole(wayfinder.resolve(rejected[rejectedCursor % rejected.count]))
                    rejectedCursor &+= 1
                }
            }
        }

        // Printing: the navigation state each accepted link opens, back to its URL.
        let states: [NavigationState] = accepted.map { link in
            var navigator = Navigator(graph: wayfinder.graph)
            try! navigator.open(link)
            return navigator.state
        }
        var printCursor = 0
        Benchmark("Print.state.N\(size)", configuration: perOperation) { benchmark in
            states.withUnsafeBufferPointer { states in
                for _ in benchmark.scaledIterations {
                    blackHole(wayfinder.graph.link(for: states[printCursor % states.count]))
                    printCursor &+= 1
                }
            }
        }
        // The same states as the printer takes them: flow, tab, routes (root first), presentation.
        let parts = states.map { state in
            let stack = state.activeStack!
            return (state.activeFlow, state.selectedTab, stack.routes, stack.presentation?.route)
        }
        var partsCursor = 0
        Benchmark("Print.routes.N\(size)", configuration: perOperation) { benchmark in
            parts.withUnsafeBufferPointer { parts in
                for _ in benchmark.scaledIterations {
                    let (flow, tab, stack, presentation) = parts[partsCursor % parts.count]
                    blackHole(wayfinder.graph.link(flow: flow, tab: tab, stack: stack, presentation: presentation))
                    partsCursor &+= 1
                }
            }
        }
    }
}
