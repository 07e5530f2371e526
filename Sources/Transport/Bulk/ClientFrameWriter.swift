/// Frames a client sends: masked, as RFC 6455 §5.3 requires of every client frame.
enum ClientFrameWriter {
    /// One complete frame with `opcode` (0x1 text, 0x2 binary, 0x8 close, 0xA pong).
    static func frame(opcode: UInt8, payload: some Collection<UInt8>, mask: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        let count = payload.count
        var bytes = [UInt8](repeating: 0, count: FrameHeader.maxCount)
        let headerCount = bytes.withUnsafeMutableBufferPointer {
            FrameHeader.write(opcode: opcode, count: count, masked: true, into: $0.baseAddress!)
        }
        bytes.removeLast(FrameHeader.maxCount - headerCount)
        bytes.reserveCapacity(headerCount + 4 + count)
        let key = [mask.0, mask.1, mask.2, mask.3]
        bytes.append(contentsOf: key)
        var index = 0
        for byte in payload {
            bytes.append(byte ^ key[index & 3])
            index += 1
        }
        return bytes
    }

    /// A close frame's payload: the status code, big-endian, then the reason.
    static func closePayload(code: UInt16, reason: String) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }

    /// A random masking key (the spec asks for an unpredictable one).
    static func randomMask() -> (UInt8, UInt8, UInt8, UInt8) {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        return (UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
