import Benchmark
import Wayfinder

/// The overlap table of `count` screens: `p1` … `pN`, pattern `pK` being K int parameters,
/// each allowed after the root and after every other. A link of ints has exponentially many
/// readings; the walk remembers the (screen, segment) pairs that led nowhere, so a link costs
/// at most about its segments × the screens of its flow (`EdgeInputTests` checks the count).
func overlapTable(screens count: Int) -> String {
    let names = (1...count).map { "p\($0)" }.joined(separator: " ")
    var lines = ["scheme x", "flow f", "screen root f root"]
    for size in 1...count {
        let pattern = (0..<size).map { "{v\($0):int}" }.joined(separator: "/")
        lines.append("screen p\(size) f push \(pattern) after root \(names)")
    }
    return lines.joined(separator: "\n")
}

/// Resolution on the overlap tables of 5 and 16 screens: the worst link within the limits
/// (31 ints, then a segment no pattern takes: 32 segments, rejected only after every reading
/// of the ints has been ruled out), and, for comparison, 32 ints (accepted at once by the
/// first reading precedence gives).
func overlapBenchmarks() {
    for screens in [5, 16] {
        let graph = try! RouteGraph(parsing: overlapTable(screens: screens), file: "overlap\(screens).routes")
        let ints = { (count: Int) in Array(repeating: "1", count: count).joined(separator: "/") }
        let worst = "x://f/" + ints(RouteGraph.maximumSegments - 1) + "/z"
        let accepted = "x://f/" + ints(RouteGraph.maximumSegments)
        precondition((try? graph.resolve(worst)) == nil && (try? graph.resolve(accepted)) != nil)
        cyclingBenchmark("Resolve.Overlap\(screens).Worst", over: [worst]) { (try? graph.resolve($0))?.count }
        cyclingBenchmark("Resolve.Overlap\(screens).Accepted", over: [accepted]) { (try? graph.resolve($0))?.count }
    }
}
