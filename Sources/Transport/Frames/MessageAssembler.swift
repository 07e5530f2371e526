/// Reassembles one connection's incoming message from lws RECEIVE chunks and enforces the
/// maximum message size over the whole message, however it is fragmented.
///
/// Why here and not in lws: `rx_buffer_size` is only the chunk size per callback, and lws has
/// no per-message limit. An oversized message is still read to its end (and discarded) so
/// the caller can then close with 1009 and the close handshake completes.
struct MessageAssembler {
    /// What one chunk completed.
    enum Outcome: Equatable {
        case incomplete
        case message(WebSocketMessage)
        /// The whole message has been read and it was larger than the limit.
        case tooBig
    }

    let maxMessageSize: Int
    private var buffer: [UInt8] = []
    private var isBinary = false
    private var isOversized = false

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    /// - Parameters:
    ///   - chunk: bytes lws delivered in one RECEIVE callback.
    ///   - isFirst: `lws_is_first_fragment`: this chunk starts a new message.
    ///   - isBinary: `lws_frame_is_binary`, read on the first chunk.
    ///   - isLast: `lws_is_final_fragment && lws_remaining_packet_payload == 0`.
    mutating func append(
        _ chunk: UnsafeRawBufferPointer, isFirst: Bool, isBinary: Bool, isLast: Bool
    ) -> Outcome {
        if isFirst {
            buffer = []
            isOversized = false
            self.isBinary = isBinary
            if isLast {
                // The common case, a single-chunk message: one allocation, no staging buffer.
                guard chunk.count <= maxMessageSize else { return .tooBig }
                return .message(makeMessage(Array(chunk)))
            }
        }
        if !isOversized {
            if buffer.count + chunk.count > maxMessageSize {
                isOversized = true
                buffer = []
            } else {
                buffer.append(contentsOf: chunk)
            }
        }
        guard isLast else { return .incomplete }
        defer {
            buffer = []  // release the storage: idle connections should hold none
            isOversized = false
        }
        return isOversized ? .tooBig : .message(makeMessage(buffer))
    }

    private func makeMessage(_ bytes: [UInt8]) -> WebSocketMessage {
        isBinary ? .binary(bytes) : .text(bytes)
    }
}
