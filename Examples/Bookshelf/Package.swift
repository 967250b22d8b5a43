// swift-tools-version:6.1
// An example of a package that uses Wayfinder: its own route table, bookshelf.routes in the
// target's directory (Sources/Bookshelf), compiled by Wayfinder's RoutesCompiler plugin into
// `BookshelfRoutes.graph` and the typed route enums `LibraryRoute` and `AccountRoute`.
// `swift run` resolves a few links with them.
import PackageDescription

let package = Package(
    name: "Bookshelf",
    dependencies: [
        .package(name: "Wayfinder", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Bookshelf",
            dependencies: [.product(name: "Wayfinder", package: "Wayfinder")],
            plugins: [.plugin(name: "RoutesCompiler", package: "Wayfinder")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
