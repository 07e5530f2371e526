import ChecklistClient
import Dispatch
import Foundation

/// `watch LIST [--follow] [--json]`.
extension TerminalCommands {
    /// How `watch` shows the list.
    public enum WatchMode: Sendable {
        /// Redrawn in place (needs a terminal; falls back to `follow` otherwise).
        case screen
        /// Printed once, then a line per change.
        case follow
        /// JSON Lines.
        case json
    }

    /// Follows the list live until Ctrl-C (SIGINT) or SIGTERM, which end it cleanly: the
    /// terminal is restored and the exit status is 0. It ends with an error only when
    /// retrying cannot help (revoked, logged out, no such checklist).
    public static func watch(list reference: String, mode: WatchMode, server: String?, console: Console) async throws {
        let configuration = try configuration(server: server)
        guard configuration.token != nil else { throw configuration.notLoggedIn }
        let output: any WatchOutput
        switch mode {
        case .json: output = JSONLinesPrinter(console: console)
        case .screen where console.capabilities.isTerminal:
            output = ScreenPresenter(painter: console.painter, timeZone: timeZone)
        case .screen, .follow: output = FollowPrinter(console: console, timeZone: timeZone)
        }
        let live = LiveList(configuration: configuration, list: reference) { output.show($0) }
        let task = Task { await live.run() }
        let stop = Interruption { task.cancel() }
        let failure = await task.value
        stop.cancel()
        // Let updates already queued reach the output before restoring the terminal.
        try? await Task.sleep(for: .milliseconds(60))
        output.finish()
        if let failure { throw ClientError.invalidInput(failure) }
    }
}

/// Calls `handler` once on SIGINT or SIGTERM, instead of the default of dying mid-frame.
// @unchecked Sendable: `sources` is written once in `init` and read once in `cancel`.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "checkwire.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
