import ChecklistClient
import Dispatch
import Foundation
import WireProtocol

/// Runs one command's async body from a synchronous `run()` and turns its outcome into an
/// exit status, printing any failure as one clear line on standard error
/// ("checkwire: error notFound: no checklist with id … is shared with you").
///
/// Why block here: the terminal subcommands stay synchronous `ParsableCommand`s (the root is an
/// `AsyncParsableCommand` only so that `serve` can run swift-service-lifecycle); blocking the
/// main thread on a semaphore while the body runs on the cooperative pool is safe, since the
/// main thread is not part of it.
public enum CommandRunner {
    /// Exit statuses: 0 success; 1 the server refused or the input is wrong; 3 the server
    /// could not be reached (and nothing could be queued instead).
    public enum Status {
        public static let success: Int32 = 0
        public static let failure: Int32 = 1
        public static let unreachable: Int32 = 3
    }

    public static func run(json: Bool, _ body: @escaping @Sendable (Console) async throws -> Void) -> Int32 {
        let console = Console(json: json)
        let done = DispatchSemaphore(value: 0)
        let status = StatusBox()
        Task {
            do {
                try await body(console)
            } catch {
                status.value = report(error, console: console)
            }
            done.signal()
        }
        done.wait()
        return status.value
    }

    /// Prints `error` and returns the exit status it calls for.
    @discardableResult
    public static func report(_ error: any Error, console: Console) -> Int32 {
        let clientError = error as? ClientError
        let text = clientError?.description ?? (error is CancellationError ? "interrupted" : "\(error)")
        if console.json {
            var fields: [(String, JSONValue)] = [("message", .string(text))]
            if let code = clientError?.serverCode { fields.insert(("code", .string(code)), at: 0) }
            console.print(json: JSONOutput([("ok", false), ("error", .object(JSONObject(fields)))]))
        }
        console.note(console.errorPainter.red("checkwire: ") + text)
        return clientError?.isTransient == true ? Status.unreachable : Status.failure
    }
}

/// The exit status, written by the command's task before the semaphore is signalled and
/// read by the main thread after it.
// @unchecked Sendable: the semaphore orders the one write before the one read.
private final class StatusBox: @unchecked Sendable {
    var value = CommandRunner.Status.success
}
