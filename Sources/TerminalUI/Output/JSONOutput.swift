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

    public var text: String { value.description }
}
