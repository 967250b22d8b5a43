// swift-tools-version:6.1
// Bookshelf: a small REPL app on Wayfinder's public products, what a newcomer copies.
// - BookshelfApp: the app (its route table `bookshelf.routes`, compiled at build time by
//   Wayfinder's RoutesCompiler plugin into `BookshelfRoutes.graph`, `AccountRoute` and
//   `LibraryRoute`; the coordinator; the screens; the books, in memory).
// - bookshelf: the program (`swift run --package-path Examples/Bookshelf bookshelf`).
// - BookshelfTests: navigation tests by typed commands, links and intents, and a transcript.
import PackageDescription

let package = Package(
    name: "Bookshelf",
    dependencies: [
        // `traits: []`: the engine, the kit and the test support only; the sample app's GRDB
        // is not even resolved.
        .package(name: "Wayfinder", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "BookshelfApp",
            dependencies: [.product(name: "WayfinderKit", package: "Wayfinder")],
            plugins: [.plugin(name: "RoutesCompiler", package: "Wayfinder")]
        ),
        .executableTarget(
            name: "bookshelf",
            dependencies: ["BookshelfApp", .product(name: "WayfinderKit", package: "Wayfinder")]
        ),
        .testTarget(
            name: "BookshelfTests",
            dependencies: [
                "BookshelfApp",
                .product(name: "WayfinderKit", package: "Wayfinder"),
                .product(name: "WayfinderTesting", package: "Wayfinder"),
            ],
            exclude: ["Transcripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
