import Benchmark
import BenchTable
import Foundation
import Wayfinder

/// A navigator on the generated table with `depth` screens pushed above the section
/// screen (`topic0`): post, user, post, user … (each may follow the other).
func navigator(depth: Int, graph: RouteGraph) -> Navigator {
    var navigator = Navigator(graph: graph)
    try! navigator.open("\(RouteTable.scheme)://main/topic0")
    for index in 0..<depth {
        try! navigator.push(nextRoute(after: navigator.state.activeStack!.top, id: index))
    }
    return navigator
}

/// The route that may be pushed over `top`.
func nextRoute(after top: Route, id: Int) -> Route {
    top.screen == "topic0Post" ? Route("topic0User", ["uid": .int(id)]) : Route("topic0Post", ["id": .int(id)])
}

/// Push/pop and present/dismiss through `Navigator` (each intent checked against the
/// graph and recorded for undo), and the same on a bare `RouteStack` value, at stack
/// depths 10 and 1,000; a snapshot's JSON round trip at depth 1,000.
func navigationBenchmarks() {
    let graph = try! RouteTable(routes: 1_000).graph()
    for depth in [10, 1_000] {
        var pushPop = navigator(depth: depth, graph: graph)
        let pushed = nextRoute(after: pushPop.state.activeStack!.top, id: 7)
        var pushes = true
        Benchmark("Navigate.pushPop.depth\(depth)", configuration: perOperation) { benchmark in
            for _ in benchmark.scaledIterations {
                if pushes { try! pushPop.push(pushed) } else { try! pushPop.pop() }
                pushes.toggle()
            }
        }

        var presentDismiss = navigator(depth: depth, graph: graph)
        let sheet = Route("topic0Compose")
        var presents = true
        Benchmark("Navigate.presentDismiss.depth\(depth)", configuration: perOperation) { benchmark in
            for _ in benchmark.scaledIterations {
                if presents { try! presentDismiss.present(sheet) } else { try! presentDismiss.dismiss() }
                presents.toggle()
            }
        }

        var stack = navigator(depth: depth, graph: graph).state.activeStack!
        var stackPushes = true
        var nextID = 1_000_000
        Benchmark("Stack.pushPop.depth\(depth)", configuration: perOperation) { benchmark in
            for _ in benchmark.scaledIterations {
                if stackPushes {
                    stack.push(pushed, id: StackID(nextID))
                    nextID += 1
                } else {
                    blackHole(stack.pop())
                }
                stackPushes.toggle()
            }
        }
    }

    let snapshot = navigator(depth: 1_000, graph: graph).state
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    Benchmark(
        "Snapshot.encodeDecode.depth1000",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 1_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let data = try! encoder.encode(snapshot)
            blackHole(try! decoder.decode(NavigationState.self, from: data))
        }
    }
}
