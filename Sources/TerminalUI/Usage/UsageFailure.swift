import Foundation
import WireProtocol

/// A command line that cannot be run as typed (an unknown command, a missing argument, a value
/// of the wrong kind): one message and exit status 1, as for any other bad input.
///
/// Under `--json` the message is also the object every failed command prints,
/// `{"ok":false,"error":{"code":"usage","message":…}}`, so a script reads one shape whatever
/// went wrong.
public enum UsageFailure {
    /// - Parameter message: the argument parser's text ("Error: Missing expected argument …",
    ///   then help and usage lines) or a sentence of our own.
    public static func report(_ message: String, json: Bool) -> Never {
        var lines = message.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").map(String.init)
        var first = lines.isEmpty ? "the command line could not be read" : lines.removeFirst()
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        if json {
            let error = JSONObject([("code", .string("usage")), ("message", .string(first))])
            StandardStreams.output(JSONOutput([("ok", false), ("error", .object(error))]).text + "\n")
        }
        let usage = lines.filter { $0.hasPrefix("Usage:") || $0.contains("for more information") }
        StandardStreams.error((["checkwire: " + first] + usage).joined(separator: "\n") + "\n")
        exit(CommandRunner.Status.failure)
    }
}
