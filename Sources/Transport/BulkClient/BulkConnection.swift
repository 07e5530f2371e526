/// A client connection the engine frames itself (`ClientFraming.bulk`) over an lws raw
/// socket: the upgrade, the frame reader and the bytes waiting to be written.
/// Service-thread confined, owned by its `ClientSession`.
final class BulkConnection {
    let handshake = UpgradeHandshake()
    /// The raw socket, from RAW_CONNECTED on (the session's `wsi` is set only after the upgrade).
    var wsi: OpaquePointer?
    var responseHead: [UInt8] = []
    var isUpgraded = false
    var reader: ServerFrameReader
    /// Already framed bytes to write before any queued message: the upgrade request, pongs,
    /// the reply to the peer's close.
    var pendingWrites: [[UInt8]] = []
    /// The peer closed: write the reply, then drop the socket.
    var answeringClose = false

    init(maxMessageSize: Int) {
        reader = ServerFrameReader(maxMessageSize: maxMessageSize)
    }
}
