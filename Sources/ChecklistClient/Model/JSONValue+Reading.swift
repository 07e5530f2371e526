import ChecklistCore
import WireProtocol

/// Lenient readers for the client's own files (queue, journal, refusals): what is absent or
/// ill-typed reads as unset. (The server's messages are read by `ServerMessage.decode`.)
extension JSONValue {
    func string(_ key: String) -> String? { self[key]?.stringValue }

    func timestamp(_ key: String) -> Timestamp? { string(key).flatMap(Timestamp.init(rfc3339:)) }
}
