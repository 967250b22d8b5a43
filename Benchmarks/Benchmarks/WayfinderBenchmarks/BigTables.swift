import Benchmark
import Wayfinder
import WayfinderRouteTools

/// Tables whose cost could grow with their size rather than with the link: a star (`count`
/// screens after one root, and one `{x}/end` screen that overlaps every literal one) and a
/// dense table (`count` screens, each of which may follow every other: `count`² edges).
/// `Tests/WayfinderTests/BigTableTests.swift` checks the answers on the same shapes.
enum BigTable {
    static func star(_ count: Int) -> String {
        var lines = ["scheme t", "flow app", "screen home app root", "screen any app push {x}/end after home"]
        for index in 0..<count {
            lines.append("screen s\(index) app push \(index.isMultiple(of: 2) ? "s\(index)/end" : "s\(index)/{id:int}") after home")
        }
        return lines.joined(separator: "\n")
    }

    /// Every pattern is `{w:a|b|c<i>}`: any two screens overlap on `a` and `b`, so the check
    /// has `count` × (`count` − 1) / 2 warnings to find, and each segment of a link of `a`s
    /// and `b`s could be read by every screen.
    static func dense(_ count: Int) -> String {
        let names = (0..<count).map { "s\($0)" }.joined(separator: " ")
        var lines = ["scheme t", "flow app", "screen home app root"]
        for index in 0..<count { lines.append("screen s\(index) app push {w:a|b|c\(index)} after home \(names)") }
        return lines.joined(separator: "\n")
    }
}

/// Loading and checking (parsing, then the overlap warnings `routes check` prints) the
/// 800-screen star and the 200-screen dense table, and a five-segment link on the dense one.
func bigTableBenchmarks() {
    let loading = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)
    for (name, text) in [("Star800", BigTable.star(800)), ("Dense200", BigTable.dense(200))] {
        Benchmark("Load.\(name)", configuration: loading) { benchmark in
            for _ in benchmark.scaledIterations {
                let graph = try RouteGraph(parsing: text, file: "\(name).routes")
                blackHole(graph.warnings.count)
            }
        }
    }
    let dense = try! RouteGraph(parsing: BigTable.dense(200), file: "dense.routes")
    let link = "t://app/a/b/a/b/c7"
    precondition((try? dense.resolve(link))?.count == 6)
    cyclingBenchmark("Resolve.Dense200.FiveSegments", over: [link]) { (try? dense.resolve($0))?.count }
}
