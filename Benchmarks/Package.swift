// swift-tools-version:6.1
// Wayfinder's benchmarks, side by side with vapor/routing-kit and Hummingbird's router. A
// package of its own so that the root package's build and tests stay fast (neither peer is a
// dependency of Wayfinder); `make bench` runs it (see RESULTS.md).
import PackageDescription

let package = Package(
    name: "WayfinderBenchmarks",
    dependencies: [
        .package(name: "Wayfinder", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
        // Its default traits (swift-configuration support, full Foundation) are off: the
        // router uses neither, and the build is shorter without them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The generated route table and inputs, for the three routers.
        .target(
            name: "BenchTable",
            dependencies: [
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "WayfinderBenchmarks",
            dependencies: [
                "BenchTable",
                .product(name: "Wayfinder", package: "Wayfinder"),
                // The overlap warnings of big tables (`RouteGraph.warnings`) are the route tools'.
                .product(name: "WayfinderRouteTools", package: "Wayfinder"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WayfinderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Checks that the three routers read the inputs alike and writes the table and inputs out.
        .executableTarget(
            name: "bench-check",
            dependencies: ["BenchTable", .product(name: "Wayfinder", package: "Wayfinder")]
        ),
        // The cold-start reference: "hello", built like `wayfinder`: `scripts/bench.sh` builds
        // both as `make release` does (release, static Swift runtime).
        .executableTarget(name: "hello"),
        // What `wayfinder` starts with before any of its own work: "hello" with the libraries
        // the sample app links (the kit, GRDB, Foundation, libedit, SQLite), and the same
        // parsing one argument with ArgumentParser, as every `wayfinder` command line is parsed.
        .executableTarget(
            name: "hello-linked",
            dependencies: [
                .product(name: "WayfinderKit", package: "Wayfinder"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "hello-parsed",
            dependencies: [
                .product(name: "WayfinderKit", package: "Wayfinder"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
