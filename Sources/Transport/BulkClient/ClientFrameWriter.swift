/// Frames a client sends: masked, as RFC 6455 §5.3 requires of every client frame.
enum ClientFrameWriter {
    /// One complete frame with `opcode` (0x1 text, 0x2 binary, 0x8 close, 0xA pong).
    static func frame(opcode: UInt8, payload: some Collection<UInt8>, mask: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes: [UInt8] = []
        let contiguous = Array(payload)
        contiguous.withUnsafeBufferPointer { append(opcode: opcode, payload: $0, mask: mask, to: &bytes) }
        return bytes
    }

    /// Appends one complete masked frame to `bytes`.
    ///
    /// Why appending: a connection with several messages queued sends them all in one
    /// `send` (see `WebSocketClient.writeBulk`), so the frames are built into one buffer.
    static func append(
        opcode: UInt8, payload: UnsafeBufferPointer<UInt8>, mask: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8]
    ) {
        let start = bytes.count
        let count = payload.count
        bytes.append(contentsOf: repeatElement(0, count: FrameHeader.maxCount + 4 + count))
        let used = withUnsafeBytes(of: mask) { key in
            bytes.withUnsafeMutableBufferPointer { buffer -> Int in
                let out = buffer.baseAddress! + start
                let headerCount = FrameHeader.write(opcode: opcode, count: count, masked: true, into: out)
                let body = out + headerCount + 4
                for index in 0..<4 { out[headerCount + index] = key[index] }
                guard let source = payload.baseAddress else { return headerCount + 4 }
                var index = 0
                while index < count {
                    body[index] = source[index] ^ key[index & 3]
                    index += 1
                }
                return headerCount + 4 + count
            }
        }
        bytes.removeLast(FrameHeader.maxCount + 4 + count - used)
    }

    /// A close frame's payload: the status code, big-endian, then the reason.
    static func closePayload(code: UInt16, reason: String) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }
}
