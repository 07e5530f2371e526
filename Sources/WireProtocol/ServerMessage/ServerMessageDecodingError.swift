/// A server message that cannot be read: not JSON, not an object, or without a field its type
/// cannot do without (an event's `seq`, an item's `id`). Unknown types and fields are not errors.
public struct ServerMessageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
