import Dispatch
import Foundation

/// Blocks until SIGINT or SIGTERM arrives; the signals are handled on a dispatch queue
/// instead of in an async-signal context, so the shutdown code may do anything.
enum SignalWaiter {
    static func waitForTermination() {
        let received = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "checkwire.signals")
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { received.signal() }
            source.resume()
            sources.append(source)
        }
        received.wait()
        sources.forEach { $0.cancel() }
    }
}
