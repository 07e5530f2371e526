/// The close codes the server uses, documented in docs/protocol.md.
public enum WebSocketCloseCode {
    /// The server is shutting down; reconnect and resume with `since`.
    public static let goingAway: UInt16 = 1001
    /// Invalid UTF-8 in a text message.
    public static let invalidPayload: UInt16 = 1007
    /// A message over the size limit.
    public static let messageTooBig: UInt16 = 1009
    /// The client did not read its messages fast enough; its unsent bytes passed the bound.
    /// Reconnect and subscribe with the last `seq` seen to catch up by replay.
    public static let slowConsumer: UInt16 = 4008
}
