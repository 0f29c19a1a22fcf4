// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BookRecommender",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bookrec", targets: ["bookrec"]),
        .library(name: "BookRecommender", targets: ["BookRecommender"]),
    ],
    dependencies: [],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "CPrefetch"),
        .target(name: "CSyncFS"),
        .target(
            name: "BookRecommender",
            dependencies: ["CLibXML2", "CPrefetch", "CSyncFS"]
        ),
        .executableTarget(
            name: "bookrec",
            dependencies: ["BookRecommender"]
        ),
        .testTarget(
            name: "BookRecommenderTests",
            dependencies: ["BookRecommender"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "bookrecCLITests",
            dependencies: ["bookrec"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
