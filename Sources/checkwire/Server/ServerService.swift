import ChecklistServer
import Dispatch
import ServiceLifecycle

/// The server as a swift-service-lifecycle `Service`: it starts listening, reports the port,
/// waits for the group's graceful shutdown (SIGINT or SIGTERM), then stops — every queued edit
/// commits and is acknowledged, connections close with 1001.
struct ServerService: Service, CustomStringConvertible {
    let server: ChecklistServer
    let started: @Sendable (Int) -> Void

    var description: String { "checkwire" }

    func run() async throws {
        let port = try server.start()
        started(port)
        // Returns when the group shuts down gracefully; throws if it is cancelled instead.
        // Either way the server stops the same way.
        try? await gracefulShutdown()
        // `stop` waits (up to a few seconds) for the store and the service thread to drain:
        // it runs on its own thread rather than blocking one of the cooperative pool's.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                server.stop()
                done.resume()
            }
        }
    }
}
