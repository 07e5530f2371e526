import ArgumentParser
import ChecklistServer
import ChecklistStore
import StoreFactory
import Foundation
import Logging
import ServiceLifecycle
import Transport
import UnixSignals

/// `checkwire serve`: runs the server until SIGINT or SIGTERM, then stops gracefully
/// (every queued edit commits and is acknowledged, sockets close with 1001) and exits 0.
/// Start-up order and signal handling are swift-service-lifecycle's `ServiceGroup`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Checkwire server (WebSocket API, web client, health check).")

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let level = try options.resolvedLogLevel()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let configuration = try options.serverConfiguration()
        let storeConfiguration = try options.storeConfiguration()
        let logger = Logger(label: "checkwire")
        // Before the server's lws context exists: lws sizes its descriptor table from this.
        logger.info("file descriptors: the soft limit is \(FileLimit.raiseToHardLimit())")
        let server = try ChecklistServer(configuration: configuration, logger: logger) { encodeEvent in
            try openStore(storeConfiguration, encodeEvent: encodeEvent)
        }
        let scheme = configuration.tlsCertificatePath == nil ? "http" : "https"
        // The password of a PostgreSQL URL stays out of the banner.
        let database = (try? StoreKind(database: storeConfiguration.database))?.description ?? "?"
        let service = ServerService(server: server) { port in
            let banner =
                "Checkwire listening on \(scheme)://\(configuration.host):\(port)/ (WebSocket at /ws, database \(database))\n"
            FileHandle.standardOutput.write(Data(banner.utf8))
        }
        // Conformance tests only (scripts/autobahn.sh): an echo server on its own port.
        let echo = options.autobahnEcho.map(AutobahnEcho.init(port:))
        if let echo {
            let echoPort = try echo.server.start()
            logger.notice("Autobahn echo server on ws://\(configuration.host):\(echoPort)/autobahn (tests only)")
        }
        defer { echo?.server.stop() }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            ))
        try await group.run()
    }
}
