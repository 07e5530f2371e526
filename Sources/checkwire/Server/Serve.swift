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
/// The server's parts run as services of a swift-service-lifecycle `ServiceGroup`, which
/// handles the signals and stops them in the reverse of the order they depend on each other
/// (`ChecklistServer.services`).
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
        // Conformance tests only (scripts/autobahn.sh): an echo server on its own port.
        let echo = options.autobahnEcho.map(AutobahnEcho.init(port:))
        if let echo {
            let echoPort = try echo.server.start()
            logger.notice("Autobahn echo server on ws://\(configuration.host):\(echoPort)/autobahn (tests only)")
        }
        defer { echo?.server.stop() }
        let port = try server.start()
        let banner = Banner(
            text:
                "Checkwire listening on \(scheme)://\(configuration.host):\(port)/ (WebSocket at /ws, database \(database))\n"
        )
        // Each part of the server a service: SIGTERM or SIGINT stops them in the reverse order.
        let services: [any Service] = [banner] + server.services
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            ))
        try await group.run()
    }
}

/// Prints the line that says the server listens once the group traps SIGTERM and SIGINT: a
/// supervisor (or a test) that stops the server as soon as it reads the line gets the graceful
/// stop, not the signal's default.
struct Banner: Service, CustomStringConvertible {
    let text: String

    var description: String { "banner" }

    func run() async {
        FileHandle.standardOutput.write(Data(text.utf8))
        try? await gracefulShutdown()
    }
}
