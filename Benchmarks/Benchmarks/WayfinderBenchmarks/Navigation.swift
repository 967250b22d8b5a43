import Benchmark
import BenchTable
import Foundation
import Wayfinder

/// A navigator on the generated table with `depth` screens pushed above the section
/// screen (`topic0`): post, user, post, user … (each may follow the other). Intents keep a
/// stack within the link limits (32 segments: 14 pushes of two, and one more).
func navigator(depth: Int, graph: RouteGraph) -> Navigator {
    var navigator = Navigator(graph: graph)
    try! navigator.open("\(RouteTable.scheme)://main/topic0")
    for index in 0..<depth {
        try! navigator.push(nextRoute(after: navigator.state.activeStack!.top, id: index))
    }
    return navigator
}

/// The stack of ``navigator(depth:graph:)`` at depth 1, grown to `depth` elements without
/// the navigator's checks (a bare value, as a program may hold one).
func stack(depth: Int, graph: RouteGraph) -> RouteStack {
    var stack = navigator(depth: 1, graph: graph).state.activeStack!
    for index in 1..<max(1, depth) { stack.push(nextRoute(after: stack.top, id: index), id: StackID(index)) }
    return stack
}

/// The route that may be pushed over `top`.
func nextRoute(after top: Route, id: Int) -> Route {
    top.screen == "topic0Post" ? Route("topic0User", ["uid": .int(id)]) : Route("topic0Post", ["id": .int(id)])
}

/// Push/pop and present/dismiss through `Navigator` (each intent checked against the
/// graph, for its round trip, and recorded for undo) at depths 1 and 14 (the deepest the
/// link limits allow), the same on a bare `RouteStack` value at depths 10 and 1,000, and a
/// snapshot's JSON round trip at depth 1,000.
func navigationBenchmarks() {
    let graph = try! RouteTable(routes: 1_000).graph()
    for depth in [1, 14] {
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

    }
    for depth in [10, 1_000] {
        var stack = stack(depth: depth, graph: graph)
        let pushed = nextRoute(after: stack.top, id: 7)
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

    var snapshot = navigator(depth: 1, graph: graph).state
    snapshot.flows["main"]?.stacks[FlowState.singleStack] = stack(depth: 1_000, graph: graph)
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
