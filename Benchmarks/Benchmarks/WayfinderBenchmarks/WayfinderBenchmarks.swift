import Benchmark

// Wayfinder's benchmarks (see Benchmarks/RESULTS.md). Run them all with `make bench`,
// or some with `swift package benchmark --filter 'Resolve.*'` in this folder.
let benchmarks: @Sendable () -> Void = {
    resolutionBenchmarks()
    overlapBenchmarks()
    bigTableBenchmarks()
    navigationBenchmarks()
}
