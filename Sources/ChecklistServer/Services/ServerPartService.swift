import Foundation
public import ServiceLifecycle

/// One long-lived part of a running server — a thread or a loop — as a swift-service-lifecycle
/// `Service`. `ChecklistServer.start()` started it; `run()` holds it until its group shuts down
/// gracefully, then stops it, and returns once it has stopped.
///
/// Why a service per part: a `ServiceGroup` shuts its services down one at a time, each after
/// the one listed after it returned. Listed in the order they depend on each other
/// (`ChecklistServer.services`), the parts stop in the reverse: nothing stops while a part that
/// still needs it runs.
public struct ServerPartService: Service, CustomStringConvertible {
    public let description: String
    let stop: @Sendable () -> Void

    public func run() async {
        // Cancelled rather than shut down gracefully (another service failed): the part still
        // stops, so that the process never exits with an edit half done.
        try? await gracefulShutdown()
        // A part's stop waits (for the store's last batch, for the service thread): on a
        // thread of its own, not one of the cooperative pool's.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                stop()
                done.resume()
            }
            thread.name = "checkwire-stop"
            thread.start()
        }
    }
}
