// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Wayfinder",
    products: [
        .library(name: "Wayfinder", targets: ["Wayfinder"]),
        .library(name: "WayfinderApp", targets: ["WayfinderApp"]),
        .executable(name: "wayfinder", targets: ["wayfinder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Wayfinder"),
        .target(
            name: "WayfinderApp",
            dependencies: ["Wayfinder"],
            resources: [.embedInCode("../../Routes/app.routes")]
        ),
        .executableTarget(
            name: "wayfinder",
            dependencies: [
                "Wayfinder",
                "WayfinderApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WayfinderTests", dependencies: ["Wayfinder"]),
        .testTarget(name: "WayfinderAppTests", dependencies: ["Wayfinder", "WayfinderApp"]),
        .testTarget(name: "WayfinderCLITests", dependencies: ["wayfinder"]),
    ],
    swiftLanguageModes: [.v6]
)
