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
        .package(name: "Wayfinder", path: "../.."),
    ],
    targets: [
        .target(
            name: "BookshelfApp",
            dependencies: [
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "WayfinderKit", package: "Wayfinder"),
                .product(name: "WayfinderTerminal", package: "Wayfinder"),
            ],
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
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "WayfinderKit", package: "Wayfinder"),
                .product(name: "WayfinderTesting", package: "Wayfinder"),
            ],
            exclude: ["Transcripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
