// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Checkwire",
    // macOS 15: `Synchronization.Mutex`, the one lock type (Linux has it with Swift 6).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checkwire", targets: ["checkwire"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // P-256 ECDH, HKDF, AES-GCM and ES256 for Web Push (RFC 8291, RFC 8292). 4.x, the
        // maintained major; only its `Crypto` product is built.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // The PostgreSQL back end's client (several servers on one database).
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C modules: a modulemap and static shims only, but for CSQLitePageCache below.
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(name: "CFileRead"),
        // libcurl: the HTTP/2 client of Web Push and the SMTP client of mail, in one C library.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // SQLite's page cache without its walk of the whole cache at each commit: C because
        // SQLite's configuration call is variadic; it needs a .c file for its one table.
        .target(name: "CSQLitePageCache", linkerSettings: [.linkedLibrary("sqlite3")]),

        // Moves bytes and connection ids over libwebsockets; knows nothing of checklists or JSON.
        .target(
            name: "Transport",
            dependencies: [
                "CLibWebSockets", "COpenSSL", "CFileRead", .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // The product's version string, read by the server, the terminal client and the bench.
        .target(name: "ProductVersion"),
        // The pure domain: model, rules, edit application, completion, ordering, quick add.
        .target(name: "ChecklistCore"),
        // The quick-add parser's JSON Lines form (the corpus scorer, `checkwire parse`) and its
        // benchmark: Foundation JSON and a clock, kept out of the pure core.
        .target(name: "QuickAddTools", dependencies: ["ChecklistCore"]),
        // Wire messages of protocol v1: JSON codec, requests, replies, error codes.
        .target(name: "WireProtocol", dependencies: ["ChecklistCore"]),
        // Password hashing (scrypt) and session tokens over libcrypto.
        .target(name: "Credentials", dependencies: ["COpenSSL"]),
        // What a store is to the server and the hub (protocols and values), and the narrow port a
        // back end implements beneath the rules. Imports no database library.
        .target(name: "ChecklistStore", dependencies: ["ChecklistCore"]),
        // The store's rules, once, over any back end's port: idempotency, limits, authorization,
        // events and their seq, reminder claims, the planning index, feed tokens, attachment
        // bookkeeping; and the store thread with group commit.
        .target(name: "StorageRules", dependencies: ["ChecklistStore", "ChecklistCore"]),
        // The embedded back end: one SQLite file (GRDB), attachment bytes as files beside it.
        .target(
            name: "SQLiteStore",
            dependencies: [
                "ChecklistStore", "ChecklistCore", "CSQLitePageCache", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The shared back end: one PostgreSQL database for several servers (postgres-nio, driven
        // from the store thread; the event loops do the I/O).
        .target(
            name: "PostgresStore",
            dependencies: [
                "ChecklistStore", "ChecklistCore", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `--database` to a store: the one place that knows every back end.
        .target(
            name: "StoreFactory", dependencies: ["ChecklistStore", "StorageRules", "SQLiteStore", "PostgresStore"]),
        // `checkwire copy-store`: a SQLite database copied into an empty PostgreSQL one, through
        // each store's narrow copy API, and verified. Knows nothing of the server.
        .target(name: "StoreCopy", dependencies: ["ChecklistStore", "SQLiteStore", "PostgresStore"]),
        // Sessions, auth, authorization, subscriptions and fan-out: the two threads' hand-off.
        .target(
            name: "ChecklistServer",
            dependencies: [
                "Transport", "ChecklistCore", "WireProtocol", "ChecklistStore", "Credentials", "ProductVersion",
                "WebPush", "Mail",
                "OutboundDelivery",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // A protocol client session (reconnect, resume, offline queue) for the terminal UI.
        .target(name: "ChecklistClient", dependencies: ["Transport", "WireProtocol", "ChecklistCore"]),
        // Terminal commands and the live `watch` view over ChecklistClient.
        .target(name: "TerminalUI", dependencies: ["ChecklistClient", "WireProtocol", "ChecklistCore"]),
        // Requests to other servers (push services, mail relays) on a thread of their own over
        // libcurl, with bounded queues and retries. Never imports the domain or the store.
        .target(
            name: "OutboundDelivery",
            dependencies: [
                "CCurl", .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // Web Push: VAPID keys and tokens, RFC 8291 encryption, subscriptions, the sender.
        .target(
            name: "WebPush", dependencies: ["OutboundDelivery", .product(name: "Crypto", package: "swift-crypto")]),
        // Mail: addresses, the relay's settings, message building, the SMTP sender.
        .target(name: "Mail", dependencies: ["OutboundDelivery"]),
        // The fan-out load tester behind `checkwire bench`; its clients reconnect on the schedule
        // of ChecklistClient's.
        .target(
            name: "LoadTest",
            dependencies: [
                "Transport", "WireProtocol", "ChecklistCore", "ChecklistClient",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "checkwire",
            dependencies: [
                "ChecklistServer", "ChecklistStore", "StoreFactory", "StoreCopy", "ChecklistCore", "WireProtocol",
                "Transport", "ChecklistClient", "TerminalUI", "LoadTest", "QuickAddTools", "ProductVersion", "WebPush",
                "Mail",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // jemalloc instead of glibc's malloc: an event (~1,040 bytes) is past the largest size
            // glibc's per-thread cache serves, and the durable path allocates several per edit
            // (docs/benchmarks.md, "jemalloc": 1.18x acks/s, 0.83x server CPU per edit).
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),

        // Socket helpers for tests that start servers as child processes.
        .target(name: "LoopbackTestSupport", path: "Tests/LoopbackTestSupport"),
        .testTarget(
            name: "TransportTests",
            dependencies: [
                "Transport", "LoopbackTestSupport", .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .testTarget(name: "ChecklistCoreTests", dependencies: ["ChecklistCore", "QuickAddTools"]),
        .testTarget(name: "WireProtocolTests", dependencies: ["WireProtocol", "ChecklistCore"]),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials"]),
        .testTarget(name: "OutboundDeliveryTests", dependencies: ["OutboundDelivery"]),
        .testTarget(
            name: "WebPushTests",
            dependencies: [
                "WebPush", "OutboundDelivery", "LoopbackTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "MailTests", dependencies: ["Mail", "OutboundDelivery", "LoopbackTestSupport"]),
        // What store tests share: fixtures, and the back ends the contract suite runs on.
        .target(
            name: "StoreTestSupport",
            dependencies: [
                "ChecklistStore", "StorageRules", "SQLiteStore", "PostgresStore", "ChecklistCore",
                "LoopbackTestSupport",
            ],
            path: "Tests/StoreTestSupport"
        ),
        // Every requirement of the storage port, one test body run on every back end.
        .testTarget(
            name: "StorageContractTests",
            dependencies: ["StoreTestSupport", "ChecklistStore", "StorageRules", "ChecklistCore", "PostgresStore"]
        ),
        // What only SQLite has: pages, the WAL and its flush, the checkpointer, the file lock,
        // migrations of old files, FTS5's ranking bound.
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "StoreTestSupport", "SQLiteStore", "StorageRules", "ChecklistStore", "ChecklistCore", "Credentials",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]
        ),
        // `copy-store` from a real SQLite file into a real PostgreSQL database.
        .testTarget(
            name: "StoreCopyTests",
            dependencies: [
                "StoreCopy", "StoreTestSupport", "ChecklistStore", "ChecklistCore", "PostgresStore", "StorageRules",
            ]
        ),
        .testTarget(
            name: "ChecklistClientTests",
            dependencies: [
                "ChecklistClient", "TerminalUI", "ChecklistServer", "StoreFactory", "ChecklistStore", "Transport",
                "WireProtocol", "LoopbackTestSupport",
            ]
        ),
        .testTarget(
            name: "LoadTestTests",
            dependencies: [
                "LoadTest", "ChecklistServer", "StoreFactory", "ChecklistStore", "WireProtocol", "Transport",
                "LoopbackTestSupport",
            ]
        ),
        .testTarget(
            name: "ChecklistServerTests",
            dependencies: [
                "ChecklistServer", "Transport", "WireProtocol", "ChecklistCore", "ChecklistStore", "StoreFactory",
                "ProductVersion",
                "LoopbackTestSupport", .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Boundaries the compiler enforces: a file sees only the members of the modules it imports
// itself, and an import is internal unless the file says `public import`. The C modules are
// imported `private` wherever a file's own declarations allow it, and `internal` only in the
// files whose internal API passes lws types (callbacks, write protocols): no C type leaves
// the target that wraps it.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
