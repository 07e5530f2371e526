internal import CLibWebSockets

/// Bytes to send, with `LWS_PRE` bytes of headroom already reserved in front of the payload.
///
/// Why a class with headroom: `lws_write` writes the WebSocket header into the `LWS_PRE` bytes
/// just before the payload. Reserving them once lets one encoding of an event be written to
/// every subscribed connection with no copy; the per-connection queues hold references.
/// The server does not mask, so the payload itself is never modified.
///
/// For example:
/// ```swift
/// let frame = OutboundFrame(text: Array(json.utf8))
/// for id in subscribers { server.send(frame, to: id) }
/// ```
// @unchecked Sendable: the payload is written once in `init` and never mutated afterwards.
// The only later writes are lws's frame header into the headroom, done by `lws_write` on the
// service thread of the server the frame is queued on; use a frame with one server at a time.
public final class OutboundFrame: @unchecked Sendable {
    /// `LWS_PRE` + payload, allocated once.
    private let storage: UnsafeMutablePointer<UInt8>

    /// Payload length in bytes (excluding headroom).
    public let count: Int

    /// The `lws_write_protocol` value to write this frame with (text, binary, or a fragment).
    let writeProtocol: lws_write_protocol

    /// A text frame. The bytes are sent as they are (the caller guarantees UTF-8).
    public convenience init(text bytes: some Collection<UInt8>) {
        self.init(bytes, writeProtocol: LWS_WRITE_TEXT)
    }

    /// A binary frame.
    public convenience init(binary bytes: some Collection<UInt8>) {
        self.init(bytes, writeProtocol: LWS_WRITE_BINARY)
    }

    init(_ bytes: some Collection<UInt8>, writeProtocol: lws_write_protocol) {
        let headroom = OutboundFrame.headroom
        let count = bytes.count
        self.count = count
        self.writeProtocol = writeProtocol
        storage = .allocate(capacity: headroom + count)
        storage.initialize(repeating: 0, count: headroom)
        let payload = UnsafeMutableBufferPointer(start: storage + headroom, count: count)
        let (_, copied) = payload.initialize(from: bytes)
        precondition(copied == count, "collection count changed while copying")
    }

    deinit {
        storage.deallocate()
    }

    /// The first payload byte; `LWS_PRE` writable bytes precede it.
    var payload: UnsafeMutablePointer<UInt8> { storage + OutboundFrame.headroom }

    /// A copy of the payload, for tests and logs (the hot path writes `payload` in place).
    public var payloadBytes: [UInt8] { Array(UnsafeBufferPointer(start: payload, count: count)) }

    static let headroom = Int(checkwire_lws_pre())
}

extension OutboundFrame {
    /// A whole close frame, header included, to be written raw (`LWS_WRITE_HTTP`): the code
    /// (big-endian), then the reason truncated to the 123 bytes a close frame can carry.
    ///
    /// Why raw: lws 4.1.6 keeps `LWS_WRITE_CLOSE` to itself (its header has no such value), and
    /// its own close path is the handshake `CloseRequest.withoutHandshake` avoids.
    convenience init(closeFrameFor request: CloseRequest) {
        let payload = [UInt8(request.code >> 8), UInt8(request.code & 0xFF)] + Array(request.reason.utf8.prefix(123))
        var header = [UInt8](repeating: 0, count: FrameHeader.maxCount)
        let headerCount = header.withUnsafeMutableBufferPointer { buffer in
            FrameHeader.write(opcode: 0x8, count: payload.count, masked: false, into: buffer.baseAddress!)
        }
        self.init(header.prefix(headerCount) + payload, writeProtocol: LWS_WRITE_HTTP)
    }
}
