// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "jiri",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "jiri", targets: ["jiri"]),
        .library(name: "JiriAPI", targets: ["JiriAPI"]),
        .library(name: "JiriURLSession", targets: ["JiriURLSession"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // jwt-kit 5.7+ needs swift-crypto 4.1 or later.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
    ],
    targets: [
        // C libraries, linked from the Debian packages libpq-dev and libhiredis-dev.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // Debian's hiredis.pc carries a flag SwiftPM rejects, so hiredis is linked by name.
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),

        // What the Postgres and Redis clients share: the lock, the line of waiting
        // borrowers, the poller that waits for their sockets.
        // epoll and eventfd, for the socket poller (headers only: part of glibc).
        .systemLibrary(name: "CEpoll"),
        .target(name: "ConnectionSupport", dependencies: [
            "CEpoll",
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .target(name: "LibPQ", dependencies: [
            "CLibPQ", "ConnectionSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .target(name: "Hiredis", dependencies: [
            "CHiredis", "ConnectionSupport",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .target(name: "JiriAPI"),
        // JiriClient over URLSession, for apps; the server and `jiri` never link it.
        .target(name: "JiriURLSession", dependencies: ["JiriAPI"]),
        .target(name: "Catalog", dependencies: [
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "Understanding", dependencies: ["Catalog"]),
        .target(name: "Handoff", dependencies: [
            "JiriAPI",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "Storage", dependencies: [
            "LibPQ", "Hiredis", "JiriAPI", "ConnectionSupport",
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Conversation", dependencies: [
            "JiriAPI", "Catalog", "Understanding", "Handoff", "Storage",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "JiriServer", dependencies: [
            "Conversation", "Storage", "JiriAPI", "Catalog", "Handoff", "ConnectionSupport", "CEpoll",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "JWTKit", package: "jwt-kit"),
        ]),
        .executableTarget(name: "jiri", dependencies: [
            "JiriServer", "Storage", "Handoff", "Catalog", "Understanding", "Conversation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        // `make bench` micro-benchmarks (timing loops, not tests).
        .executableTarget(name: "JiriBench", dependencies: [
            "Understanding", "Catalog", "Handoff", "JiriAPI", "Storage", "LibPQ", "Conversation", "JiriServer", "ConnectionSupport",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Benchmarks/JiriBench"),

        // Shared by the test targets: connection URLs, private throwaway servers.
        .target(name: "JiriTestSupport", dependencies: [
            "LibPQ", "Hiredis",
        ], path: "Tests/JiriTestSupport"),

        .testTarget(name: "ConnectionSupportTests", dependencies: ["ConnectionSupport", "JiriTestSupport"]),
        .testTarget(name: "LibPQTests", dependencies: ["LibPQ", "JiriTestSupport", .product(name: "NIOPosix", package: "swift-nio")]),
        .testTarget(name: "HiredisTests", dependencies: ["Hiredis", "JiriTestSupport", .product(name: "NIOPosix", package: "swift-nio")]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
        // The fixtures are read from the source tree, not bundled.
        .testTarget(name: "UnderstandingTests", dependencies: ["Understanding", "Catalog"], exclude: ["Fixtures", "ROUNDS.md"]),
        .testTarget(name: "HandoffTests", dependencies: ["Handoff"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "JiriTestSupport"]),
        .testTarget(name: "ConversationTests", dependencies: ["Conversation", "JiriTestSupport", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        .testTarget(name: "JiriServerTests", dependencies: [
            "JiriServer", "JiriTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            // Mints the JWTs the JWT tests verify, independently of jwt-kit.
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "JiriAPITests", dependencies: [
            "JiriAPI", "JiriURLSession", "JiriServer", "JiriTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "DeployTests", dependencies: ["Storage", "JiriTestSupport", "JiriServer", "Conversation", .product(name: "Yams", package: "Yams")]),
    ]
)
