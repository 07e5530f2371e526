public import WireProtocol

/// A `--json` document: one compact JSON object per line on standard output.
public struct JSONOutput: Sendable {
    public let value: JSONValue

    public init(_ value: JSONValue) {
        self.value = value
    }

    public init(_ pairs: [(String, JSONValue)]) {
        value = .object(JSONObject(pairs))
    }

    /// A server reply as a command's result: without the protocol's envelope fields (`type`,
    /// `ref`), so the same kind of thing has one shape whichever command prints it, with
    /// `extra` fields first (`"ok": true`).
    public init(reply: JSONValue, _ extra: [(String, JSONValue)] = []) {
        value = .object(JSONObject(extra + Self.withoutEnvelope(reply)))
    }

    /// The pairs of `reply` but `type` and `ref`.
    public static func withoutEnvelope(_ reply: JSONValue) -> [(String, JSONValue)] {
        (reply.objectValue?.pairs ?? []).filter { !["type", "ref"].contains($0.key) }.map { ($0.key, $0.value) }
    }

    public var text: String { value.description }
}
