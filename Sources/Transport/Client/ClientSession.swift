import DequeModule

/// The Swift-side state of one client connection, from `connect` until its final event.
/// Service-thread confined; lws knows only the id (the wsi's opaque user data).
final class ClientSession {
    let id: ConnectionID
    /// Set at LWS_CALLBACK_CLIENT_ESTABLISHED; nil while connecting.
    var wsi: OpaquePointer?
    var queue = FrameQueue()
    var assembler: MessageAssembler
    /// A close this side asked for, performed once the queue is written.
    var closeRequest: CloseRequest?
    /// The callback has returned -1 with the close reason: lws is sending the close frame.
    var closeFrameSent = false
    /// The close frame the peer sent, if any.
    var peerClose: CloseRequest?
    /// Set when this connection is framed by the engine itself (`ClientFraming.bulk`).
    var bulk: BulkConnection?

    init(id: ConnectionID, maxMessageSize: Int) {
        self.id = id
        assembler = MessageAssembler(maxMessageSize: maxMessageSize)
    }
}
