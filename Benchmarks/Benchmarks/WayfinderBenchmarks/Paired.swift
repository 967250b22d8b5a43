import Benchmark
import Dispatch

/// Items and what is done with each: one side of a paired benchmark, or what a cycling
/// benchmark runs.
struct PairSide<Item, Result> {
    let items: [Item]
    let operation: (Item) -> Result
}

/// The custom metrics a paired benchmark reports, per iteration: each side's time per
/// operation and the second's time over the first's.
enum PairMetric {
    /// The first side's time per operation, in picoseconds.
    static let first = BenchmarkMetric.custom("First (ps per operation)", useScalingFactor: false)
    /// The second side's time per operation, in picoseconds.
    static let second = BenchmarkMetric.custom("Second (ps per operation)", useScalingFactor: false)
    /// The second side's time over the first's, in hundredths (kept under 10,000, where
    /// package-benchmark's output would start rounding to thousands).
    static let ratio = BenchmarkMetric.custom("Second / first (per cent)", useScalingFactor: false)
}

/// Two operations timed in turn in one benchmark, for a ratio that holds on a noisy machine.
///
/// Every iteration runs a batch of operations of one side, then a batch of the other (the
/// order swapping each iteration) and records both times per operation and their ratio.
/// The batches are sized so that each side runs for about as long (a few milliseconds): a
/// short batch after a long one would mostly measure caches the other side emptied. The
/// two sides share every moment of the run, so a slow spell (another tenant, a frequency
/// change) slows both in the same iteration and leaves that iteration's ratio alone; the
/// median of the ratios is the figure to read. Separate benchmarks, timed minutes apart, cannot
/// give that: on a shared machine their ratio moves by up to 2× between runs.
func pairedBenchmark<A, RA, B, RB>(_ name: String, _ first: PairSide<A, RA>, _ second: PairSide<B, RB>, batches: (first: Int, second: Int)) {
    precondition(!first.items.isEmpty && !second.items.isEmpty)
    var cursors = (0, 0)
    Benchmark(
        name,
        configuration: .init(
            metrics: [PairMetric.first, PairMetric.second, PairMetric.ratio],
            warmupIterations: 5,
            scalingFactor: .one,
            maxDuration: .seconds(3),
            maxIterations: 100_000
        )
    ) { benchmark in
        var firstGoes = true
        for _ in benchmark.scaledIterations {
            var times = (first: UInt64(0), second: UInt64(0))
            for turn in 0..<2 {
                let start = DispatchTime.now().uptimeNanoseconds
                if (turn == 0) == firstGoes {
                    cycle(first, &cursors.0, batches.first)
                    times.first = DispatchTime.now().uptimeNanoseconds - start
                } else {
                    cycle(second, &cursors.1, batches.second)
                    times.second = DispatchTime.now().uptimeNanoseconds - start
                }
            }
            firstGoes.toggle()
            let perOperation = (first: times.first * 1_000 / UInt64(batches.first), second: times.second * 1_000 / UInt64(batches.second))
            benchmark.measurement(PairMetric.first, Int(perOperation.first))
            benchmark.measurement(PairMetric.second, Int(perOperation.second))
            benchmark.measurement(PairMetric.ratio, Int(perOperation.second * 100 / max(perOperation.first, 1)))
        }
    }
}

/// `count` operations of `side`, one item each, from `cursor` on, round and round (the
/// cursor wraps with a comparison, not a division).
@inline(never)
func cycle<Item, Result>(_ side: PairSide<Item, Result>, _ cursor: inout Int, _ count: Int) {
    side.items.withUnsafeBufferPointer { items in
        for _ in 0..<count {
            blackHole(side.operation(items[cursor]))
            cursor &+= 1
            if cursor == items.count { cursor = 0 }
        }
    }
}
