// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Wayfinder",
    products: [
        // The bottom module: the byte and text rules every layer shares (UTF-8, control
        // characters, hex, escaping, JSON), files with crash-safe writes, the process.
        .library(name: "WayfinderSystem", targets: ["WayfinderSystem"]),
        .library(name: "Wayfinder", targets: ["Wayfinder"]),
        // The route-table tooling: warnings, `diff`, surface, association files, `explain`,
        // for tools (the command line, the routes compiler); apps do not link it.
        .library(name: "WayfinderRouteTools", targets: ["WayfinderRouteTools"]),
        .library(name: "WayfinderTerminal", targets: ["WayfinderTerminal"]),
        // The app kit: commands, the shell, screens, saved navigation and the launcher,
        // for any text app on the engine.
        .library(name: "WayfinderKit", targets: ["WayfinderKit"]),
        .library(name: "WayfinderTesting", targets: ["WayfinderTesting"]),
        .executable(name: "wayfinder", targets: ["wayfinder"]),
        // Any package that depends on Wayfinder compiles its own `.routes` table with it.
        .plugin(name: "RoutesCompiler", targets: ["RoutesCompiler"]),
    ],
    // The sample app (WayfinderApp, the `wayfinder` command and their tests) is the only part
    // that needs GRDB: a package that depends on Wayfinder with `traits: []` uses the engine,
    // the terminal, the kit and the test support without resolving GRDB at all.
    traits: [
        .trait(name: "SampleApp", description: "The sample app and its command, on GRDB and libcrypt."),
        .default(enabledTraits: ["SampleApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` (scripts/check-docs.sh, `make docs`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The engine's unsafe code is in one file (Support/CheckedMemory.swift), acknowledged.
        .target(name: "Wayfinder", dependencies: ["WayfinderSystem"], swiftSettings: [.strictMemorySafety()]),
        // What only tools need: warnings beyond the parser's errors, overlap groups, `diff`,
        // surface, association files (export and reading), `explain`.
        .target(name: "WayfinderRouteTools", dependencies: ["Wayfinder", "WayfinderSystem"]),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev", "libbsd-dev", "libmd-dev", "libncurses-dev"]), .brew(["libedit"])]
        ),
        // Files, with crash-safe writes: what the terminal (history) and the app's services
        // (database, session, navigation state) write and read. Also the process's streams,
        // arguments, environment, signals and terminal: the package's calls into the C library
        // are made here, in one file (Platform.swift); the terminal calls libedit through CEditLine.
        .target(name: "WayfinderSystem"),
        .target(name: "WayfinderTerminal", dependencies: ["WayfinderSystem", "CEditLine"]),
        // The app kit: app-agnostic, never GRDB, libcrypt or the sample app.
        .target(
            name: "WayfinderKit",
            dependencies: [
                "Wayfinder",
                "WayfinderSystem",
                "WayfinderTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libxcrypt's crypt.h (macOS's own C library has no crypt_r or yescrypt).
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"]), .brew(["libxcrypt"])]),
        .target(
            name: "WayfinderApp",
            dependencies: [
                "Wayfinder",
                "WayfinderKit",
                "WayfinderRouteTools",
                "WayfinderSystem",
                "WayfinderTerminal",
                "CCrypt",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SampleApp"])),
            ],
            resources: [.embedInCode("../../Routes/app.routes")],
            // Services' async methods run on their caller's actor (the main actor in the
            // REPL) instead of hopping to the global executor and back for each call.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")],
            plugins: ["RoutesCompiler"]
        ),
        .target(name: "WayfinderTesting", dependencies: ["Wayfinder", "WayfinderTerminal", "WayfinderKit"]),
        // Builds `Routes/app.routes` into `WayfinderApp` as Swift: checked at build time,
        // not parsed at each start.
        .executableTarget(name: "routes-compiler", dependencies: ["Wayfinder", "WayfinderRouteTools", "WayfinderSystem"]),
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
                "WayfinderRouteTools",
                "WayfinderApp",
                "WayfinderKit",
                "WayfinderSystem",
                "WayfinderTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WayfinderTests", dependencies: ["Wayfinder", "WayfinderRouteTools", "WayfinderSystem"]),
        // The app kit, over a small app of the tests' own: public API only.
        .testTarget(name: "WayfinderKitTests", dependencies: ["Wayfinder", "WayfinderKit", "WayfinderTerminal", "WayfinderTesting"]),
        .testTarget(name: "WayfinderTerminalTests", dependencies: ["Wayfinder", "WayfinderSystem", "WayfinderTerminal"]),
        .testTarget(
            name: "WayfinderAppTests",
            dependencies: [
                "Wayfinder", "WayfinderApp", "WayfinderKit", "WayfinderRouteTools", "WayfinderSystem", "WayfinderTerminal", "WayfinderTesting",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SampleApp"])),
            ],
            exclude: ["Transcripts", "Fixtures"]
        ),
        .testTarget(
            name: "WayfinderCLITests",
            dependencies: ["wayfinder", "WayfinderKit", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SampleApp"]))],
            exclude: ["Fixtures"]
        ),
        // Written as a developer using the library products would: public API only.
        .testTarget(name: "WayfinderTestingTests", dependencies: ["Wayfinder", "WayfinderApp", "WayfinderKit", "WayfinderTesting"]),
        // WayfinderTesting on its own, without the sample app.
        .testTarget(
            name: "WayfinderTestingSupportTests",
            dependencies: ["Wayfinder", "WayfinderTerminal", "WayfinderTesting"],
            exclude: ["Transcripts"]
        ),
        // What the RoutesCompiler plugin generates, from a small table of the target's own.
        .testTarget(name: "GeneratedRoutesTests", dependencies: ["Wayfinder", "WayfinderTesting"], plugins: ["RoutesCompiler"]),
        // The documentation's examples (Sources/*/*.docc), run as written; their table is built
        // by the RoutesCompiler plugin as in any package that uses it. Public API only.
        .testTarget(
            name: "WayfinderDocsTests",
            dependencies: ["Wayfinder", "WayfinderKit", "WayfinderRouteTools", "WayfinderTerminal", "WayfinderTesting"],
            exclude: ["Transcripts"],
            plugins: ["RoutesCompiler"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
