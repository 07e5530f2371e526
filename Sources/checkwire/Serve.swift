import ArgumentParser
import ChecklistServer
import Dispatch
import Foundation
import Logging

/// `checkwire serve`: runs the server until SIGINT or SIGTERM, then stops gracefully
/// (every queued edit commits and is acknowledged, sockets close with 1001) and exits 0.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Checkwire server (WebSocket API, web client, health check).")

    @OptionGroup var options: ServeOptions

    func run() throws {
        let level = try options.resolvedLogLevel()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let configuration = try options.serverConfiguration()
        let server = try ChecklistServer(configuration: configuration, logger: Logger(label: "checkwire"))
        let port = try server.start()
        let scheme = configuration.tlsCertificatePath == nil ? "http" : "https"
        let banner = "Checkwire listening on \(scheme)://\(configuration.host):\(port)/ (WebSocket at /ws, database \(configuration.databasePath))\n"
        FileHandle.standardOutput.write(Data(banner.utf8))
        SignalWaiter.waitForTermination()
        server.stop()
    }
}
