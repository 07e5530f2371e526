private import CLibWebSockets

/// Splits one message into WebSocket frames: the first carries the opcode, the rest are
/// continuations, and all but the last have FIN cleared.
enum FragmentPlanner {
    static func frames(for bytes: [UInt8], binary: Bool, fragmentSize: Int) -> [OutboundFrame] {
        let opcode = binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT
        let size = max(1, fragmentSize)
        guard bytes.count > size else { return [OutboundFrame(bytes, writeProtocol: opcode)] }
        var frames: [OutboundFrame] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            var mode = start == 0 ? opcode.rawValue : LWS_WRITE_CONTINUATION.rawValue
            if end < bytes.count { mode |= LWS_WRITE_NO_FIN.rawValue }
            frames.append(OutboundFrame(bytes[start..<end], writeProtocol: lws_write_protocol(rawValue: mode)))
            start = end
        }
        return frames
    }
}
