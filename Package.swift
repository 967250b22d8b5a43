// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Wayfinder",
    products: [
        .library(name: "Wayfinder", targets: ["Wayfinder"]),
        .library(name: "WayfinderTerminal", targets: ["WayfinderTerminal"]),
        .library(name: "WayfinderApp", targets: ["WayfinderApp"]),
        .library(name: "WayfinderTesting", targets: ["WayfinderTesting"]),
        .executable(name: "wayfinder", targets: ["wayfinder"]),
        // Any package that depends on Wayfinder compiles its own `.routes` table with it.
        .plugin(name: "RoutesCompiler", targets: ["RoutesCompiler"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` (scripts/check-docs.sh, `make docs`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The engine's unsafe code is in one file (Support/CheckedMemory.swift), acknowledged.
        .target(name: "Wayfinder", swiftSettings: [.strictMemorySafety()]),
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev", "libbsd-dev", "libmd-dev", "libncurses-dev"])]),
        // Files, with crash-safe writes: what the terminal (history) and the app's services
        // (database, session, navigation state) write and read. Also the process's streams,
        // arguments, environment, signals and terminal: the package's calls into the C library
        // are made here, in one file (Platform.swift), but for libedit's own in the terminal.
        .target(name: "WayfinderSystem"),
        .target(name: "WayfinderTerminal", dependencies: ["Wayfinder", "WayfinderSystem", "CEditLine"]),
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
        .target(
            name: "WayfinderApp",
            dependencies: [
                "Wayfinder",
                "WayfinderSystem",
                "WayfinderTerminal",
                "CCrypt",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.embedInCode("../../Routes/app.routes")],
            // Services' async methods run on their caller's actor (the main actor in the
            // REPL) instead of hopping to the global executor and back for each call.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")],
            plugins: ["RoutesCompiler"]
        ),
        .target(name: "WayfinderTesting", dependencies: ["Wayfinder", "WayfinderTerminal"]),
        // Builds `Routes/app.routes` into `WayfinderApp` as Swift: checked at build time,
        // not parsed at each start.
        .executableTarget(name: "routes-compiler", dependencies: ["Wayfinder", "WayfinderSystem"]),
        .plugin(
            name: "RoutesCompiler",
            capability: .buildTool(),
            dependencies: ["routes-compiler"],
            path: "Sources/RoutesCompilerPlugin"
        ),
        .executableTarget(
            name: "wayfinder",
            dependencies: [
                "Wayfinder",
                "WayfinderApp",
                "WayfinderSystem",
                "WayfinderTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WayfinderTests", dependencies: ["Wayfinder"]),
        .testTarget(name: "WayfinderTerminalTests", dependencies: ["Wayfinder", "WayfinderSystem", "WayfinderTerminal"]),
        .testTarget(
            name: "WayfinderAppTests",
            dependencies: [
                "Wayfinder", "WayfinderApp", "WayfinderSystem", "WayfinderTerminal", "WayfinderTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Transcripts", "Fixtures"]
        ),
        .testTarget(
            name: "WayfinderCLITests",
            dependencies: ["wayfinder", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Written as a developer using the library products would: public API only.
        .testTarget(name: "WayfinderTestingTests", dependencies: ["Wayfinder", "WayfinderApp", "WayfinderTesting"]),
        // The documentation's examples (Sources/*/*.docc), run as written; their table is built
        // by the RoutesCompiler plugin as in any package that uses it. Public API only.
        .testTarget(
            name: "WayfinderDocsTests",
            dependencies: ["Wayfinder", "WayfinderTerminal", "WayfinderTesting"],
            exclude: ["Transcripts"],
            plugins: ["RoutesCompiler"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
