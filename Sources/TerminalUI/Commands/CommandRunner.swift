import ChecklistClient
import Foundation
import WireProtocol

/// Runs one command's body and turns its outcome into an exit status, printing any failure
/// as one clear line on standard error ("checkwire: No checklist “CS 289”; …"), and under
/// `--json` as `{"ok":false,"error":{"code","message"}}` on standard output.
public enum CommandRunner {
    /// Exit statuses: 0 success; 1 the server refused or the input is wrong; 3 the server
    /// could not be reached (and nothing could be queued instead).
    public enum Status {
        public static let success: Int32 = 0
        public static let failure: Int32 = 1
        public static let unreachable: Int32 = 3
    }

    public static func run(json: Bool, _ body: (Console) async throws -> Void) async -> Int32 {
        let console = Console(json: json)
        do {
            try await body(console)
            return Status.success
        } catch {
            return report(error, console: console)
        }
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
