// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BookRecommender",
    // The engine builds for Apple's systems too (the iPhone app it started from);
    // the command line and its tests run on Linux.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "bookrec", targets: ["bookrec"]),
        .library(name: "BookRecommender", targets: ["BookRecommender"]),
    ],
    dependencies: [],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "CPrefetch"),
        .target(name: "CSyncFS"),
        .target(
            name: "BookRecommender",
            dependencies: ["CLibXML2", "CPrefetch", "CSyncFS"]
        ),
        .target(
            name: "BookRecommenderCLI",
            dependencies: ["BookRecommender"]
        ),
        .executableTarget(
            name: "bookrec",
            dependencies: ["BookRecommenderCLI"]
        ),
        .target(
            name: "BookRecommenderTestSupport",
            dependencies: ["BookRecommender"],
            path: "Tests/BookRecommenderTestSupport"
        ),
        .testTarget(
            name: "BookRecommenderTests",
            dependencies: ["BookRecommender", "BookRecommenderTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "BookRecommenderCLITests",
            dependencies: ["BookRecommenderCLI"]
        ),
        .testTarget(
            name: "bookrecCLITests",
            dependencies: ["bookrec", "BookRecommender", "BookRecommenderTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
