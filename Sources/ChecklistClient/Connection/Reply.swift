public import WireProtocol

/// The direct reply to one request, matched by its `ref`.
///
/// `preceding` holds the replies with the same `ref` that came before the final one: for
/// `subscribe`, the `snapshot` (when the server sent one) ahead of `subscribed`.
public struct Reply: Sendable {
    public let message: JSONValue
    public let preceding: [JSONValue]

    public var type: String? { message["type"]?.stringValue }
}
